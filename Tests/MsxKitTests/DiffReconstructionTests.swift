import MsxTestSupport
import XCTest
@testable import MsxActions
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

/// Applying the JSON diff's operations, given in the old document's coordinates, to the old version reproduces
/// the new version exactly: its text, every character attribute and every paragraph attribute.
final class DiffReconstructionTests: SeededTestCase {
    private let styles = StyleSheet(manifest: try! Manifest(json: "{\"formatVersion\": 1, \"id\": \"p\", \"binder\": [], \"styles\": {\"Epigraph\": {\"italic\": true, \"alignment\": \"right\"}}}"))

    func testOperationsRebuildTextAndEveryAttribute() throws {
        var generator = DocumentGenerator(random: seededGenerator(51))
        for iteration in 0..<scaled(150) {
            let oldMarkdown = generator.markdown(paragraphs: Int.random(in: 1...8, using: &generator.random))
            let oldDocument = MarkdownDocument(oldMarkdown)
            let oldFormatting = generator.formatting(for: oldDocument.blocks.map(\.text))
            let old = RichDocument(markdown: oldDocument, sidecar: oldFormatting.sidecar(texts: oldDocument.blocks.map(\.text)))
            let new = try revise(old, &generator)
            let oldParagraphs = old.resolved(with: styles), newParagraphs = new.resolved(with: styles)
            let diff = DocumentDiff(old: oldParagraphs, new: newParagraphs)
            XCTAssertTrue([diff.wordsAdded, diff.wordsRemoved, diff.wordsMoved].allSatisfy { $0 >= 0 }, "iteration \(iteration): word counts")
            // The words added and removed are those of the whole texts, whichever paragraphs were paired, split or joined.
            XCTAssertEqual([diff.wordsAdded, diff.wordsRemoved],
                           WordRuleModel.delta(oldParagraphs.map(\.text).joined(separator: "\n"), newParagraphs.map(\.text).joined(separator: "\n")),
                           "iteration \(iteration): words added and removed")
            // Each edit's text is its paragraph's at its range: the old one's, or the new one's for an insertion.
            for case .modify(let o, let n, let edits) in diff.operations {
                for edit in edits {
                    let expected = edit.kind == .insert ? newParagraphs[n].text.utf16Slice(edit.new.lowerBound, edit.new.upperBound)
                        : oldParagraphs[o].text.utf16Slice(edit.old.lowerBound, edit.old.upperBound)
                    XCTAssertEqual(Array(edit.text.utf8), Array(expected.utf8), "iteration \(iteration): \(edit)")
                }
            }
            let json = DiffJSON.value(diff, old: oldParagraphs.map(\.text), new: newParagraphs.map(\.text), newParagraphs: newParagraphs)
            // The streamed bytes are the general writer's, for the value the other reports take.
            let comparison = DocumentComparison(id: "d\(iteration)", title: "Chapter", path: "contents/c.md", binder: [], diff: diff,
                                                oldTexts: oldParagraphs.map(\.text), newTexts: newParagraphs.map(\.text),
                                                newParagraphs: newParagraphs)
            var streamed: [UInt8] = []
            DiffJSON.write(diff, old: comparison.oldTexts, new: comparison.newTexts, newParagraphs: newParagraphs,
                           fields: DiffJSON.fields(comparison)) { streamed += $0 }
            XCTAssertEqual(String(decoding: streamed, as: UTF8.self), JSONWriter.string(DiffJSON.value(comparison)), "iteration \(iteration)")
            let rebuilt = rebuild(json, from: oldParagraphs, count: newParagraphs.count)
            for (n, paragraph) in newParagraphs.enumerated() {
                XCTAssertEqual(rebuilt[n].text, paragraph.text, "iteration \(iteration) paragraph \(n): text")
                XCTAssertEqual(rebuilt[n].characters, perUnit(paragraph), "iteration \(iteration) paragraph \(n): character attributes")
                XCTAssertEqual(rebuilt[n].attributes, paragraph.attributes.only(Set(DocumentDiff.paragraphAttributes)),
                               "iteration \(iteration) paragraph \(n): paragraph attributes")
            }
        }
    }

