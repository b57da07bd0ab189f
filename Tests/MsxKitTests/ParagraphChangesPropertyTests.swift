import MsxTestSupport
import XCTest
@testable import MsxModel

/// A reviewer's version made from random edits of a random document (paragraphs deleted, typed, rewritten and
/// reformatted): taking its changes one at a time, in any order, ends exactly at the reviewer's version, and undoing
/// them one at a time ends exactly at the writer's. Each step takes exactly one change: the paragraphs outside it stay
/// as they were, and no paragraph is lost or doubled. The target of each run is the generator's, not msx's.
final class ParagraphChangesPropertyTests: SeededTestCase {
    private struct Paragraph: Equatable {
        var markdown: String
        var formatting: ParagraphFormatting
    }

    private func version(_ paragraphs: [Paragraph]) -> DocumentMerge.Version {
        let markdown = paragraphs.map(\.markdown).joined(separator: "\n\n") + "\n"
        var formatting = DocumentFormatting(paragraphCount: 0)
        let texts = MarkdownDocument(markdown).blocks.map(\.text)
        // A list item of two paragraphs is two blocks; the second carries no formatting.
        for paragraph in paragraphs {
            formatting.paragraphs.append(paragraph.formatting)
            let blocks = MarkdownDocument(paragraph.markdown + "\n").blocks.count
            formatting.paragraphs += Array(repeating: ParagraphFormatting(), count: max(0, blocks - 1))
        }
        let sidecar = formatting.sidecar(texts: texts)
        return DocumentMerge.Version(markdown: markdown, sidecar: sidecar.paragraphs.isEmpty ? nil : sidecar)
    }

    private func state(_ version: DocumentMerge.Version) -> (texts: [String], formatting: [ParagraphFormatting]) {
        let document = RichDocument(markdown: MarkdownDocument(version.markdown), sidecar: version.sidecar)
        return (document.paragraphTexts, document.formatting.paragraphs)
    }

    private func paragraph(_ generator: inout DocumentGenerator) -> Paragraph {
        let markdown = generator.markdown(paragraphs: 1).trimmingCharacters(in: .newlines)
        let text = MarkdownDocument(markdown + "\n").blocks.first?.text ?? ""
        return Paragraph(markdown: markdown, formatting: generator.formatting(for: [text]).paragraphs[0])
    }

    func testTakingOrUndoingEveryChangeInAnyOrderEndsAtTheOtherVersion() {
        var generator = DocumentGenerator(random: seededGenerator(2611))
        var (accepted, rejected, refused) = (0, 0, 0)
        let rounds = scaled(150)
        for round in 0..<rounds {
            let writer = (0..<Int.random(in: 1...9, using: &generator.random)).map { _ in paragraph(&generator) }
            var reviewer = writer
            for _ in 0..<Int.random(in: 1...4, using: &generator.random) {
                let at = Int.random(in: 0...reviewer.count, using: &generator.random)
                switch Int.random(in: 0..<4, using: &generator.random) {
                case 0 where at < reviewer.count: reviewer.remove(at: at)
                case 1 where at < reviewer.count: reviewer[at] = paragraph(&generator)
                case 2 where at < reviewer.count:
                    let text = MarkdownDocument(reviewer[at].markdown + "\n").blocks.first?.text ?? ""
                    reviewer[at].formatting = generator.formatting(for: [text]).paragraphs[0]
                default: reviewer.insert(paragraph(&generator), at: at)
                }
            }
            let (older, newer) = (version(writer), version(reviewer))
            let context = "round \(round)\nwriter \(older.markdown.debugDescription)\nreviewer \(newer.markdown.debugDescription)"
            for undoing in [false, true] {
                var current = undoing ? newer : older
                let target = state(undoing ? older : newer)
                var steps = 0
                while steps < 20 {
                    let changes = undoing ? ParagraphChanges(older: older, newer: current) : ParagraphChanges(older: current, newer: newer)
                    guard let change = changes.changes.randomElement(using: &generator.random) else { break }
                    let before = state(current)
                    let next: DocumentMerge.Version
                    do {
                        next = undoing ? try changes.undoing(change) : try changes.taking(change)
                    } catch {
                        refused += 1
                        break
                    }
                    // Exactly this change: the paragraphs around it as they were, the change's own from the other side.
                    let other = state(undoing ? older : newer)
                    let (mine, theirs) = undoing ? (change.new, change.old) : (change.old, change.new)
                    let expected = Array(before.texts[..<mine.lowerBound]) + other.texts[theirs] + before.texts[mine.upperBound...]
                    let expectedFormatting = Array(before.formatting[..<mine.lowerBound]) + other.formatting[theirs]
                        + before.formatting[mine.upperBound...]
                    let after = state(next)
                    XCTAssertEqual(after.texts, expected, "\(undoing ? "undoing" : "taking") \(change), \(context)")
                    XCTAssertEqual(after.formatting, expectedFormatting, "formatting, \(context)")
                    let left = undoing ? ParagraphChanges(older: older, newer: next) : ParagraphChanges(older: next, newer: newer)
                    XCTAssertLessThan(left.changes.count, changes.changes.count, "a change still there, \(context)")
                    current = next
                    steps += 1
                    if undoing { rejected += 1 } else { accepted += 1 }
                }
                guard ParagraphChanges(older: undoing ? older : current, newer: undoing ? current : newer).changes.isEmpty else { continue }
                let reached = state(current)
                XCTAssertEqual(reached.texts, target.texts, "\(undoing ? "undoing" : "taking") everything, \(context)")
                XCTAssertEqual(reached.formatting, target.formatting, "formatting after \(undoing ? "undoing" : "taking") everything, \(context)")
            }
        }
        print("paragraph changes: \(accepted) taken, \(rejected) undone, \(refused) refused as not separable")
        XCTAssertGreaterThan(accepted, rounds)
        XCTAssertLessThan(refused, rounds / 5, "too many changes refused")
    }

    /// A stale page or list: the fingerprint names what the change holds, so after the document changed it finds nothing.
    func testAFingerprintNamesOnlyTheChangeItWasTakenFrom() {
        let older = DocumentMerge.Version(markdown: "One.\n\nTwo.\n\nThree.\n", sidecar: nil)
        let newer = DocumentMerge.Version(markdown: "One.\n\nTwo, rewritten.\n\nThree.\n", sidecar: nil)
        let changes = ParagraphChanges(older: older, newer: newer)
        XCTAssertEqual(changes.changes.count, 1)
        let edited = DocumentMerge.Version(markdown: "One.\n\nTwo, edited meanwhile.\n\nThree.\n", sidecar: nil)
        XCTAssertNil(ParagraphChanges(older: edited, newer: newer).change(named: changes.changes[0].fingerprint))
        XCTAssertNotNil(ParagraphChanges(older: older, newer: newer).change(named: changes.changes[0].fingerprint))
    }
}
