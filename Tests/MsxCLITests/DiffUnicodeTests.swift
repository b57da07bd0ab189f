import Foundation
import XCTest

/// `msx diff` on text beyond ASCII: a change never splits a grapheme (an emoji with its skin tone or ZWJ parts, a
/// flag, a letter with its combining marks), CJK is compared character by character, and text that differs only
/// in Unicode normalisation does not break the diff.
final class DiffUnicodeTests: DiffTestCase {
    /// One edit each: old paragraph, new paragraph, and the changed line as diff should print it (nil: any line
    /// that keeps graphemes whole).
    static let edits: [(old: String, new: String, line: String?)] = [
        ("She waved 👋🏽 and smiled.", "She waved 👋🏿 and smiled.", "¶1: She waved [-👋🏽-]{+👋🏿+} and smiled."),
        ("The family 👨‍👩‍👧 came too.", "The family 👨‍👩‍👦 came too.", "¶1: The family [-👨‍👩‍👧-]{+👨‍👩‍👦+} came too."),
        ("Hi👋🏽there, Mara.", "Hi👋🏿there, Mara.", nil),
        ("Flags: 🇫🇷 and 🇩🇪 flew.", "Flags: 🇫🇷 and 🇮🇹 flew.", "¶1: Flags: 🇫🇷 and [-🇩🇪-]{+🇮🇹+} flew."),
        ("Press 1️⃣ to start.", "Press 2️⃣ to start.", "¶1: Press [-1️⃣-]{+2️⃣+} to start."),
        ("東京の夜は静かだった。", "東京の朝は静かだった。", "¶1: 東京の[-夜-]{+朝+}は静かだった。"),
        ("x e\u{301} y and more words", "x e\u{300} y and more words", "¶1: x [-e\u{301}-]{+e\u{300}+} y and more words"),
        ("Zoe\u{308} said n\u{303}o.", "Zoe\u{308} said n\u{303}a.", nil),
        ("a\u{301}\u{328}b stays", "a\u{301}b stays", nil),
        ("नमस्ते दुनिया", "नमस्कार दुनिया", "¶1: [-नमस्ते-]{+नमस्कार+} दुनिया"),
        ("한국어 문장입니다", "한국말 문장입니다", nil),
    ]

    /// A folder outside any project holding `old.md` and `new.md` with one paragraph each.
    func writePair(_ old: String, _ new: String) throws -> URL {
        let folder = scratch.appendingPathComponent("pair-\(UUID().uuidString.prefix(6))", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try write(old + "\n", to: "old.md", in: folder)
        try write(new + "\n", to: "new.md", in: folder)
        return folder
    }

    /// Asserts every edit of every `modify`/`move` operation starts and ends on grapheme boundaries of its side.
    func assertWholeGraphemes(_ document: [String: Any], old: [String], new: [String], _ context: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        for operation in document["paragraphs"] as? [[String: Any]] ?? [] {
            guard let o = operation["oldParagraph"] as? Int, let n = operation["newParagraph"] as? Int,
                let edits = operation["edits"] as? [[String: Any]] else { continue }
            let oldCuts = DiffReplay.graphemeBoundaries(old[o]), newCuts = DiffReplay.graphemeBoundaries(new[n])
            for edit in edits {
                let offsets = [("oldStart", oldCuts), ("oldEnd", oldCuts), ("newStart", newCuts), ("newEnd", newCuts)]
                for (key, cuts) in offsets where !cuts.contains(edit[key] as? Int ?? -1) {
                    XCTFail("\(context): \(key) \(edit[key] ?? "nil") of \(edit) splits a grapheme", file: file, line: line)
                }
            }
        }
    }

    func testChangesNeverSplitAGrapheme() throws {
        for (old, new, expected) in Self.edits {
            let folder = try writePair(old, new)
            let result = try MsxRunner.run(["diff", "--files", "old.md", "new.md"], in: folder)
            assertExit(result, Self.status(of: ["--files"], reporting: !result.stdout.hasPrefix("No differences")))
            let changed = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("¶") }
            if let expected { XCTAssertEqual(changed, [expected], "\(old) -> \(new)") }
            let marked = markedSegments(result.stdout)
            XCTAssertFalse(marked.deleted.isEmpty || marked.inserted.isEmpty, "\(old) -> \(new): \(result.stdout)")
            for segment in marked.deleted { assertWholeGraphemes(of: segment, in: old, "\(old) -> \(new)") }
            for segment in marked.inserted { assertWholeGraphemes(of: segment, in: new, "\(old) -> \(new)") }
            let documents = try diffDocuments(["--files", "old.md", "new.md"], in: folder)
            XCTAssertEqual(documents.count, 1, "\(old) -> \(new)")
            if let document = documents.first {
                assertWholeGraphemes(document, old: [old], new: [new], "\(old) -> \(new)")
                let (texts, problems) = DiffReplay.rebuild(old: [old], operations: document["paragraphs"] as? [[String: Any]] ?? [])
                XCTAssertEqual(problems, [], "\(old) -> \(new)")
                XCTAssertTrue(DiffReplay.same(texts.first, new), "\(old) -> \(new): rebuilt \(texts)")
            }
        }
    }

