import Foundation
import MsxTestSupport
import XCTest

/// A formatting replay: a chapter revised forty times in an editor (words typed, cut and retyped, paragraphs split,
/// joined and moved), snapshotted after each revision, with 25 phrases formatted at the start. After every
/// revision, every phrase with a word left keeps its formatting on those words and on no word of another
/// phrase or of the surrounding text, and a phrase is reported dropped exactly when its last word goes.
///
/// The prose is the templates' own; the generator knows which words survive (typed words never repeat an old
/// one), so the oracle needs no diff.
final class RevisionReplayTests: MsxTestCase {
    private struct Word: Equatable {
        var text: String
        /// The phrase whose formatting this word carries from the start, if any (original words only).
        var phrase: Int?
        var original: Bool
    }

    func testFormattedPhrasesSurviveFortyRevisions() throws {
        var random = seededGenerator(4_111)
        var chapter = try prose()
        let root = try makeProject()
        let (_, path) = try addDocument("Chapter", text(chapter), to: root)
        // Phrases: two to four words of a paragraph, each text found once in the chapter.
        var phrases = 0
        var colours: [String] = []
        for attempt in 0..<400 where phrases < 25 {
            let p = Int.random(in: 0..<chapter.count, using: &random)
            guard chapter[p].count >= 6 else { continue }
            let count = Int.random(in: 2...4, using: &random)
            let first = Int.random(in: 0...(chapter[p].count - count), using: &random)
            guard chapter[p][first..<first + count].allSatisfy({ $0.phrase == nil }),
                  first == 0 || chapter[p][first - 1].phrase == nil, first + count == chapter[p].count || chapter[p][first + count].phrase == nil
            else { continue }
            let words = chapter[p][first..<first + count].map(\.text).joined(separator: " ")
            guard text(chapter).components(separatedBy: words).count == 2 else { continue }
            let colour = String(format: "#10%02X%02X", phrases, attempt % 256)
            try expect(0, "format", "Chapter", "--match", words, "--color", colour, in: root)
            for i in first..<first + count { chapter[p][i].phrase = phrases }
            phrases += 1
            colours.append(colour)
        }
        XCTAssertEqual(phrases, 25)
        try expect(0, "snapshot", "-m", "formatted", in: root)

        var typed = newWords(avoiding: Set(chapter.flatMap { $0.map(\.text) }))
        var alive = Set(colours.indices)
        var reportedDrops = 0, deaths = 0
        var extended = Set<Int>()
        for revision in 1...scaled(40) {
            var script: [String] = []
            for _ in 0..<Int.random(in: 2...8, using: &random) {
                script.append(edit(&chapter, &random, typed: &typed, extended: &extended))
            }
            try write(text(chapter), to: path, in: root)
            let shown = try expect(0, "show", "Chapter", "--as", "json", in: root).json()
            reportedDrops += (shown["warnings"] as? [String] ?? []).filter { $0.contains("was dropped") }.count
            let context = "revision \(revision): \(script)"
            let nowAlive = Set(chapter.flatMap { $0.compactMap(\.phrase) })
            // A phrase keeps its formatting exactly while it has words: its own, or words typed inside it, which
            // take its formatting (words typed just after it may too: typing at its end continues it).
            let formatted = Set(colouredWords(shown).compactMap { colours.firstIndex(of: $0) })
            XCTAssertTrue(nowAlive.isSubset(of: formatted), "phrases with words left lost their formatting: \(nowAlive.subtracting(formatted)); \(context)")
            XCTAssertTrue(formatted.subtracting(nowAlive).isSubset(of: extended), "phrases whose words are gone kept their formatting: \(formatted.subtracting(nowAlive)); \(context)")
            deaths += alive.subtracting(nowAlive).count
            XCTAssertGreaterThanOrEqual(reportedDrops, deaths - extended.count, "each phrase that lost its last word is reported; \(context)")
            alive = nowAlive
            try checkRuns(shown, chapter: chapter, colours: colours, context: context)
            try expect(0, "check", "--repair", in: root)
            try expect(0, "snapshot", "-m", "revision \(revision)", in: root)
        }
        XCTAssertGreaterThan(deaths, 0, "the revisions cut some phrases entirely")
        print("replay: \(chapter.count) paragraphs, \(chapter.reduce(0) { $0 + $1.count }) words; \(deaths) phrases lost their last word; \(alive.count) of \(colours.count) phrases still have words after \(scaled(40)) revisions; \(reportedDrops) reported dropped")
    }

    /// The colours on letters of `show --as json` (a colour left on a space alone formats nothing a reader sees).
    private func colouredWords(_ shown: [String: Any]) -> [String] {
        (shown["paragraphs"] as? [[String: Any]] ?? []).flatMap { paragraph in
            (paragraph["runs"] as? [[String: Any]] ?? []).compactMap { run in
                guard let text = run["text"] as? String, text.contains(where: { $0.isLetter }) else { return nil }
                return (run["attributes"] as? [String: Any])?["foregroundColor"] as? String
            }
        }
    }

