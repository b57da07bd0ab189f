import Foundation
import MsxTestSupport
import XCTest

/// `msx blame REF` names, per paragraph, the version that last changed its words and, apart, the one
/// that last changed its formatting; checked against a model that applies the same edits and remembers both.
final class BlameTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// A paragraph of the model: its words, its alignment, and the versions (short ids) behind each.
    private struct Paragraph {
        var text: String
        var alignment: String?
        var words: String?
        var formatting: String?
        /// The last word cut by a round, to bring back in a later one.
        var gone: String?
        /// The text when the round began (nil for a paragraph typed in it): words cut and brought back in one round
        /// are no change.
        var atRoundStart: String?
    }

    private func blame(_ reference: String, in root: URL) throws -> [(text: String, words: String?, formatting: String?)] {
        let report = try expect(0, "blame", reference, "--json", in: root).json()
        return (report["paragraphs"] as? [[String: Any]] ?? []).map { p in
            (p["text"] as? String ?? "", (p["words"] as? [String: Any])?["short"] as? String,
             (p["formatting"] as? [String: Any])?["short"] as? String)
        }
    }

    private func snapshot(_ root: URL) throws -> String {
        let short = try expect(0, "snapshot", "--json", in: root).json()["short"] as? String
        return try XCTUnwrap(short)
    }

    func testBlameMatchesAModelOfRandomEdits() throws {
        var random = seededGenerator()
        let root = try makeProject()
        var words = 0
        func sentence() -> String {
            // Words as unlike one another as prose's (w1, w2, ... share so many characters that a cut paragraph and
            // the next read as one edited into the other).
            (0..<8).map { _ in words += 1; return ProseWords.word(words) }.joined(separator: " ") + "."
        }
        var model = (0..<5).map { _ in Paragraph(text: sentence()) }
        let id = try addDocument("Storm", model.map(\.text).joined(separator: "\n\n") + "\n", to: root).id
        let first = try snapshot(root)
        for i in model.indices { (model[i].words, model[i].formatting) = (first, first) }
        let path = "contents/draft/storm.md"
        var history: [String] = []
        // More versions than blame reads in one batch (32), so that the batches' seams are crossed.
        for round in 1...scaled(40) {
            history.append(model.map(\.text).joined(separator: " | "))
            for i in model.indices { model[i].atRoundStart = model[i].text }
            var touched = Set<Int>()
            var aligned: [(Int, String)] = []
            // A paragraph cut and a new one typed in one round may be read as that paragraph rewritten, its
            // formatting carried onto the new words (the anchoring tests cover that choice): a round does one or the
            // other, so the model knows where formatting is.
            var inserted = false, cut = false
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                switch Int.random(in: 0..<7, using: &random) {
                case 0 where !model.isEmpty:  // new words at the end of a paragraph
                    let i = Int.random(in: model.indices, using: &random)
                    words += 1
                    model[i].text = String(model[i].text.dropLast()) + " \(ProseWords.word(words))."
                    touched.insert(i)
                case 5 where !model.isEmpty:  // the last words cut, or brought back word for word
                    let i = Int.random(in: model.indices, using: &random)
                    if let gone = model[i].gone {
                        model[i].text = String(model[i].text.dropLast()) + " " + gone + "."
                        model[i].gone = nil
                    } else {
                        var kept = model[i].text.dropLast().split(separator: " ")
                        guard kept.count > 2 else { continue }
                        model[i].gone = String(kept.removeLast())
                        model[i].text = kept.joined(separator: " ") + "."
                    }
                    touched.insert(i)
                case 1 where !model.isEmpty:  // another alignment
                    let i = Int.random(in: model.indices, using: &random)
                    guard !aligned.contains(where: { $0.0 == i }) else { continue }
                    let value = model[i].alignment == "center" ? "right" : "center"
                    model[i].alignment = value
                    aligned.append((i, value))
                case 2 where !cut:  // a new paragraph
                    inserted = true
                    let i = Int.random(in: 0...model.count, using: &random)
                    model.insert(Paragraph(text: sentence()), at: i)
                    touched = Set(touched.map { $0 >= i ? $0 + 1 : $0 })
                    aligned = aligned.map { ($0.0 >= i ? $0.0 + 1 : $0.0, $0.1) }
                    touched.insert(i)
                case 3 where model.count > 2 && !inserted:  // a paragraph cut
                    let i = Int.random(in: model.indices, using: &random)
                    guard !aligned.contains(where: { $0.0 == i }) else { continue }
                    cut = true
                    model.remove(at: i)
                    touched = Set(touched.compactMap { $0 == i ? nil : $0 > i ? $0 - 1 : $0 })
                    aligned = aligned.map { ($0.0 > i ? $0.0 - 1 : $0.0, $0.1) }
                case 4 where model.count > 2:  // a paragraph moved elsewhere, its words and formatting as they were
                    let i = Int.random(in: model.indices, using: &random)
                    guard !touched.contains(i), !aligned.contains(where: { $0.0 == i }) else { continue }
                    let moved = model.remove(at: i)
                    let j = Int.random(in: 0...model.count, using: &random)
                    model.insert(moved, at: j)
                    func place(_ k: Int) -> Int {
                        let without = k > i ? k - 1 : k
                        return without >= j ? without + 1 : without
                    }
                    touched = Set(touched.map(place))
                    aligned = aligned.map { (place($0.0), $0.1) }
                default:
                    continue
                }
            }
            // The words as another editor writes them, then the formatting through msx (re-anchored onto them).
            try write(model.map(\.text).joined(separator: "\n\n") + "\n", to: path, in: root)
            for (i, value) in aligned { try expect(0, "format", id, "--paragraph", String(i + 1), "--align", value, in: root) }
            // A round of edits that all fell through changes nothing, and records nothing.
            guard let version = try expect(0, "snapshot", "--json", in: root).json()["short"] as? String else { continue }
            // Words added or a new paragraph: the words are this version's; a new paragraph's formatting too, and an
            // alignment set.
            for i in touched where model[i].text != model[i].atRoundStart { model[i].words = version }
            for i in model.indices where model[i].formatting == nil { model[i].formatting = version }
            for (i, _) in aligned { model[i].formatting = version }
            let blamed = try blame(id, in: root)
            XCTAssertEqual(blamed.map(\.text), model.map(\.text), "round \(round)")
            XCTAssertEqual(blamed.map(\.words), model.map(\.words), "words, round \(round)\n" + history.suffix(3).joined(separator: "\n"))
            XCTAssertEqual(blamed.map(\.formatting), model.map(\.formatting), "formatting, round \(round)")
        }
    }

    /// A new default font is a change of the project, not of a paragraph: neither the next version of the document
    /// nor today's files take it for their formatting, snapshotted or not.
    func testAChangedStyleSheetIsLaidOnNoParagraph() throws {
        let book = try makeBook()
        let root = book.root
        let first = String(try revision(in: root).prefix(7))
        let manifestURL = root.appendingPathComponent("manuscript.json")
        func setDefaultFont(_ font: String) throws {
            var manifest = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
            var defaults = manifest["defaults"] as? [String: Any] ?? [:]
            defaults["fontFamily"] = font
            manifest["defaults"] = defaults
            try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys]).write(to: manifestURL)
        }
        try setDefaultFont("Georgia")
        let unsnapshotted = try blame("Lamp", in: root)
        XCTAssertEqual(unsnapshotted.map(\.formatting), unsnapshotted.map { _ in first }, "today's new font, not yet snapshotted")
        _ = try snapshot(root)
        try write("The lamp burned all night long.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: root)
        let reworded = try snapshot(root)
        try setDefaultFont("Palatino")
        let today = try blame("Lamp", in: root)
        XCTAssertEqual(today.map(\.words), [reworded, first])
        XCTAssertEqual(today.map(\.formatting), [first, first], "the fonts were the project's changes, the words the writer's")
        let then = try blame("Lamp@\(reworded)", in: root)
        XCTAssertEqual(then.map(\.formatting), [first, first])
    }

    func testTodaysEditsAreNotSnapshottedAndAVersionIsBlamedAsItWas() throws {
        let book = try makeBook()
        let root = book.root
        let first = try revision(in: root).prefix(7)
        try write("The old lamp burned all night.\n\nNell watched it from the stone quay.\n", to: Book.lampPath, in: root)
        let second = try snapshot(root)
        try expect(0, "format", "Lamp", "--match", "old lamp", "--underline", in: root)
        let third = try snapshot(root)
        try expect(0, "rename", "Lamp", "The Lamp", in: root)
        try expect(0, "snapshot", in: root)
        try write("The old lamp burned all night.\n\nNell watched it from the stone quay.\n\nThen dawn.\n", to: "contents/draft/the-lamp.md", in: root)
        let today = try blame("The Lamp", in: root)
        XCTAssertEqual(today.map(\.words), [String(first), second, nil])
        XCTAssertEqual(today.map(\.formatting), [third, String(first), nil], "underlining is formatting, not words")
        let human = try expect(0, "blame", "The Lamp", in: root).stdout
        XCTAssertTrue(human.contains("   3  not snapshotted     not snapshotted     Then dawn."), human)
        XCTAssertTrue(human.hasPrefix("   ¶  words               formatting          text\n"), human)
        let then = try blame("The Lamp@\(second)", in: root)
        XCTAssertEqual(then.map(\.words), [String(first), second])
        XCTAssertEqual(then.map(\.formatting), [String(first), String(first)])
    }
}