    /// Asserts `segment` occurs in `text` starting and ending on grapheme boundaries (a marked change is made of
    /// whole graphemes).
    func assertWholeGraphemes(of segment: String, in text: String, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let hay = Array(text.utf16), needle = Array(segment.utf16), cuts = DiffReplay.graphemeBoundaries(text)
        let starts = stride(from: 0, through: hay.count - needle.count, by: 1).filter { Array(hay[$0..<$0 + needle.count]) == needle }
        XCTAssertTrue(starts.contains { cuts.contains($0) && cuts.contains($0 + needle.count) },
                      "\(context): '\(segment)' is not whole graphemes of '\(text)'", file: file, line: line)
    }

    func testCJKWordsAreCountedPerCharacter() throws {
        let folder = try writePair("灯台の光が消えた。", "灯台の灯が消えていた。")
        let document = try XCTUnwrap(try diffDocuments(["--files", "old.md", "new.md"], in: folder).first)
        XCTAssertEqual(Array(wordCounts(document).prefix(2)), [3, 1], "灯, て, い added; 光 removed")
    }

    /// Normalisation: an editor that saves in NFD (as some macOS tools do) turns `café` (U+00E9) into `cafe` +
    /// U+0301. The text reads the same; diff must not crash on it, and whatever it shows keeps graphemes whole.
    static let nfc = "The café was closed.", nfd = "The cafe\u{301} was closed."

    func testNormalisationOnlyChangeDoesNotBreakTheDiff() throws {
        let folder = try writePair(Self.nfc, Self.nfd)
        let files = try MsxRunner.run(["diff", "--files", "old.md", "new.md"], in: folder)
        assertExit(files, Self.status(of: ["--files"], reporting: !files.stdout.hasPrefix("No differences")))
        for segment in markedSegments(files.stdout).inserted { assertWholeGraphemes(of: segment, in: Self.nfd, "NFC -> NFD") }
        let book = try makeBook(lamp: "\(Self.nfc)\n\nNell watched it from the quay.\n")
        try reviseLamp("\(Self.nfd)\n\nNell watched it from the quay.\n", in: book)
        assertExit(try MsxRunner.run(["diff"], in: book.root), 0)
    }

    func testEditBesideANormalisationChangeReplays() throws {
        let book = try makeBook(lamp: "\(Self.nfc)\n\nNell watched it from the quay.\n")
        try reviseLamp("\(Self.nfd) Nobody came.\n\nNell watched it from the quay.\n", in: book)
        let result = try MsxRunner.run(["diff", "--json"], in: book.root)
        assertExit(result, 0)
        guard result.exitCode == 0 else { return }
        try assertReplays("Lamp", in: book.root)
    }
}
