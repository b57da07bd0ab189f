import Foundation
import MsxTestSupport
import XCTest

/// `msx search TEXT [--history] [--regex]` finds text in today's documents and, with --history,
/// the versions that added or removed it; checked against `git log -S` on the same repository.
final class SearchTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    func testTodaysDocumentsAreSearchedAsAReaderSeesThem() throws {
        let root = try makeProject()
        try addDocument("Storm", "It was *dark* and cold.\n\nThe Lamp room was cold.\n", to: root)
        let json = try expect(0, "search", "dark and cold", "--json", in: root).json()
        let matches = json["matches"] as? [[String: Any]] ?? []
        XCTAssertEqual(matches.map { $0["title"] as? String }, ["Storm"])
        XCTAssertEqual(matches.first?["paragraph"] as? Int, 0)
        XCTAssertEqual((matches.first?["ranges"] as? [[String: Int]])?.first, ["start": 7, "end": 20])
        XCTAssertEqual(try expect(0, "search", "cold", "--json", in: root).json()["matches"].map { ($0 as? [Any])?.count }, 2)
        let human = try expect(0, "search", "-i", "lamp ROOM", in: root).stdout
        XCTAssertEqual(human, "contents/draft/storm.md:2: The Lamp room was cold.\n")
        XCTAssertEqual(try expect(0, "search", "--regex", "\\bc[o]ld\\b", "--json", in: root).json()["matches"].map { ($0 as? [Any])?.count }, 2)
        try expect(1, "search", "nowhere", in: root)
        let bad = try expect(64, "search", "--regex", "(unclosed", in: root)
        XCTAssertTrue(bad.stderr.contains("regular expression"), bad.stderr)
    }

    /// On a terminal each match is painted, and only the match: after characters of one to four UTF-8 bytes, a
    /// surrogate pair, an accent written apart, and a match right after another; with the colour taken out the
    /// lines are the ones a pipe gets. A regular expression's matches are painted alike.
    func testMatchesArePaintedWhereTheyAreOnATerminal() throws {
        let root = try makeProject()
        try addDocument("Signs", "🙂 The lamp, 日本 lamp and cafe\u{301} lamp🙂lamplamp.\n\nNo match here.\n", to: root)
        for arguments in [["search", "lamp"], ["search", "--regex", "l[a]mp"]] {
            let painted = try runOnTerminal(arguments, in: root)
            let marked = try NSRegularExpression(pattern: "\u{1B}\\[1;31m(.*?)\u{1B}\\[0m")
            let found = marked.matches(in: painted, range: NSRange(painted.startIndex..., in: painted))
                .map { String(painted[Range($0.range(at: 1), in: painted)!]) }
            XCTAssertEqual(found, ["lamp", "lamp", "lamp", "lamp", "lamp"], "\(arguments): \(painted.debugDescription)")
            let plain = painted.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            XCTAssertEqual(plain, try expect(0, arguments, in: root).stdout, "\(arguments)")
        }
    }

    /// Search keeps each document's paragraph texts in `.msx/cache/texts`; what it finds with them is what it finds
    /// parsing every document afresh (the cache removed before each run), both ways: no match lost, none invented or
    /// doubled. Between searches, documents are edited by hand (a word swapped for another of the same length, so
    /// that size alone cannot tell), and the cache's files are damaged (a matching phrase changed inside an entry, a
    /// file cut short, another file's entries copied over one); a file that is none of the cache's is removed.
    func testSearchFromItsCacheFindsWhatAFreshReadingFinds() throws {
        var random = seededGenerator()
        let root = try makeProject()
        let cache = root.appendingPathComponent(".msx/cache/texts")
        var documents: [(id: String, path: String)] = []
        for n in 0..<24 {
            let paragraphs = (0..<8).map { i in
                ["The *lamp* room was cold.", "Nothing here but rope.", "A lamp room, a lamp room.", "- lamp room\n- rope",
                 "> the lamp room", "# Lamp room \(i)", "Plain words, \(i)."].randomElement(using: &random)!
            }
            documents.append(try addDocument("Scene \(n)", paragraphs.joined(separator: "\n\n") + "\n", to: root))
        }
        func assertSearchesAgree(_ step: String) throws {
            let cached = try runMsx(["search", "lamp room", "--json"], in: root, stdin: nil, env: [:])
            let kept = try FileManager.default.contentsOfDirectory(atPath: cache.path)
            let copy = scratch.appendingPathComponent("kept-texts")
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: cache, to: copy)
            try FileManager.default.removeItem(at: cache)
            let fresh = try runMsx(["search", "lamp room", "--json"], in: root, stdin: nil, env: [:])
            try FileManager.default.removeItem(at: cache)
            try FileManager.default.moveItem(at: copy, to: cache)
            XCTAssertEqual(cached.exitCode, fresh.exitCode, step)
            XCTAssertEqual(cached.stdout, fresh.stdout, step)
            XCTAssertFalse(kept.isEmpty, step)
        }
        try expect(0, "search", "lamp room", in: root)
        try assertSearchesAgree("first search")
        for round in 0..<16 {
            let (id, path) = documents.randomElement(using: &random)!
            let file = cache.appendingPathComponent(String(id.prefix(1)))
            switch round % 4 {
            case 0:
                let url = root.appendingPathComponent(path)
                let text = try String(contentsOf: url, encoding: .utf8)
                let swapped = text.contains("lamp") ? text.replacingOccurrences(of: "lamp", with: "damp") : text.replacingOccurrences(of: "rope", with: "lamp")
                try swapped.write(to: url, atomically: false, encoding: .utf8)
            case 1:
                guard var bytes = try? Data(contentsOf: file), let at = bytes.firstRange(of: Data("lamp room".utf8)) else { continue }
                bytes.replaceSubrange(at, with: Data("lamp rook".utf8))
                try bytes.write(to: file)
            case 2:
                guard let bytes = try? Data(contentsOf: file) else { continue }
                try bytes.prefix(bytes.count / 2).write(to: file)
            default:
                let other = cache.appendingPathComponent(String(documents.randomElement(using: &random)!.id.prefix(1)))
                guard other != file, let bytes = try? Data(contentsOf: other) else { continue }
                try bytes.write(to: file)
            }
            try assertSearchesAgree("round \(round)")
        }
        let stray = cache.appendingPathComponent("0123456789ab")
        try Data("not an entry".utf8).write(to: stray)
        try "a new lamp room\n".write(to: root.appendingPathComponent(documents[0].path), atomically: false, encoding: .utf8)
        try assertSearchesAgree("stray file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stray.path), "a file that is none of the cache's is removed")
        XCTAssertLessThanOrEqual(try FileManager.default.contentsOfDirectory(atPath: cache.path).count, 16)
    }

    /// Random edits over many versions add and remove a phrase anywhere in several documents, each long enough to be
    /// read in several pieces; `msx search --history` names exactly the versions `git log -S` names (the phrase is
    /// never formatted, so git's count in the files is the reader's count).
    func testHistorySearchFindsTheVersionsGitLogSFinds() throws {
        var random = seededGenerator(1515)
        let root = try makeProject()
        try expect(0, "trash", "Chapter 1", in: root)
        let documents = ["Storm", "Calm", "Harbour"]
        var texts: [String: [String]] = [:]
        for title in documents {
            texts[title] = ["The \(title.lowercased()) opens."]
                + (0..<30).map { "Paragraph \($0) of the \(title.lowercased()), long enough that the file is read in several pieces." }
            try addDocument(title, texts[title]!.joined(separator: "\n\n") + "\n", to: root)
        }
        try expect(0, "snapshot", "-m", "start", in: root)
        let phrase = "lamp room"
        for round in 0..<24 {
            let title = documents.randomElement(using: &random)!
            var paragraphs = texts[title]!
            switch Int.random(in: 0..<4, using: &random) {
            case 0: paragraphs.insert("She climbed to the \(phrase) at \(round).", at: Int.random(in: 0...paragraphs.count, using: &random))
            case 1:
                if let index = paragraphs.firstIndex(where: { $0.contains(phrase) }) { paragraphs.remove(at: index) }
            case 2: paragraphs.append("Nothing about it at \(round).")
            default: paragraphs[0] += " Again the \(phrase)."
            }
            texts[title] = paragraphs
            try write(paragraphs.joined(separator: "\n\n") + "\n", to: "contents/draft/\(title.lowercased()).md", in: root)
            try expect(0, "snapshot", "-m", "round \(round)", in: root)
        }
        let msx = (try expect(0, "search", "--history", phrase, "--json", in: root).json()["versions"] as? [[String: Any]] ?? [])
            .compactMap { $0["version"] as? String }
        let git = try ExternalTool.run("/usr/bin/git", ["-C", root.path, "log", "-S", phrase, "--format=%H"], package: "git").output
            .split(separator: "\n").map(String.init)
        XCTAssertFalse(git.isEmpty)
        XCTAssertEqual(Set(msx), Set(git))
        XCTAssertEqual(msx.count, Set(msx).count, "each version once here: one document changed per version")
    }

    /// A version whose file is not UTF-8 (committed with plain git) is an error naming the file and the version.
    func testHistorySearchNamesAVersionThatIsNotUTF8() throws {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", String(repeating: "The lamp room was cold.\n\n", count: 60), to: root)
        try expect(0, "snapshot", "-m", "start", in: root)
        var bytes = try Data(contentsOf: root.appendingPathComponent(path))
        bytes.insert(0xFF, at: 1_000)
        try bytes.write(to: root.appendingPathComponent(path))
        try plainCommit("damage", in: root)
        let damaged = try revision("HEAD", in: root)
        let result = try expect(3, "search", "--history", "lamp room", in: root)
        XCTAssertTrue(result.stderr.contains("\(path) at \(damaged.prefix(7)): not valid UTF-8 (bad byte at offset 1000)"), result.stderr)
    }
}
