import Foundation
import XCTest

/// `msx init DIR --from Book.scriv` brings a Scrivener 3 project across with its history: the
/// binder and its metadata, each text (the words LibreOffice reads from the same RTF), files as research, and every
/// snapshot a version of its document, dated and titled as in Scrivener.
final class ScrivenerImportTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private var png: Data { Data(base64Encoded: EpubCompileTests.onePixelPNG)! }

    /// The fixture imported into `lighthouse`; returns the project root and the import's report.
    private func imported() throws -> (root: URL, source: URL, report: [String: Any]) {
        let source = try ScrivenerFixture.scrivener3(in: scratch, png: png)
        let root = scratch.appendingPathComponent("lighthouse")
        let report = try expect(0, "init", root.path, "--from", source.path, "--json", in: scratch).json()
        return (root, source, report)
    }

    /// A node of the manifest by title.
    private func node(_ title: String, in root: URL) throws -> [String: Any] {
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("manuscript.json"))) as? [String: Any])
        func find(_ nodes: [[String: Any]]) -> [String: Any]? {
            for node in nodes {
                if node["title"] as? String == title { return node }
                if let found = find(node["children"] as? [[String: Any]] ?? []) { return found }
            }
            return nil
        }
        return try XCTUnwrap(find(manifest["binder"] as? [[String: Any]] ?? []), title)
    }

    func testTheBinderAndItsMetadataComeAcross() throws {
        let (root, _, report) = try imported()
        XCTAssertEqual(report["documents"] as? Int, 5, "\(report)")
        XCTAssertEqual(report["folders"] as? Int, 2)
        XCTAssertEqual(report["files"] as? Int, 1)
        XCTAssertEqual(report["snapshots"] as? Int, 4)
        // The binder in Scrivener's order and nesting (each line: indent, short id, title).
        let tree = try expect(0, "tree", in: root).stdout.split(separator: "\n").map { line in
            line.replacing(#/[0-9a-f]{7} /#, with: "").replacing(#/  \(.*\)$/#, with: "")
        }
        // Characters, a folder beside the draft in Scrivener, stays at the top level.
        XCTAssertEqual(tree, ["Lighthouse", "Manuscript/", "  Part One/", "    Arrival", "    Departure", "Research/", "  Map", "  Keeper", "Notes/",
                              "Characters/", "  Characters (notes)", "  Mara", "Trash/", "  Old opening"])
        XCTAssertTrue((report["notes"] as? [String] ?? []).contains { $0.hasPrefix("Characters: a folder beside the draft") }, "\(report)")
        let arrival = try node("Arrival", in: root)
        XCTAssertEqual(arrival["label"] as? String, "Scene")
        XCTAssertEqual(arrival["status"] as? String, "First Draft")
        XCTAssertEqual(arrival["keywords"] as? [String], ["storm", "night", "To revise"], "its collection is a keyword too")
        XCTAssertEqual(arrival["target"] as? Int, 1500)
        XCTAssertEqual(arrival["synopsis"] as? String, "Mara sees the boat.")
        XCTAssertEqual(try node("Part One", in: root)["synopsis"] as? String, "The arrival and what follows.", "a folder's synopsis too")
        let custom = arrival["custom"] as? [String: Any] ?? [:]
        XCTAssertEqual(custom.count, 3, "\(custom)")
        XCTAssertEqual(custom["POV"] as? String, "Mara")
        XCTAssertEqual(custom["Fact-checked"] as? String, "Yes")
        XCTAssertEqual(custom["Due"] as? String, "2024-04-01")
        XCTAssertNil(arrival["includeInCompile"])
        XCTAssertEqual(try node("Departure", in: root)["includeInCompile"] as? Bool, false)
        XCTAssertNil(try node("Keeper", in: root)["includeInCompile"], "outside the draft, an unwritten flag is msx's default")
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("manuscript.json"))) as? [String: Any])
        XCTAssertEqual(manifest["title"] as? String, "Lighthouse")
        XCTAssertEqual(manifest["labels"] as? [String], ["Scene", "Idea"])
        XCTAssertEqual(manifest["statuses"] as? [String], ["To Do", "First Draft", "Final"])
        XCTAssertEqual(manifest["labelColors"] as? [String: String], ["Scene": "#FDB3BB", "Idea": "#8080FF"])
        XCTAssertEqual(manifest["keywordColors"] as? [String: String], ["storm": "#3366CC", "night": "#1A1A1A"])
        // A colour that is none is damaged data, named.
        let manifestURL = root.appendingPathComponent("manuscript.json")
        let good = try Data(contentsOf: manifestURL)
        try String(decoding: good, as: UTF8.self).replacingOccurrences(of: "\"#FDB3BB\"", with: "\"pink\"").write(to: manifestURL, atomically: true, encoding: .utf8)
        let damaged = try expect(3, "tree", in: root)
        XCTAssertTrue(damaged.stderr.contains("labelColors.Scene"), damaged.stderr)
        try good.write(to: manifestURL)
        XCTAssertEqual((manifest["target"] as? [String: Any])?["words"] as? Int, 90000)
        XCTAssertEqual((manifest["target"] as? [String: Any])?["deadline"] as? String, "2025-03-01")
        XCTAssertEqual((manifest["target"] as? [String: Any])?["session"] as? Int, 1000)
        XCTAssertEqual((manifest["author"] as? [String: Any])?["name"] as? String, "Ada Writer")
        // The picture is a document showing it; the notes are words kept, said so.
        let map = try read("contents/research/map.md", in: root)
        let file = try XCTUnwrap(map.firstMatch(of: #/^!\[\]\((map-[0-9a-f]{8}\.png)\)\n$/#)?.1, map)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("contents/research/" + file)), png)
        // A text's notes are its notes, never compiled; a folder's (msx folders have none) a document of their own, said so.
        XCTAssertEqual(try read("contents/draft/part-one/arrival.notes.md", in: root), "Check the tide tables.\n")
        XCTAssertEqual(try expect(0, "show", "Arrival", "--notes", in: root).stdout, "Check the tide tables.\n")
        let problems = report["problems"] as? [String] ?? []
        XCTAssertFalse(problems.contains { $0.hasPrefix("Arrival") }, "\(report)")
        // A folder's notes came across as a document: a note of how, not a problem.
        XCTAssertTrue((report["notes"] as? [String] ?? []).contains { $0.hasPrefix("Characters: a folder keeps no notes") }, "\(report)")
        XCTAssertFalse(problems.contains { $0.hasPrefix("Characters") }, "\(report)")
        XCTAssertFalse(problems.contains { $0.contains("collection") }, "\(report)")
        XCTAssertTrue((report["notes"] as? [String] ?? []).contains("the collection 'To revise' is the keyword 'To revise' on its 1 item"), "\(report)")
        XCTAssertTrue((report["notes"] as? [String] ?? []).contains("the saved search 'Storms' looks for \"storm\": msx search \"storm\" runs it"), "\(report)")
        XCTAssertTrue(problems.contains("1 text uses Scrivener's styles: the formatting came with the text, the style names did not"), "\(report)")
        XCTAssertEqual(try expect(0, "show", "Characters (notes)", in: root).stdout, "The family tree is in the parish register.\n")
        XCTAssertEqual(try node("Characters (notes)", in: root)["includeInCompile"] as? Bool, false)
        let compiled = scratch.appendingPathComponent("lighthouse.html")
        try expect(0, "compile", "--format", "html", "-o", compiled.path, in: root)
        XCTAssertFalse(try String(contentsOf: compiled, encoding: .utf8).contains("tide tables"), "notes are never compiled")
        try expect(0, "check", in: root)
        XCTAssertEqual(try expect(0, "status", "--json", in: root).json()["clean"] as? Bool, true)
        // A link to a document leads to the document it became; one to a folder (no document here) stays, said so.
        XCTAssertEqual(try read("contents/characters/mara.md", in: root),
                       "Mara, the keeper's daughter.\n\nShe saw the [boat arrive](../draft/part-one/arrival.md) in "
                       + "[Part One](scrivlnk://A0000000-0000-0000-0000-000000000010).\n")
        XCTAssertTrue((report["problems"] as? [String] ?? []).contains("1 link to Scrivener items that are no document here (folders) stay scrivlnk:// links"), "\(report)")
        // Inline notes: the annotation on the word before it, the footnote inline where it stood.
        XCTAssertEqual(try read("contents/research/keeper.md", in: root), "The keeper kept a log.\n\nHe wrote daily^[Except on Sundays.] and never missed.\n")
        let inline = try expect(0, "comments", "Keeper", "--json", in: root).json()["comments"] as? [[String: Any]] ?? []
        XCTAssertEqual(inline.map { $0["note"] as? String }, ["Which year?"], "\(inline)")
        XCTAssertEqual((inline.first?["places"] as? [[String: Any]])?.map { $0["text"] as? String }, ["log"], "\(inline)")
        // The inspector comment is an annotation on its words; the inspector footnote an inline footnote after its words.
        let comments = try expect(0, "comments", "Arrival", "--json", in: root).json()["comments"] as? [[String: Any]] ?? []
        XCTAssertEqual(comments.map { $0["note"] as? String }, ["Which dusk? Say the hour."])
        XCTAssertEqual((comments.first?["places"] as? [[String: Any]])?.map { $0["text"] as? String }, ["at dusk"])
        XCTAssertEqual(try read("contents/draft/part-one/arrival.md", in: root),
                       "The boat came in at dusk.\n\nMara watched from the lamp room^[The lamp room is at the top of the tower.].\n")
    }

    func testSnapshotsAreVersionsDatedAndTitledAsInScrivener() throws {
        let (root, _, _) = try imported()
        let log = try expect(0, "log", "Arrival", "--json", in: root).json()["versions"] as? [[String: Any]] ?? []
        XCTAssertEqual(log.map { $0["message"] as? String }, ["Imported from Scrivener: Lighthouse", "Untitled Snapshot", "Before the edit", "First draft"])
        // Each dated where it was taken, with its offset from UTC, as git shows a commit's date.
        XCTAssertEqual(log.dropFirst().map { $0["date"] as? String }, ["2024-02-02T22:30:00-05:00", "2024-02-02T21:00:00Z", "2024-01-10T08:15:00+01:00"])
        let changes = log.map { $0["change"] as? [String: Any] ?? [:] }
        XCTAssertEqual(changes[1]["unchanged"] as? Bool, true, "the snapshot of the same text is recorded on purpose")
        XCTAssertEqual(changes[3]["created"] as? Bool, true)
        // Each version holds the snapshot's text; diff compares them.
        let first = try XCTUnwrap(log.last?["short"] as? String)
        XCTAssertEqual(try expect(0, "show", "Arrival@\(first)", in: root).stdout, "The boat came in.\n")
        let diff = try expect(0, "diff", "Arrival", "--from", first, "--to", try XCTUnwrap(log[2]["short"] as? String), in: root).stdout
        XCTAssertTrue(diff.contains("at dusk"), diff)
        // The snapshot its index did not name is a version too, titled as Scrivener titles an untitled one.
        let departure = try expect(0, "log", "Departure", "--json", in: root).json()["versions"] as? [[String: Any]] ?? []
        XCTAssertEqual(departure.map { $0["message"] as? String }, ["Imported from Scrivener: Lighthouse", "Untitled Snapshot"])
        // Plain git agrees on the dates and keeps the offsets Scrivener wrote.
        let dates = try ExternalTool.run("/usr/bin/git", ["-C", root.path, "log", "--format=%ad %s", "--date=iso"], package: "git").output
        XCTAssertTrue(dates.contains("2024-01-10 08:15:00 +0100 First draft"), dates)
        XCTAssertTrue(dates.contains("2024-02-02 22:30:00 -0500 Untitled Snapshot"), dates)
        XCTAssertEqual(try ExternalTool.run("/usr/bin/git", ["-C", root.path, "fsck", "--strict"], package: "git", mergingErrors: true).status, 0)
    }

    /// Every text and every snapshot of both generations reads as LibreOffice reads the same RTF (Scrivener's inline
    /// notes taken out, as msx takes them out of the text; inspector footnotes, which are not in the RTF's text, left
    /// aside).
    func testTheWordsOfEveryTextAndSnapshotAreWhatLibreOfficeReadsFromTheSameRTF() throws {
        let (root, source, _) = try imported()
        var cases: [(root: URL, title: String, revision: String?, rtf: URL)] = []
        for (root, scriv, title, id, folder) in [
            (root, source, "Arrival", "A0000000-0000-0000-0000-000000000011", "Files/Data/A0000000-0000-0000-0000-000000000011/content.rtf"),
            (root, source, "Departure", "A0000000-0000-0000-0000-000000000012", "Files/Data/A0000000-0000-0000-0000-000000000012/content.rtf"),
            (root, source, "Keeper", "A0000000-0000-0000-0000-000000000014", "Files/Data/A0000000-0000-0000-0000-000000000014/content.rtf"),
            (root, source, "Mara", "A0000000-0000-0000-0000-000000000016", "Files/Data/A0000000-0000-0000-0000-000000000016/content.rtf"),
        ] {
            cases.append((root, title, nil, scriv.appendingPathComponent(folder)))
            // Each snapshot, oldest first, against the document's versions before the import's own, oldest first.
            let snapshots = scriv.appendingPathComponent("Snapshots/\(id).snapshots")
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: snapshots.path)) ?? []).filter { $0.hasSuffix(".rtf") }
                .sorted { (ScrivenerFixture.utc($0) ?? 0) < (ScrivenerFixture.utc($1) ?? 0) }
            let log = try expect(0, "log", title, "--json", in: root).json()["versions"] as? [[String: Any]] ?? []
            let versions = log.dropFirst().reversed().compactMap { $0["short"] as? String }
            XCTAssertEqual(versions.count, files.count, title)
            for (file, version) in zip(files, versions) { cases.append((root, title, version, snapshots.appendingPathComponent(file))) }
        }
        XCTAssertEqual(cases.count, 8)
        for (root, title, revision, rtf) in cases {
            let text = try String(contentsOf: try LibreOffice.convert(rtf, to: "txt:Text", extension: "txt", in: scratch), encoding: .utf8)
            let libreOffice = text.replacingOccurrences(of: "\u{FEFF}", with: "")
                .replacing(#/ ?\{\\Scrv_annot.*?\\end_Scrv_annot\}|\{\\Scrv_fn=.*?\\end_Scrv_fn\}/#, with: "")
                .split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
            let shown = try expect(0, "show", title + (revision.map { "@" + $0 } ?? ""), in: root).stdout.replacing(#/\^\[[^\]]*\]/#, with: "")
            let msx = shown.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
            XCTAssertEqual(msx, libreOffice, "\(title)@\(revision ?? "today")")
        }
    }

    /// The snapshots of every document become versions in the order they were taken, whatever their documents'
    /// order in the binder and whatever time zone each was taken in.
    func testAllSnapshotsAreVersionsInDateOrder() throws {
        let (root, _, _) = try imported()
        let formatter = ISO8601DateFormatter()
        let log = try expect(0, "log", "--json", in: root).json()["versions"] as? [[String: Any]] ?? []
        let moments = log.compactMap { ($0["date"] as? String).flatMap(formatter.date) }
        XCTAssertEqual(moments.count, log.count)
        XCTAssertEqual(moments, moments.sorted(by: >), "newest first: \(log.map { $0["date"] ?? "" })")
        XCTAssertEqual(log.count, 5, "four snapshots of two documents, then the import")
    }

    /// Right after an import nothing has been written: today's words are 0, no day holds the imported words, and
    /// the streak has not started; the words are shown as brought in.
    func testStatsRightAfterTheImportCountNothingAsWritten() throws {
        let (root, _, _) = try imported()
        let stats = try expect(0, "stats", "--json", in: root).json()
        XCTAssertEqual((stats["days"] as? [Any])?.count, 0, "\(stats)")
        XCTAssertEqual((stats["session"] as? [String: Any])?["today"] as? Int, 0)
        XCTAssertEqual(stats["streak"] as? Int, 0)
        let brought = stats["broughtIn"] as? [[String: Any]] ?? []
        XCTAssertEqual(Set(brought.compactMap { $0["how"] as? String }), ["import"])
        // Every word of every version came in: the sum of the versions' trailers, read by git.
        let log = try git("log", "--format=%B", in: root)
        let added = log.matches(of: #/Msx-Document: \S+ \+(\d+) -\d+/#).reduce(0) { $0 + Int($1.output.1)! }
        XCTAssertEqual(brought.reduce(0) { $0 + ($1["added"] as? Int ?? 0) }, added)
        XCTAssertGreaterThan(added, 0)
        let text = try expect(0, "stats", in: root).stdout
        XCTAssertTrue(text.contains("No words written yet") && text.contains("Brought in by import, not written: +\(added)"), text)
    }

    /// Scrivener 3's writing history comes across as the days `stats` shows: each day's draft words, as Scrivener
    /// counts a session, and the imported words still apart.
    func testScrivenersWritingHistoryIsWhereTheStatsStart() throws {
        let source = try ScrivenerFixture.scrivener3(in: scratch, png: png)
        let history = [("2023-08-01", 412, 30), ("2023-08-02", -57, 0), ("2023-08-04", 1_210, 12)]
        try ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<WritingHistory>\n"
            + history.map { "<Day dwc=\"\($0.1)\" dcc=\"\($0.1 * 5)\" owc=\"\($0.2)\" occ=\"0\">\($0.0)</Day>\n" }.joined()
            + "</WritingHistory>\n").write(to: source.appendingPathComponent("Files/writing.history"), atomically: true, encoding: .utf8)
        let root = scratch.appendingPathComponent("lighthouse")
        try expect(0, "init", root.path, "--from", source.path, in: scratch)
        try expect(0, "check", in: root)
        let stats = try expect(0, "stats", "--json", in: root).json()
        let days = (stats["days"] as? [[String: Any]] ?? []).map { ($0["period"] as? String ?? "", $0["added"] as? Int ?? 0, $0["removed"] as? Int ?? 0) }
        XCTAssertEqual(days.map(\.0), history.map(\.0))
        XCTAssertEqual(days.map(\.1), history.map { max(0, $0.1) })
        XCTAssertEqual(days.map(\.2), history.map { max(0, -$0.1) })
        XCTAssertEqual((stats["session"] as? [String: Any])?["today"] as? Int, 0)
        XCTAssertFalse((stats["broughtIn"] as? [Any] ?? []).isEmpty, "the imported words are still apart")
        XCTAssertTrue(try expect(0, "stats", "--days", "5", in: root).stdout.contains("2023-08-04  +1,210 / -0"))
    }

    /// `msx import Book.scriv --into FOLDER` brings the texts into an existing project (no history): a folder of
    /// the project's title holding its binder but the trash, each document with its notes.
    func testImportBringsTheTextsIntoAFolder() throws {
        let source = try ScrivenerFixture.scrivener3(in: scratch, png: png)
        let root = try makeProject()
        try expect(0, "snapshot", "-m", "start", in: root)
        let result = try expect(0, "import", source.path, "--into", "Research", "--json", in: root).json()
        let warnings = result["warnings"] as? [String] ?? []
        XCTAssertTrue(warnings.contains { $0.contains("Characters: a folder keeps no notes") }, "\(result)")
        // What came across in another shape is said as such, not as something left behind.
        XCTAssertTrue(warnings.contains { $0.hasSuffix(": the collection 'To revise' is the keyword 'To revise' on its 1 item") }, "\(warnings)")
        XCTAssertFalse(warnings.contains { $0.contains("not brought in: the collection") }, "\(warnings)")
        let titles = (result["created"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        XCTAssertEqual(titles, ["Lighthouse", "Manuscript", "Part One", "Arrival", "Departure", "Research", "Map", "Keeper", "Characters",
                                "Characters (notes)", "Mara"])
        XCTAssertEqual(try read("contents/research/lighthouse/manuscript/part-one/arrival.notes.md", in: root), "Check the tide tables.\n")
        XCTAssertEqual(try read("contents/research/lighthouse/manuscript/part-one/arrival.md", in: root),
                       "The boat came in at dusk.\n\nMara watched from the lamp room^[The lamp room is at the top of the tower.].\n")
        XCTAssertEqual(try expect(0, "log", "--json", in: root).json()["versions"].map { ($0 as? [Any])?.count }, 1, "no history comes with an import")
        try expect(0, "check", in: root)
    }

    func testATextThatIsALinkOutOfTheProjectIsNamedNotSkippedSilently() throws {
        let source = try ScrivenerFixture.scrivener3(in: scratch, png: png)
        let data = source.appendingPathComponent("Files/Data")
        let folder = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: data.path).sorted().first { name in
            FileManager.default.fileExists(atPath: data.appendingPathComponent("\(name)/content.rtf").path)
        })
        let text = data.appendingPathComponent("\(folder)/content.rtf")
        let outside = scratch.appendingPathComponent("outside.rtf")
        try FileManager.default.moveItem(at: text, to: outside)
        try FileManager.default.createSymbolicLink(at: text, withDestinationURL: outside)
        let root = try makeProject()
        let result = try expect(0, "import", source.path, "--into", "Research", "--json", in: root).json()
        let warnings = result["warnings"] as? [String] ?? []
        XCTAssertTrue(warnings.contains { $0.contains("Files/Data/\(folder)/content.rtf) is a symbolic link leading out of the project") },
                      "\(warnings)")
    }

    func testMissingAndDamagedFilesAreReportedAndNeverStopTheImport() throws {
        let source = try ScrivenerFixture.scrivener3(in: scratch, png: png)
        try FileManager.default.removeItem(at: source.appendingPathComponent("Files/Data/A0000000-0000-0000-0000-000000000014/content.rtf"))
        try Data("not rtf at all".utf8).write(to: source.appendingPathComponent("Files/Data/A0000000-0000-0000-0000-000000000016/content.rtf"))
        try FileManager.default.removeItem(at: source.appendingPathComponent("Files/Data/A0000000-0000-0000-0000-000000000013/content.png"))
        let root = scratch.appendingPathComponent("damaged")
        let report = try expect(0, "init", root.path, "--from", source.path, "--json", in: scratch).json()
        let problems = report["problems"] as? [String] ?? []
        XCTAssertTrue(problems.contains { $0.hasPrefix("Mara: its text") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.hasPrefix("Map: its Image file is missing") }, "\(problems)")
        XCTAssertEqual(try read("contents/research/keeper.md", in: root), "", "a text Scrivener never wrote is an empty document")
        try expect(0, "check", in: root)

        // A folder that is no Scrivener project is refused, and nothing is made.
        let plain = scratch.appendingPathComponent("NotAProject.scriv")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        let refused = try expect(3, "init", scratch.appendingPathComponent("none").path, "--from", plain.path, in: scratch)
        XCTAssertTrue(refused.stderr.contains("not a Scrivener project"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("none").path))
    }
}
