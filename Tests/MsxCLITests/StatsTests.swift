import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MsxKit
import XCTest

/// `msx stats` counts the words written per day from the versions, and equals a brute-force
/// count over every version (each document's text at each version against the version before, word by word).
final class StatsTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private func delta(_ old: String, _ new: String) -> (Int, Int) { WordOracle.delta(old, new) }

    private func git(_ arguments: [String], in root: URL) throws -> String {
        try ExternalTool.run("/usr/bin/git", ["-C", root.path] + arguments, package: "git").output
    }

    func testWordsPerDayEqualABruteForceCountOverEveryVersion() throws {
        // A history over several days and time zones: the Scrivener fixture's snapshots and the import's version
        // (words brought in), then the writer's own versions today.
        let source = try ScrivenerFixture.scrivener3(in: scratch, png: Data(base64Encoded: EpubCompileTests.onePixelPNG)!)
        let root = scratch.appendingPathComponent("lighthouse")
        try expect(0, "init", root.path, "--from", source.path, in: scratch)
        let arrival = "contents/draft/part-one/arrival.md"
        try write(try read(arrival, in: root) + "\nThe harbour lights came on one by one.\n", to: arrival, in: root)
        try expect(0, "snapshot", "-m", "More arrival", in: root)
        try write(try read(arrival, in: root).replacingOccurrences(of: "one by one", with: "slowly"), to: arrival, in: root)
        try expect(0, "snapshot", "-m", "Revised", in: root)
        // Brute force: every version of the main line, every document it or its parent holds; a version whose
        // message says its words were brought in counts apart.
        var expected: [String: (Int, Int)] = [:], brought: [String: (Int, Int)] = [:]
        var perDocument: [String: (Int, Int)] = [:]
        let commits = try git(["rev-list", "--first-parent", "HEAD"], in: root).split(separator: "\n").map(String.init)
        for commit in commits {
            let isBrought = try git(["log", "-1", "--format=%B", commit], in: root).contains("\nMsx-Brought-In: import")
            let day = try git(["log", "-1", "--format=%ad", "--date=format:%Y-%m-%d", commit], in: root).trimmingCharacters(in: .whitespacesAndNewlines)
            let parent = try? git(["rev-parse", "--verify", "-q", commit + "^"], in: root).trimmingCharacters(in: .whitespacesAndNewlines)
            var ids = Set<String>()
            for version in [commit, parent].compactMap({ $0 }).filter({ !$0.isEmpty }) {
                let manifest = try git(["show", "\(version):manuscript.json"], in: root)
                ids.formUnion(manifest.matches(of: #/"id": "([0-9a-f]{12})",\s*(?:"includeInCompile": false,\s*)?(?:"keywords": \[[^\]]*\],\s*)?"kind": "document"/#).map { String($0.1) })
            }
            var sum = (isBrought ? brought[day] : expected[day]) ?? (0, 0)
            for id in ids {
                let text = { (version: String?) -> String in
                    guard let version, !version.isEmpty, let result = try? self.runMsx(["show", "\(id)@\(version)", "--as", "text"], in: root),
                          result.exitCode == 0 else { return "" }
                    return result.stdout
                }
                let (added, removed) = delta(text(parent), text(commit))
                sum = (sum.0 + added, sum.1 + removed)
                guard !isBrought else { continue }
                let mine = perDocument[id] ?? (0, 0)
                perDocument[id] = (mine.0 + added, mine.1 + removed)
            }
            if isBrought { brought[day] = sum } else { expected[day] = sum }
        }
        let stats = try expect(0, "stats", "--json", in: root).json()
        let days = stats["days"] as? [[String: Any]] ?? []
        try assertSums(days, by: "period", equal: expected)
        XCTAssertEqual(days.count, 1, "only today's versions are writing")
        let broughtIn = stats["broughtIn"] as? [[String: Any]] ?? []
        try assertSums(broughtIn, by: "day", equal: brought)
        XCTAssertEqual(broughtIn.compactMap { $0["day"] as? String }.prefix(3), ["2024-01-10", "2024-01-20", "2024-02-02"],
                       "the snapshot of 22:30 -05:00 is on its own day, not UTC's")
        // Each folder sums the documents anywhere below it in today's binder.
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("manuscript.json"))) as? [String: Any])
        var wantedFolders: [String: (Int, Int)] = [:]
        func documents(under node: [String: Any]) -> [String] {
            (node["children"] as? [[String: Any]] ?? []).flatMap { child in
                child["kind"] as? String == "document" ? [child["id"] as? String ?? ""] : documents(under: child)
            }
        }
        func visit(_ nodes: [[String: Any]]) {
            for node in nodes where node["kind"] as? String == "folder" {
                let sum = documents(under: node).reduce((0, 0)) { total, id in (total.0 + (perDocument[id]?.0 ?? 0), total.1 + (perDocument[id]?.1 ?? 0)) }
                if sum != (0, 0) { wantedFolders[node["id"] as? String ?? ""] = sum }
                visit(node["children"] as? [[String: Any]] ?? [])
            }
        }
        visit(manifest["binder"] as? [[String: Any]] ?? [])
        try assertSums(stats["folders"] as? [[String: Any]] ?? [], by: "id", equal: wantedFolders)
    }

    /// Each entry's `added` and `removed` are the brute force's for its key, and there is one entry per key.
    private func assertSums(_ entries: [[String: Any]], by key: String, equal wanted: [String: (Int, Int)],
                            file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(entries.count, wanted.count, "\(entries)", file: file, line: line)
        for entry in entries {
            let sums = try XCTUnwrap(wanted[entry[key] as? String ?? ""], "\(entry)", file: file, line: line)
            XCTAssertEqual(entry["added"] as? Int, sums.0, "\(entry)", file: file, line: line)
            XCTAssertEqual(entry["removed"] as? Int, sums.1, "\(entry)", file: file, line: line)
        }
    }

    func testPaceStreakAndWordsNotYetSnapshotted() throws {
        let root = try makeProject()
        try expect(0, "snapshot", "-m", "start", in: root)
        try write("# Chapter 1\n\nOne two three four five.\n", to: "contents/draft/chapter-1.md", in: root)
        let stats = try expect(0, "stats", "--json", in: root).json()
        XCTAssertEqual((stats["unsnapshotted"] as? [String: Int])?["added"], 5)
        XCTAssertEqual(stats["streak"] as? Int, 1, "words written today, even before a snapshot")
        // Today's session against its target: the net words of today (the first snapshot's heading, then five more).
        try expect(0, "target", "--session", "40", in: root)
        let today = (stats["days"] as? [[String: Any]])?.last?["net"] as? Int
        XCTAssertEqual(today, 7)
        XCTAssertEqual((try expect(0, "stats", "--json", in: root).json()["session"] as? [String: Int]), ["target": 40, "today": 7])
        XCTAssertTrue(try expect(0, "stats", in: root).stdout.contains("Today: 7 of 40 words (17%)."))
        try expect(0, "target", "--session", "5", in: root)
        XCTAssertTrue(try expect(0, "stats", in: root).stdout.contains("Today: 7 of 5 words (100%), session target reached."))
        try expect(0, "target", "--session", "0", in: root)
        // A target and a deadline give the words a day to finish.
        let manifestURL = root.appendingPathComponent("manuscript.json")
        var manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        let inTenDays = formatter.string(from: Date().addingTimeInterval(9 * 86_400))
        manifest["target"] = ["words": 1007, "deadline": inTenDays]
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
        let paced = try expect(0, "stats", "--json", in: root).json()
        let draft = try XCTUnwrap(paced["draftWords"] as? Int)
        XCTAssertEqual((paced["target"] as? [String: Any])?["wordsPerDay"] as? Int, (1007 - draft + 9) / 10)
        let human = try expect(0, "stats", in: root).stdout
        XCTAssertTrue(human.contains("words a day to finish by \(inTenDays)"), human)
        try expect(0, "target", "--deadline", "2020-01-01", in: root)
        let late = try expect(0, "stats", in: root).stdout
        XCTAssertTrue(late.contains("the deadline has passed, ") && late.contains(" words to go"), late)
    }

    /// A day's words are the draft's, as Scrivener counts a session, unless the project counts all; the words of
    /// a commit made with plain git count once.
    func testASessionCountsTheDraftAndAPlainGitCommitCountsOnce() throws {
        let root = try makeProject()
        try expect(0, "snapshot", "-m", "start", in: root)
        let chapter = "contents/draft/chapter-1.md"
        let before = try read(chapter, in: root)
        try write(before + "\nThe storm came over the grey bay.\n", to: chapter, in: root)
        _ = try addDocument("Ideas", "A lighthouse keeper who never sleeps.\n", to: root, options: ["--in", "Notes"])
        try expect(0, "snapshot", "-m", "chapter and an idea", in: root)
        let draftDelta = WordOracle.delta(before, try read(chapter, in: root))
        func today() throws -> (Int, Int) {
            let day = (try expect(0, "stats", "--json", in: root).json()["days"] as? [[String: Any]])?.last
            return (day?["added"] as? Int ?? -1, day?["removed"] as? Int ?? -1)
        }
        let start = WordOracle.delta("", before)
        var counted = try today()
        XCTAssertTrue(counted == (start.0 + draftDelta.0, start.1 + draftDelta.1), "the draft's words alone: \(counted)")
        try expect(0, "target", "--session-counts", "all", in: root)
        let idea = WordOracle.delta("", "A lighthouse keeper who never sleeps.")
        counted = try today()
        XCTAssertTrue(counted == (start.0 + draftDelta.0 + idea.0, start.1 + draftDelta.1), "every document: \(counted)")
        try expect(0, "target", "--session-counts", "draft", in: root)
        // A commit made with plain git, no trailers: its words are worked out once from its files.
        let again = try read(chapter, in: root)
        try write(again.replacingOccurrences(of: "grey bay", with: "dark and restless bay"), to: chapter, in: root)
        let committed = try ExternalTool.run("/usr/bin/git", ["-C", root.path, "-c", "user.name=Ada", "-c", "user.email=ada@example.com",
                                                              "commit", "-qam", "By hand"], package: "git")
        XCTAssertEqual(committed.status, 0)
        let plain = WordOracle.delta(again, try read(chapter, in: root))
        counted = try today()
        XCTAssertTrue(counted == (start.0 + draftDelta.0 + plain.0, start.1 + draftDelta.1 + plain.1), "\(counted)")
        XCTAssertEqual(try expect(64, "target", "--session-counts", "some", in: root).stderr.contains("draft or all"), true)
    }

    /// Words a restore brings back were written on an earlier day: today's count stays what the writer wrote today,
    /// and the restored words are counted as brought in.
    func testARestoreBringsWordsBackWithoutCountingThemAsWritten() throws {
        let root = try makeProject()
        try expect(0, "snapshot", "-m", "start", in: root)
        let chapter = "contents/draft/chapter-1.md"
        let start = try read(chapter, in: root)
        let stormy = start + "\nThe storm came over the grey bay and the boats ran for the harbour.\n"
        try write(stormy, to: chapter, in: root)
        try expect(0, "snapshot", "-m", "storm", in: root)
        let storm = try git(["rev-parse", "HEAD"], in: root).trimmingCharacters(in: .whitespacesAndNewlines)
        try write(start, to: chapter, in: root)
        try expect(0, "snapshot", "-m", "cut the storm", in: root)
        func today() throws -> (Int, Int) {
            let day = (try expect(0, "stats", "--json", in: root).json()["days"] as? [[String: Any]])?.last
            return (day?["added"] as? Int ?? -1, day?["removed"] as? Int ?? -1)
        }
        let written = try today()
        let (first, storming, cutting) = (delta("", start), delta(start, stormy), delta(stormy, start))
        XCTAssertTrue(written == (first.0 + storming.0 + cutting.0, first.1 + storming.1 + cutting.1), "\(written)")
        try expect(0, "restore", "Chapter 1", "--at", storm, in: root)
        XCTAssertEqual(try read(chapter, in: root), stormy)
        let afterRestore = try today()
        XCTAssertTrue(afterRestore == written, "the restored words are not today's writing: \(afterRestore)")
        let brought = try expect(0, "stats", "--json", in: root).json()["broughtIn"] as? [[String: Any]] ?? []
        XCTAssertEqual(brought.last?["added"] as? Int, storming.0, "\(brought)")
    }

    func testTargetSetsWhatStatsMeasures() throws {
        let root = try makeProject()
        XCTAssertTrue(try expect(0, "target", in: root).stdout.hasPrefix("No target"))
        let set = try expect(0, "target", "--words", "90000", "--deadline", "2027-03-01", "--session", "1000", "--json", in: root).json()
        XCTAssertEqual(set["words"] as? Int, 90000)
        XCTAssertEqual(set["deadline"] as? String, "2027-03-01")
        XCTAssertEqual(set["session"] as? Int, 1000)
        XCTAssertEqual(try expect(0, "target", in: root).stdout, "Target: 90,000 words by 2027-03-01; sessions of 1,000 words.\n")
        let bad = try expect(64, "target", "--deadline", "2027-02-30", in: root)
        XCTAssertTrue(bad.stderr.contains("YYYY-MM-DD"), bad.stderr)
        try expect(0, "target", "--deadline", "", "--session", "0", in: root)
        XCTAssertEqual(try expect(0, "target", in: root).stdout, "Target: 90,000 words.\n")
        // A document's own target shows as progress in the tree.
        try write("# Chapter 1\n\nOne two three four five six seven.\n", to: "contents/draft/chapter-1.md", in: root)
        try expect(0, "meta", "Chapter 1", "--target", "40", in: root)
        XCTAssertTrue(try expect(0, "tree", in: root).stdout.contains("Chapter 1  (9 of 40 words, 22%)"))
        try expect(0, "check", in: root)
    }

    /// The charts page, as a real browser builds it: a bar per day with the words added, the project's words over
    /// time as one line, and the target as a dashed line.
    func testTheChartsPageRendersInABrowser() throws {
        let source = try ScrivenerFixture.scrivener3(in: scratch, png: Data(base64Encoded: EpubCompileTests.onePixelPNG)!)
        let root = scratch.appendingPathComponent("lighthouse")
        try expect(0, "init", root.path, "--from", source.path, in: scratch)
        // One day of writing after the import: the charts draw it.
        let arrival = "contents/draft/part-one/arrival.md"
        try write(try read(arrival, in: root) + "\nThe harbour lights came on one by one.\n", to: arrival, in: root)
        try expect(0, "snapshot", "-m", "More arrival", in: root)
        let page = scratch.appendingPathComponent("progress.html")
        let stats = try expect(0, "stats", "--json", "--html", page.path, in: root).json()
        let days = stats["days"] as? [[String: Any]] ?? []
        XCTAssertEqual(days.count, 1)
        let dom = try Chromium.dom(of: page, in: scratch)
        let bars = dom.matches(of: #/<rect class="added" data-day="([0-9-]+)" data-words="(\d+)"/#).map { (String($0.1), Int($0.2) ?? -1) }
        XCTAssertEqual(bars.map(\.0), days.compactMap { $0["period"] as? String }, dom)
        XCTAssertEqual(bars.map(\.1), days.compactMap { $0["added"] as? Int })
        let points = try XCTUnwrap(dom.firstMatch(of: #/<polyline class="total" points="([^"]*)"/#)).1.split(separator: " ")
        XCTAssertEqual(points.count, days.count)
        // A dot a day, the last at the draft's words (what the page's header says), and values along the axes.
        let dots = dom.matches(of: #/<circle class="point"[^>]*><title>([0-9-]+): ([0-9,]+)</title>/#).map { (String($0.1), String($0.2)) }
        XCTAssertEqual(dots.map(\.0), days.compactMap { $0["period"] as? String })
        let draftWords = try XCTUnwrap(stats["draftWords"] as? Int)
        XCTAssertLessThan(draftWords, 1_000, "written without a thousands separator")
        XCTAssertEqual(dots.last?.1, String(draftWords))
        XCTAssertGreaterThanOrEqual(dom.matches(of: #/class="value"/#).count, 6, "three values on each chart's axis")
        XCTAssertTrue(dom.contains("class=\"target\"") && dom.contains("target 90,000"), dom)
        XCTAssertTrue(dom.contains("words in the draft; target 90,000 by 2025-03-01"), dom)
        // The same charts as one SVG picture: well-formed, and drawn the same.
        let picture = scratch.appendingPathComponent("progress.svg")
        try expect(0, "stats", "--svg", picture.path, in: root)
        XCTAssertTrue(XMLParser(data: try Data(contentsOf: picture)).parse(), "the SVG is well-formed XML")
        let svg = try Chromium.dom(of: picture, in: scratch)
        let svgBars = svg.matches(of: #/<rect class="added" data-day="([0-9-]+)" data-words="(\d+)"/#).map { (String($0.1), Int($0.2) ?? -1) }
        XCTAssertEqual(svgBars.map(\.0), bars.map(\.0), svg)
        XCTAssertEqual(svgBars.map(\.1), bars.map(\.1))
        XCTAssertTrue(svg.contains("class=\"target\""), svg)
    }

    /// `--out` draws the figures in the format its extension, or `--format`, names from the registry; the help lists
    /// every format; a name or an extension no format has is refused with nothing written.
    func testEachWayToDrawTheFiguresIsChosenByName() throws {
        let root = try makeProject()
        let lamp = try addDocument("Lamp", "The lamp was lit at dusk.\n", to: root)
        try expect(0, "snapshot", "-m", "Lamp", in: root)
        try write("The lamp was lit at dusk, and burned till dawn.\n", to: lamp.path, in: root)
        try expect(0, "snapshot", "-m", "More lamp", in: root)
        let help = try expect(0, "stats", "--help", in: root).stdout
        for format in StatsFormats.registry {
            XCTAssertTrue(help.contains(format.name) && help.contains("." + format.fileExtension), "\(format.name) in the help")
            let byFlag = scratch.appendingPathComponent("flag.\(format.fileExtension)")
            try expect(0, "stats", "--\(format.name)", byFlag.path, in: root)
            let byExtension = scratch.appendingPathComponent("out.\(format.fileExtension)")
            try expect(0, "stats", "--out", byExtension.path, in: root)
            let byName = scratch.appendingPathComponent("named.drawing")
            try expect(0, "stats", "--out", byName.path, "--format", format.name, in: root)
            let drawn = try [byFlag, byExtension, byName].map { try String(contentsOf: $0, encoding: .utf8) }
            XCTAssertEqual(Set(drawn).count, 1, "\(format.name): the flag, the extension and the name draw the same")
            XCTAssertTrue(drawn[0].contains("data-words="), "\(format.name) draws the bars")
        }
        let wrongExtension = scratch.appendingPathComponent("progress.txt")
        XCTAssertTrue(try expect(64, "stats", "--out", wrongExtension.path, in: root).stderr.contains(".html or .svg"))
        let wrongName = try expect(64, "stats", "--out", wrongExtension.path, "--format", "svh", in: root).stderr
        XCTAssertTrue(wrongName.contains("did you mean 'svg'"), wrongName)
        XCTAssertFalse(FileManager.default.fileExists(atPath: wrongExtension.path), "nothing written")
        try expect(64, "stats", "--format", "svg", in: root)
    }

    /// A target number no Int holds is no target (not a crash); a snapshot that only reorders is not "unchanged".
    func testOddTargetsAndReorderedDocuments() throws {
        let root = try makeProject()
        try addDocument("Second", "Two.\n", to: root)
        try expect(0, "snapshot", "-m", "start", in: root)
        let manifestURL = root.appendingPathComponent("manuscript.json")
        var manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        manifest["target"] = ["words": 1e20]
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
        try expect(0, "stats", in: root)
        XCTAssertTrue(try expect(0, "target", in: root).stdout.hasPrefix("No target"))
        try expect(0, "mv", "Second", "--before", "Chapter 1", in: root)
        try expect(0, "snapshot", "-m", "reordered", in: root)
        let log = try expect(0, "log", "Second", in: root).stdout
        XCTAssertFalse(log.contains("unchanged"), log)
    }
}