    /// Every surviving phrase word carries its phrase's colour, and a colour is on no word of another phrase or of
    /// the original text around it (typed words inside a phrase may carry it).
    private func checkRuns(_ shown: [String: Any], chapter: [[Word]], colours: [String], context: String) throws {
        let paragraphs = shown["paragraphs"] as? [[String: Any]] ?? []
        XCTAssertEqual(paragraphs.count, chapter.count, context)
        for (p, paragraph) in paragraphs.enumerated() where p < chapter.count {
            var colourAt: [Int: String] = [:]
            for run in paragraph["runs"] as? [[String: Any]] ?? [] {
                guard let colour = (run["attributes"] as? [String: Any])?["foregroundColor"] as? String,
                      let start = run["start"] as? Int, let end = run["end"] as? Int else { continue }
                for i in start..<end { colourAt[i] = colour }
            }
            var offset = 0
            for word in chapter[p] {
                let length = word.text.utf16.count
                let found = Set((offset..<offset + length).compactMap { colourAt[$0] })
                if let phrase = word.phrase {
                    XCTAssertEqual(found, [colours[phrase]], "'\(word.text)' (phrase \(phrase)) in paragraph \(p); \(context)")
                } else if word.original {
                    XCTAssertEqual(found, [], "'\(word.text)' in paragraph \(p) took formatting it never had; \(context)")
                }
                offset += length + 1
            }
        }
    }

    // MARK: The chapter

    /// The prose paragraphs of the templates' drafts, as plain words (no Markdown markup).
    private func prose() throws -> [[Word]] {
        let templates = MsxRunner.packageRoot.appendingPathComponent("templates")
        let files = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "md" && $0.path.contains("/draft/") }
            .sorted { $0.path < $1.path }
        var paragraphs: [[Word]] = []
        for file in files {
            for block in try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n\n") {
                let words = block.replacingOccurrences(of: "\n", with: " ").split(separator: " ").map { word in
                    String(word.unicodeScalars.filter { !"*_`[]#>|\\<".unicodeScalars.contains($0) })
                }.filter { !$0.isEmpty && $0 != "-" && $0 != "—" }
                guard words.count >= 8, !words[0].allSatisfy({ $0.isNumber }), !words[0].hasSuffix(".") || words[0].count > 2 else { continue }
                paragraphs.append(words.map { Word(text: $0, phrase: nil, original: true) })
            }
        }
        return paragraphs
    }

    private func text(_ chapter: [[Word]]) -> String {
        chapter.map { $0.map(\.text).joined(separator: " ") }.joined(separator: "\n\n") + "\n"
    }

    /// Words a writer might type that the chapter does not hold, each used once.
    private func newWords(avoiding taken: Set<String>) -> [String] {
        let stems = ["quiet", "salt", "weather", "cinder", "harrow", "ember", "lattice", "murmur", "pewter", "quill",
                     "rime", "sorrel", "thistle", "umber", "vellum", "wicket", "yarrow", "zephyr", "bramble", "copper"]
        var words: [String] = []
        for suffix in ["", "s", "ed", "ing", "ly", "ness", "ful", "less", "er", "ish"] {
            for stem in stems where !taken.contains(stem + suffix) { words.append(stem + suffix) }
        }
        return words.reversed()
    }

    /// One revision step, as a writer makes it in an editor; names it.
    /// Words typed strictly inside a phrase join it; a phrase that words were typed just after may continue on them
    /// (`extended`).
    private func edit(_ chapter: inout [[Word]], _ random: inout SeededGenerator, typed: inout [String],
                      extended: inout Set<Int>) -> String {
        let p = Int.random(in: 0..<chapter.count, using: &random)
        let count = chapter[p].count
        func newWords(_ n: Int, before: Word?, after: Word?) -> [Word] {
            let inside = before?.phrase != nil && before?.phrase == after?.phrase ? before?.phrase : nil
            if inside == nil, let phrase = before?.phrase { extended.insert(phrase) }
            return (0..<n).compactMap { _ in typed.popLast().map { Word(text: $0, phrase: inside, original: false) } }
        }
        switch Int.random(in: 0..<7, using: &random) {
        case 0:
            let at = Int.random(in: 0...count, using: &random)
            let words = newWords(Int.random(in: 1...5, using: &random), before: at > 0 ? chapter[p][at - 1] : nil,
                                 after: at < count ? chapter[p][at] : nil)
            chapter[p].insert(contentsOf: words, at: at)
            return "type words in \(p) at \(at)"
        case 1 where count > 6:
            let first = Int.random(in: 0..<count - 1, using: &random)
            let last = min(count, first + Int.random(in: 1...10, using: &random))
            chapter[p].removeSubrange(first..<last)
            return "cut \(p):\(first)..<\(last)"
        case 2 where count > 3:
            let first = Int.random(in: 0..<count, using: &random)
            let last = min(count, first + Int.random(in: 1...3, using: &random))
            let before = first > 0 ? chapter[p][first - 1] : nil
            // Retyping a phrase's last words continues it (as typing at its end does).
            let after = last < count ? chapter[p][last] : chapter[p][last - 1].phrase == before?.phrase ? before : nil
            chapter[p].replaceSubrange(first..<last, with: newWords(Int.random(in: 1...3, using: &random), before: before, after: after))
            return "retype \(p):\(first)..<\(last)"
        case 3 where count > 10:
            let at = Int.random(in: 4...count - 4, using: &random)
            let second = Array(chapter[p][at...])
            chapter[p].removeSubrange(at...)
            chapter.insert(second, at: p + 1)
            return "split \(p) at \(at)"
        case 4 where p + 1 < chapter.count && chapter[p].count + chapter[p + 1].count < 200:
            chapter[p] += chapter.remove(at: p + 1)
            return "join \(p) and \(p + 1)"
        case 5 where chapter.count > 2:
            let moved = chapter.remove(at: p)
            let to = Int.random(in: 0...chapter.count, using: &random)
            chapter.insert(moved, at: to)
            return "move \(p) to \(to)"
        default:
            return "nothing"
        }
    }
}