    /// A writer's revision: words edited, paragraphs inserted, deleted, moved, split and joined, formatting added
    /// and removed.
    private func revise(_ document: RichDocument, _ g: inout DocumentGenerator) throws -> RichDocument {
        var blocks = document.markdown.sourceText.components(separatedBy: "\n\n")
        for _ in 0..<Int.random(in: 0...3, using: &g.random) {
            let i = Int.random(in: 0..<blocks.count, using: &g.random)
            switch Int.random(in: 0..<6, using: &g.random) {
            case 0: blocks[i] += " " + g.word()
            case 1: blocks.insert(g.inline(), at: i)
            case 2 where blocks.count > 1: blocks.remove(at: i)
            case 3 where blocks[i].contains(" "):
                // A split at a space: the paragraph becomes two.
                let spaces = blocks[i].indices.filter { blocks[i][$0] == " " }
                let at = spaces.randomElement(using: &g.random)!
                let (head, tail) = (String(blocks[i][..<at]), String(blocks[i][blocks[i].index(after: at)...]))
                blocks[i] = head
                blocks.insert(tail, at: i + 1)
            case 4 where i + 1 < blocks.count:
                blocks[i] += " " + blocks.remove(at: i + 1)
            default: blocks.swapAt(i, Int.random(in: 0..<blocks.count, using: &g.random))
            }
        }
        let markdown = MarkdownDocument(blocks.joined(separator: "\n\n"))
        var revised = RichDocument(markdown: markdown, sidecar: document.sidecar)
        let texts = revised.paragraphTexts
        for _ in 0..<Int.random(in: 0...3, using: &g.random) {
            guard let p = texts.indices.filter({ !texts[$0].isEmpty }).randomElement(using: &g.random) else { break }
            let length = texts[p].utf16.count
            let start = Int.random(in: 0..<length, using: &g.random)
            let range = texts[p].widenedToGraphemes(start..<min(length, start + Int.random(in: 1...12, using: &g.random)))
            let change = [
                FormatRequest(selection: .paragraphs(1...1), character: [.bold: true]),
                FormatRequest(selection: .paragraphs(1...1), character: [.italic: false]),
                FormatRequest(selection: .paragraphs(1...1), character: [.underline: "thick", .fontSize: 17]),
                FormatRequest(selection: .paragraphs(1...1), paragraph: [.alignment: "justified"]),
                FormatRequest(selection: .paragraphs(1...1), paragraph: [.style: "Epigraph"]),
            ].randomElement(using: &g.random)!
            var formatter = DocumentFormatter(document: revised, styles: styles)
            try formatter.apply(change, to: [(p, range)])
            revised = formatter.result
        }
        return revised
    }

    private struct Rebuilt {
        var text = ""
        var characters: [Attributes] = []
        var attributes: Attributes = [:]
    }

    private func rebuild(_ json: JSONValue, from old: [ResolvedParagraph], count: Int) -> [Rebuilt] {
        var result = [Rebuilt](repeating: Rebuilt(), count: count)
        var pieced = Set<Int>()
        func int(_ v: JSONValue?) -> Int { Int(v?.numberValue ?? -1) }
        func runs(_ value: JSONValue?, length: Int) -> [Attributes] {
            var units = [Attributes](repeating: [:], count: length)
            for run in value?.arrayValue ?? [] {
                for i in int(run["start"])..<int(run["end"]) { units[i] = Attributes(json: run["attributes"]?.objectValue ?? [:]) }
            }
            return units
        }
        for op in json["paragraphs"]?.arrayValue ?? [] {
            let n = int(op["newParagraph"])
            guard n >= 0 else { continue }
            switch op["op"]?.stringValue {
            case "insert":
                let text = op["text"]?.stringValue ?? ""
                result[n] = Rebuilt(text: text, characters: runs(op["runs"], length: text.utf16.count),
                                    attributes: Attributes(json: op["attributes"]?.objectValue ?? [:]).only(Set(DocumentDiff.paragraphAttributes)))
            case "equal":
                let o = old[int(op["oldParagraph"])]
                result[n] = Rebuilt(text: o.text, characters: perUnit(o), attributes: o.attributes.only(Set(DocumentDiff.paragraphAttributes)))
            default:
                let o = old[int(op["oldParagraph"])]
                let units = Array(o.text.utf16), oldCharacters = perUnit(o)
                var text: [UInt16] = []
                var characters: [Attributes] = []
                for edit in op["edits"]?.arrayValue ?? [] {
                    switch edit["op"]?.stringValue {
                    case "equal":
                        text += units[int(edit["oldStart"])..<int(edit["oldEnd"])]
                        characters += oldCharacters[int(edit["oldStart"])..<int(edit["oldEnd"])]
                    case "insert":
                        let inserted = Array((edit["text"]?.stringValue ?? "").utf16)
                        text += inserted
                        characters += runs(edit["runs"], length: inserted.count)
                    default: break
                    }
                }
                // The pieces of a joined paragraph follow one another; it takes its first piece's attributes.
                if pieced.insert(n).inserted {
                    result[n] = Rebuilt(text: String(decoding: text, as: UTF16.self), characters: characters,
                                        attributes: o.attributes.only(Set(DocumentDiff.paragraphAttributes)))
                } else {
                    result[n].text += String(decoding: text, as: UTF16.self)
                    result[n].characters += characters
                }
            }
        }
        for change in json["formatting"]?.arrayValue ?? [] {
            let n = int(change["newParagraph"]), key = AttributeKey(rawValue: change["attribute"]?.stringValue ?? "")
            for i in int(change["newStart"])..<int(change["newEnd"]) {
                result[n].characters[i][key] = change["after"] ?? .null
            }
        }
        for change in json["paragraphAttributes"]?.arrayValue ?? [] {
            let n = int(change["newParagraph"]), key = AttributeKey(rawValue: change["attribute"]?.stringValue ?? "")
            result[n].attributes[key] = change["after"] == .null ? nil : change["after"]
        }
        return result
    }

    private func perUnit(_ paragraph: ResolvedParagraph) -> [Attributes] {
        var units = [Attributes](repeating: [:], count: paragraph.text.utf16.count)
        for run in paragraph.runs { for i in run.range { units[i] = run.attributes } }
        return units
    }
}
