import Foundation
import MsxTestSupport
import XCTest

/// `msx init DIR --from REPOSITORY` brings a git repository of Markdown chapters in with its history, checked
/// against git reading the same repository: per document, the versions are `git log --follow`'s commits with their
/// authors and dates; `stats` per day equals a brute-force count over the commits; `search --history` finds the
/// versions `git log -S` finds.
final class GitHistoryImportTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private struct Chapter {
        var path: String
        var title: String
        var status: String
        var words: [String]

        var text: String {
            "---\ntitle: \(title)\nstatus: \(status)\ntags: [draft, sea]\n---\n\n"
                + stride(from: 0, to: words.count, by: 12).map { words[$0..<min(words.count, $0 + 12)].joined(separator: " ") + "." }
                    .joined(separator: "\n\n") + "\n"
        }
    }

    /// A repository written by a script as a writer's would be over a year: two authors in four time zones,
    /// chapters edited, added, renamed (sometimes edited in the same commit), deleted, their status changed, and
    /// commits that touch no chapter. Returns the repository and the script's own count of the words each day's
    /// commits added and removed (in each commit's time zone), the brute force `stats` must equal.
    private func writersRepository(commits: Int, _ random: inout SeededGenerator) throws -> (URL, [String: (Int, Int)]) {
        let repository = scratch.appendingPathComponent("novel")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        _ = try ExternalTool.run("/usr/bin/git", ["-C", repository.path, "init", "-q", "-b", "main"], package: "git")
        var next = 0
        func fresh(_ count: Int) -> [String] { (0..<count).map { _ in next += 1; return ProseWords.word(next) } }
        var chapters = (1...5).map { n in Chapter(path: "chapters/\(String(format: "%02d", n))-part.md", title: "Chapter \(n)", status: "Draft", words: fresh(40)) }
        var stream = ""
        var time = 1_735_689_600  // 2025-01-01
        let authors = ["Ada Writer <ada@example.com>", "Bo Editor <bo@example.com>"]
        let zones = ["+0100", "-0500", "+0000", "+0530"]
        func file(_ path: String, _ text: String) -> String { "M 100644 inline \(path)\ndata \(text.utf8.count)\n\(text)\n" }
        var days: [String: (Int, Int)] = [:]
        func bodies(_ chapters: [Chapter]) -> String { chapters.map { $0.words.joined(separator: " ") }.joined(separator: "\n") }
        for index in 0..<commits {
            let before = index == 0 ? "" : bodies(chapters)
            let filesBefore = index == 0 ? [] : chapters.map { [$0.path, $0.text] }
            time += Int.random(in: 20_000...150_000, using: &random)
            let author = authors.randomElement(using: &random)!, zone = zones.randomElement(using: &random)!
            var changes = "", message = ""
            if index == 0 {
                changes = chapters.map { file($0.path, $0.text) }.joined() + file("README.md", "# My novel\n")
                message = "Start the novel"
            } else {
                let k = Int.random(in: 0..<chapters.count, using: &random)
                switch Int.random(in: 0..<20, using: &random) {
                case 0:
                    chapters.append(Chapter(path: "chapters/\(String(format: "%02d", chapters.count + 1 + index % 7))-new-\(index).md",
                                            title: "New chapter \(index)", status: "Draft", words: fresh(30)))
                    changes = file(chapters.last!.path, chapters.last!.text)
                    message = "Add a chapter"
                case 1, 2:
                    // Renamed (moved into another folder at times), edited in the same commit half the time.
                    let old = chapters[k].path
                    chapters[k].path = (index % 3 == 0 ? "drafts/" : "chapters/") + "renamed-\(index).md"
                    if Bool.random(using: &random) { chapters[k].words.append(contentsOf: fresh(3)) }
                    changes = "D \(old)\n" + file(chapters[k].path, chapters[k].text)
                    message = "Rename \(chapters[k].title)"
                case 3 where chapters.count > 4:
                    changes = "D \(chapters[k].path)\n"
                    chapters.remove(at: k)
                    message = "Cut a chapter"
                case 4:
                    chapters[k].status = ["Draft", "Revised", "Final"].randomElement(using: &random)!
                    changes = file(chapters[k].path, chapters[k].text)
                    message = "Status of \(chapters[k].title)"
                case 5:
                    changes = file("README.md", "# My novel\n\nNotes \(index).\n")
                    message = "Readme"
                default:
                    var words = chapters[k].words
                    for _ in 0..<Int.random(in: 1...4, using: &random) {
                        let at = Int.random(in: 0..<words.count, using: &random)
                        switch Int.random(in: 0..<3, using: &random) {
                        case 0: words[at] = fresh(1)[0]
                        case 1 where words.count > 10: words.remove(at: at)
                        default: words.insert(contentsOf: fresh(Int.random(in: 1...6, using: &random)), at: at)
                        }
                    }
                    chapters[k].words = words
                    changes = file(chapters[k].path, chapters[k].text)
                    message = "Revise \(chapters[k].title)"
                }
            }
            // A commit that leaves every chapter as it was (a status set to what it was) changes none.
            if message != "Readme", chapters.map({ [$0.path, $0.text] }) != filesBefore {
                var calendar = Calendar(identifier: .gregorian)
                let sign = zone.hasPrefix("-") ? -1 : 1, digits = Int(zone.dropFirst())!
                calendar.timeZone = TimeZone(secondsFromGMT: sign * (digits / 100 * 3600 + digits % 100 * 60))!
                let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(time)))
                let day = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
                let (added, removed) = WordOracle.delta(before, bodies(chapters))
                days[day] = ((days[day]?.0 ?? 0) + added, (days[day]?.1 ?? 0) + removed)
            }
            let body = message + " (\(index))\n"
            stream += "commit refs/heads/main\nauthor \(author) \(time) \(zone)\ncommitter \(author) \(time) \(zone)\n"
                + "data \(body.utf8.count)\n\(body)" + changes + "\n"
        }
        let streamFile = scratch.appendingPathComponent("history.fi")
        try stream.write(to: streamFile, atomically: true, encoding: .utf8)
        let imported = try ExternalTool.run("/bin/sh", ["-c", "git -C '\(repository.path)' fast-import --quiet < '\(streamFile.path)' && git -C '\(repository.path)' checkout -q main"],
                                            package: "git", mergingErrors: true)
        XCTAssertEqual(imported.status, 0, imported.output)
        return (repository, days)
    }

    private func git(_ repository: URL, _ arguments: String...) throws -> String {
        try ExternalTool.run("/usr/bin/git", ["-C", repository.path] + arguments, package: "git").output
    }

    func testTheHistoryIsGitsOwn() throws {
        var random = seededGenerator(20_261_129)
        let (repository, expected) = try writersRepository(commits: max(300, scaled(300)), &random)
        let root = scratch.appendingPathComponent("book")
        let report = try expect(0, "init", root.path, "--from", repository.path, "--json", in: scratch).json()
        XCTAssertEqual(report["problems"] as? [String], [])
        try expect(0, "check", in: root)
        let chapterCommits = try git(repository, "log", "--format=%H", "--", "chapters", "drafts").split(separator: "\n")
        XCTAssertEqual(report["versions"] as? Int, chapterCommits.count, "every commit that touches a chapter, and no other")

        // Per document: git log --follow's commits, authors and dates.
        let finalPaths = try git(repository, "ls-files", "chapters", "drafts").split(separator: "\n").map(String.init)
        XCTAssertGreaterThan(finalPaths.count, 3)
        let nodes = try nodes(root).filter { $0.kind == "document" }
        XCTAssertEqual(nodes.count, finalPaths.count)
        var renamed = 0
        for path in finalPaths {
            let node = try XCTUnwrap(nodes.first { ($0.fields["custom"] as? [String: Any])?["source file"] as? String == path }, path)
            let expected = try git(repository, "log", "--follow", "--format=%an|%at", "--", path).split(separator: "\n").map(String.init)
            let versions = try expect(0, "log", node.id, "--json", in: root).json()["versions"] as? [[String: Any]] ?? []
            let formatter = ISO8601DateFormatter()
            let got = versions.map { v in "\(v["author"] as? String ?? "")|\(Int(formatter.date(from: v["date"] as? String ?? "")?.timeIntervalSince1970 ?? 0))" }
            XCTAssertEqual(got, expected, path)
            if try git(repository, "log", "--follow", "--format=%H", "--name-only", "--", path).contains("renamed-") { renamed += 1 }
        }
        XCTAssertGreaterThan(renamed, 0, "some document was renamed on the way")

        // stats per day: the script's count over its commits, each day in the commit's own time zone.
        let days = try expect(0, "stats", "--json", in: root).json()["days"] as? [[String: Any]] ?? []
        let got = Dictionary(uniqueKeysWithValues: days.map { ($0["period"] as? String ?? "", ($0["added"] as? Int ?? 0, $0["removed"] as? Int ?? 0)) })
        XCTAssertEqual(got.keys.sorted(), expected.keys.sorted())
        for (day, sums) in expected { XCTAssertTrue(got[day].map { $0 == sums } ?? false, "\(day): \(String(describing: got[day])) against \(sums)") }

        // search --history: the versions git log -S finds, by their author dates.
        let word = ProseWords.word(Int.random(in: 1...150, using: &random))
        let pickaxe = try git(repository, "log", "-S", word, "--format=%at", "--", "chapters", "drafts").split(separator: "\n").map(String.init)
        XCTAssertFalse(pickaxe.isEmpty, word)
        let found = try expect(0, "search", word, "--history", "--json", in: root).json()["versions"] as? [[String: Any]] ?? []
        let formatter = ISO8601DateFormatter()
        XCTAssertEqual(found.map { String(Int(formatter.date(from: $0["date"] as? String ?? "")?.timeIntervalSince1970 ?? 0)) }, pickaxe, word)
    }

    /// An mdBook: its SUMMARY.md gives the binder's order and titles; README and SUMMARY are not chapters.
    func testAnMdBookComesInInItsSummarysOrder() throws {
        let repository = scratch.appendingPathComponent("mdbook")
        let files = [
            "book.toml": "[book]\ntitle = \"Harbour\"\n",
            "src/SUMMARY.md": "# Summary\n\n- [Arrival](arrival.md)\n- [The Storm](chapter_10.md)\n- [Departure](chapter_2.md)\n",
            "src/arrival.md": "The boat came in.\n", "src/chapter_10.md": "The storm broke.\n", "src/chapter_2.md": "They left.\n",
            "README.md": "# Harbour, an mdBook\n",
        ]
        for (path, text) in files {
            let url = repository.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        // A chapter in Latin-1, and a symbolic link to a chapter: both named in the report.
        try Data("Caf\u{E9} at the quay.\n".unicodeScalars.map { UInt8($0.value) }).write(to: repository.appendingPathComponent("src/latin.md"))
        try FileManager.default.createSymbolicLink(atPath: repository.appendingPathComponent("src/link.md").path, withDestinationPath: "arrival.md")
        for arguments in [["init", "-q", "-b", "main"], ["add", "."], ["-c", "user.name=Ada", "-c", "user.email=ada@example.com", "commit", "-qm", "Book"]] {
            XCTAssertEqual(try ExternalTool.run("/usr/bin/git", ["-C", repository.path] + arguments, package: "git").status, 0)
        }
        let root = scratch.appendingPathComponent("harbour")
        let report = try expect(0, "init", root.path, "--from", repository.path, "--json", in: scratch).json()
        XCTAssertEqual(report["order"] as? String, "src/SUMMARY.md")
        XCTAssertEqual(try nodes(root).filter { $0.kind == "document" }.map(\.title), ["Arrival", "The Storm", "Departure", "Latin"])
        let problems = report["problems"] as? [String] ?? []
        XCTAssertTrue(problems.contains("src/link.md: a symbolic link, not a file: left out"), "\(problems)")
        XCTAssertTrue(problems.contains { $0.hasPrefix("src/latin.md: holds bytes that are not UTF-8") }, "\(problems)")
        XCTAssertEqual(problems.count, 2)
        // --include chooses the files.
        let only = scratch.appendingPathComponent("only")
        try expect(0, "init", only.path, "--from", repository.path, "--include", "src/chapter_*.md", in: scratch)
        XCTAssertEqual(try nodes(only).filter { $0.kind == "document" }.map(\.title), ["The Storm", "Departure"])
        // A folder in no repository is refused by name, and nothing is made.
        let plain = scratch.appendingPathComponent("plain")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        let refused = try expect(1, "init", scratch.appendingPathComponent("none").path, "--from", plain.path, in: plain)
        XCTAssertTrue(refused.stderr.contains("neither a Scrivener project nor in a git repository"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("none").path))
    }

    /// A version made late in the evening west of UTC (already the next day in UTC) is on its own day everywhere:
    /// log, search, blame and stats, as git shows it.
    func testAVersionIsOnItsOwnDayEverywhere() throws {
        let repository = scratch.appendingPathComponent("late")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try "The lamp burned late.\n".write(to: repository.appendingPathComponent("lamp.md"), atomically: true, encoding: .utf8)
        let script = "cd '\(repository.path)' && git init -q -b main && git add . && git -c user.name=Ada -c user.email=ada@example.com commit -qm Late"
        XCTAssertEqual(try ExternalTool.run("/usr/bin/env", ["GIT_AUTHOR_DATE=2025-03-01T23:30:00-0500", "GIT_COMMITTER_DATE=2025-03-01T23:30:00-0500",
                                                             "sh", "-c", script], package: "git").status, 0)
        let root = scratch.appendingPathComponent("book")
        try expect(0, "init", root.path, "--from", repository.path, in: scratch)
        XCTAssertTrue(try expect(0, "log", in: root, env: ["TZ": "Asia/Tokyo"]).stdout.contains("2025-03-01 23:30  Ada  Late"))
        let log = try expect(0, "log", "--json", in: root).json()["versions"] as? [[String: Any]] ?? []
        XCTAssertEqual(log.first?["date"] as? String, "2025-03-01T23:30:00-05:00")
        let found = try expect(0, "search", "lamp", "--history", "--json", in: root).json()["versions"] as? [[String: Any]] ?? []
        XCTAssertEqual(found.first?["date"] as? String, "2025-03-01T23:30:00-05:00")
        XCTAssertTrue(try expect(0, "blame", "Lamp", in: root).stdout.contains("2025-03-01"))
        let days = try expect(0, "stats", "--json", in: root).json()["days"] as? [[String: Any]] ?? []
        XCTAssertEqual(days.first?["period"] as? String, "2025-03-01")
    }
}
