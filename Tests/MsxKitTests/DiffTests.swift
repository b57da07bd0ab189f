import MsxTestSupport
import XCTest
@testable import MsxActions
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

final class DiffTests: SeededTestCase {
    private let styles = StyleSheet(manifest: try! Manifest(json: "{\"formatVersion\": 1, \"id\": \"p\", \"binder\": []}"))

    private func diff(_ old: String, _ new: String, oldSidecar: Sidecar? = nil, newSidecar: Sidecar? = nil) -> DocumentDiff {
        DocumentDiff(old: richDocument(old, sidecar: oldSidecar).resolved(with: styles),
                     new: richDocument(new, sidecar: newSidecar).resolved(with: styles))
    }

    private func described(_ old: String, _ new: String) -> [String] {
        let d = diff(old, new)
        return DiffText.render(d, old: MarkdownDocument(old).blocks.map(\.text), new: MarkdownDocument(new).blocks.map(\.text)) { t, _ in t }
    }

    func testAWordChangedInsideABoldRunIsATextChangeOnly() {
        XCTAssertEqual(described("The **dark storm** came.\n", "The **grey storm** came.\n"), ["¶1: The [-dark-]{+grey+} storm came."])
    }

    func testBoldExtendedByOneWordIsNamedAsFormatting() {
        XCTAssertEqual(described("Then **the storm** came.\n", "Then **the storm came**.\n"), ["formatting: bold added: 'came' (paragraph 1)"])
    }

    func testRewrappingIsNoChange() {
        XCTAssertTrue(diff("One two three\nfour five.\n", "One two\nthree four five.\n").isEmpty)
        XCTAssertTrue(diff("A *b* c.\n", "A _b_ c.\n").isEmpty)
    }

    func testParagraphSplitAndJoin() {
        let old = "The storm came. The lamp went dark.\n", new = "The storm came.\n\nThe lamp went dark.\n"
        let split = diff(old, new)
        XCTAssertEqual(split.structure, [.init(kind: .split, oldParagraphs: [0], newParagraphs: [0, 1])])
        XCTAssertEqual([split.wordsAdded, split.wordsRemoved], [0, 0], "a split changes no word")
        XCTAssertEqual(described(old, new).last, "structure: paragraph 1 split in two (now paragraphs 1-2)")
        let joined = diff(new, old)
        XCTAssertEqual(joined.structure, [.init(kind: .join, oldParagraphs: [0, 1], newParagraphs: [0])])
        XCTAssertEqual([joined.wordsAdded, joined.wordsRemoved], [0, 0])
        XCTAssertEqual(described(new, old).last, "structure: paragraphs 1-2 joined (now paragraph 1)")
        // Split and lightly edited: the edit is counted, the split is not.
        let edited = diff("Nell ran to the quay. The lamp on the point was dark and still.\n",
                          "Nell ran to the quay.\n\nThe lamp on the point was cold and still.\n")
        XCTAssertEqual(edited.structure.map(\.kind), [.split])
        XCTAssertEqual([edited.wordsAdded, edited.wordsRemoved], [1, 1])
        // A new paragraph written after an edited one is not a split.
        let added = diff("Nell ran to the quay.\n", "Nell ran to the old quay.\n\nA wholly new paragraph of other words.\n")
        XCTAssertTrue(added.structure.isEmpty)
    }

    func testAMovedSentenceIsAMove() {
        let within = diff("The lamp went dark that night. Nell ran down to the quay. Nobody followed her.\n",
                          "Nell ran down to the quay. The lamp went dark that night. Nobody followed her.\n")
        XCTAssertEqual(within.sentenceMoves.count, 1)
        XCTAssertEqual([within.wordsAdded, within.wordsRemoved], [0, 0])
        XCTAssertGreaterThan(within.wordsMoved, 0)
        let across = diff("Nell ran down to the quay. The lamp went dark that night.\n\nNobody followed her there.\n",
                          "Nell ran down to the quay.\n\nNobody followed her there. The lamp went dark that night.\n")
        XCTAssertEqual(across.sentenceMoves.map(\.text), ["The lamp went dark that night."])
        XCTAssertEqual(across.sentenceMoves.map { [$0.oldParagraph, $0.newParagraph] }, [[0, 1]])
        XCTAssertEqual([across.wordsAdded, across.wordsRemoved, across.wordsMoved], [0, 0, 6])
        let lines = DiffDescription.structure(across)
        XCTAssertEqual(lines, ["sentence moved from old paragraph 1 to paragraph 2: 'The lamp went dark that night.'"])
    }

    func testAMovedParagraphIsAMove() {
        let d = diff("Alpha one two three.\n\nBeta four five six.\n\nGamma seven eight nine.\n",
                     "Beta four five six.\n\nGamma seven eight nine.\n\nAlpha one two three.\n")
        XCTAssertEqual(d.wordsAdded, 0)
        XCTAssertEqual(d.wordsRemoved, 0)
        XCTAssertTrue(d.operations.contains { if case .move = $0 { return true } else { return false } })
    }

    func testHeadingDemotedAndChecklistChecked() {
        XCTAssertEqual(described("## Title\n", "### Title\n"), ["formatting: heading level 2 -> 3 (paragraph 1)"])
        XCTAssertEqual(described("- [ ] Buy rope\n", "- [x] Buy rope\n"), ["formatting: checklist unchecked -> checked (paragraph 1)"])
    }

    func testUnicodeIsNeverSplit() {
        XCTAssertEqual(described("日本語の文。\n", "日本人の文。\n"), ["¶1: 日本[-語-]{+人+}の文。"])
        XCTAssertEqual(described("Nice 👍🏽 work\n", "Nice 👍🏿 work\n"), ["¶1: Nice [-👍🏽-]{+👍🏿+} work"])
        XCTAssertEqual(described("cafe\u{301} noir\n", "cafe\u{301} blanc\n"), ["¶1: cafe\u{301} [-noir-]{+blanc+}"])
    }

    func testSidecarFormattingChangesAreNamed() {
        var formatting = DocumentFormatting(paragraphCount: 1)
        formatting.paragraphs[0].set([.underline: "double"], over: 4..<9)
        let sidecar = formatting.sidecar(texts: ["The storm came."])
        let d = diff("The storm came.\n", "The storm came.\n", newSidecar: sidecar)
        XCTAssertEqual(DiffDescription.formatting(d, newTexts: ["The storm came."]), ["underline double added: 'storm' (paragraph 1)"])
    }

    func testEveryUnitRebuildsTheNewText() {
        let old = "The storm came at night. The lamp went dark. Nobody saw 👍🏽.", new = "The storm came at dawn. The lamp went dark. Everybody saw 👍🏿."
        let expected = ["¶1: The storm came at [-night-]{+dawn+}. The lamp went dark. [-Nobody-]{+Everybody+} saw [-👍🏽-]{+👍🏿+}.",
                        "¶1: [-The storm came at night.-]{+The storm came at dawn.+} The lamp went dark. [-Nobody saw 👍🏽.-]{+Everybody saw 👍🏿.+}"]
        for (i, unit) in DiffUnit.allCases.enumerated() {
            let edits = WordDiff.edits(old, new, by: unit)
            let oldUnits = Array(old.utf16)
            let rebuilt = edits.map { e in e.kind == .equal ? String(decoding: oldUnits[e.old], as: UTF16.self) : e.kind == .insert ? e.text : "" }.joined()
            XCTAssertEqual(rebuilt, new, "\(unit)")
            if i < expected.count {
                let d = DocumentDiff(old: richDocument(old + "\n").resolved(with: styles), new: richDocument(new + "\n").resolved(with: styles), by: unit)
                XCTAssertEqual(DiffText.render(d, old: [old], new: [new]) { t, _ in t }, [expected[i]])
            }
        }
    }

    /// Applying the operations, in the old document's coordinates, to the old text gives the new text.
    func testOperationsRebuildTheNewText() throws {
        var generator = DocumentGenerator(random: seededGenerator(41))
        for iteration in 0..<scaled(200) {
            let old = generator.markdown(paragraphs: Int.random(in: 1...10, using: &generator.random))
            var paragraphs = old.components(separatedBy: "\n\n")
            for _ in 0..<Int.random(in: 1...5, using: &generator.random) {
                let i = Int.random(in: 0..<paragraphs.count, using: &generator.random)
                switch Int.random(in: 0..<5, using: &generator.random) {
                case 0: paragraphs[i] += " " + generator.word()
                case 1: paragraphs.insert(generator.inline(), at: i)
                case 2 where paragraphs.count > 1: paragraphs.remove(at: i)
                case 3: paragraphs.swapAt(i, Int.random(in: 0..<paragraphs.count, using: &generator.random))
                default: paragraphs[i] = paragraphs[i].replacingOccurrences(of: "the", with: "a")
                }
            }
            let new = paragraphs.joined(separator: "\n\n")
            let oldTexts = MarkdownDocument(old).blocks.map(\.text), newTexts = MarkdownDocument(new).blocks.map(\.text)
            let d = diff(old, new)
            let json = DiffJSON.value(d, old: oldTexts, new: newTexts)
            var rebuilt: [Int: String] = [:]
            for op in json["paragraphs"]?.arrayValue ?? [] {
                guard let index = op["newParagraph"]?.numberValue.map(Int.init) else { continue }
                switch op["op"]?.stringValue {
                case "equal": rebuilt[index] = oldTexts[Int(op["oldParagraph"]!.numberValue!)]
                case "insert": rebuilt[index] = op["text"]?.stringValue
                default:
                    let oldText = Array(oldTexts[Int(op["oldParagraph"]!.numberValue!)].utf16)
                    var text: [UInt16] = []
                    for edit in op["edits"]?.arrayValue ?? [] {
                        switch edit["op"]?.stringValue {
                        case "equal": text += oldText[Int(edit["oldStart"]!.numberValue!)..<Int(edit["oldEnd"]!.numberValue!)]
                        case "insert": text += Array(edit["text"]!.stringValue!.utf16)
                        default: break
                        }
                    }
                    // A joined new paragraph is built by consecutive pieces, each going on where the last stopped.
                    rebuilt[index, default: ""] += String(decoding: text, as: UTF16.self)
                }
            }
            XCTAssertEqual(newTexts.indices.map { rebuilt[$0] ?? "<missing>" }, newTexts, "iteration \(iteration)")
        }
    }
}
