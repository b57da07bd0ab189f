import Foundation
import XCTest

/// Issue 15, item 1: `msx init DIR --from Book.scriv` brings a Scrivener project across with its history: the
/// binder and its metadata, each text (the words LibreOffice reads from the same RTF), files as research, and every
/// snapshot a version of its document, dated and titled as in Scrivener.
final class ScrivenerImportTests: MsxTestCase {
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
        XCTAssertEqual(tree, ["Lighthouse", "Manuscript/", "  Part One/", "    Arrival", "    Departure", "Research/", "  Map", "  Keeper", "  Characters/",
                              "    Mara", "Notes/", "  Arrival (notes)", "Trash/", "  Old opening"])
        let arrival = try node("Arrival", in: root)
        XCTAssertEqual(arrival["label"] as? String, "Scene")
        XCTAssertEqual(arrival["status"] as? String, "First Draft")
        XCTAssertEqual(arrival["keywords"] as? [String], ["storm", "night"])
        XCTAssertEqual(arrival["target"] as? Int, 1500)
        XCTAssertEqual(arrival["synopsis"] as? String, "Mara sees the boat.")
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
        XCTAssertTrue(try read("contents/notes/arrival-notes.md", in: root).contains("Check the tide tables."))
        XCTAssertTrue((report["problems"] as? [String] ?? []).contains { $0.hasPrefix("Arrival: its notes") }, "\(report)")
        try expect(0, "check", in: root)
        XCTAssertEqual(try expect(0, "status", "--json", in: root).json()["clean"] as? Bool, true)
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
        XCTAssertEqual(log.dropFirst().map { $0["date"] as? String }, ["2024-02-03T06:30:00Z", "2024-02-02T21:00:00Z", "2024-01-10T07:15:00Z"])
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
        XCTAssertTrue(dates.contains("2024-02-03 01:30:00 -0500 Untitled Snapshot"), dates)
        XCTAssertEqual(try ExternalTool.run("/usr/bin/git", ["-C", root.path, "fsck", "--strict"], package: "git", mergingErrors: true).status, 0)
    }

    func testTheWordsAreWhatLibreOfficeReadsFromTheSameRTF() throws {
        let (root, source, _) = try imported()
        let files = [("Arrival", "A0000000-0000-0000-0000-000000000011"), ("Mara", "A0000000-0000-0000-0000-000000000016")]
        for (title, id) in files {
            let rtf = source.appendingPathComponent("Files/Data/\(id)/content.rtf")
            let text = try String(contentsOf: try LibreOffice.convert(rtf, to: "txt:Text", extension: "txt", in: scratch), encoding: .utf8)
            let libreOffice = text.replacingOccurrences(of: "\u{FEFF}", with: "").split(whereSeparator: \.isNewline).map(String.init)
            // Scrivener's inspector footnote is not in the RTF's text: msx puts it inline, LibreOffice knows nothing of it.
            let shown = try expect(0, "show", title, in: root).stdout.replacing(#/\^\[[^\]]*\]/#, with: "")
            let msx = shown.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
            XCTAssertEqual(msx, libreOffice.filter { !$0.isEmpty }, title)
        }
    }

    /// `msx import Book.scriv --into FOLDER` brings the texts into an existing project (no history): a folder of
    /// the project's title holding its binder but the trash, and the documents' notes.
    func testImportBringsTheTextsIntoAFolder() throws {
        let source = try ScrivenerFixture.scrivener3(in: scratch, png: png)
        let root = try makeProject()
        try expect(0, "snapshot", "-m", "start", in: root)
        let result = try expect(0, "import", source.path, "--into", "Research", "--json", in: root).json()
        XCTAssertTrue((result["warnings"] as? [String] ?? []).contains { $0.contains("not brought in: Arrival: its notes") }, "\(result)")
        let titles = (result["created"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        XCTAssertEqual(titles, ["Lighthouse", "Manuscript", "Part One", "Arrival", "Departure", "Research", "Map", "Keeper", "Characters",
                                "Mara", "Notes", "Arrival (notes)"])
        XCTAssertEqual(try read("contents/research/lighthouse/manuscript/part-one/arrival.md", in: root),
                       "The boat came in at dusk.\n\nMara watched from the lamp room^[The lamp room is at the top of the tower.].\n")
        XCTAssertEqual(try expect(0, "log", "--json", in: root).json()["versions"].map { ($0 as? [Any])?.count }, 1, "no history comes with an import")
        try expect(0, "check", in: root)
    }

    /// Scrivener 2 and Scrivener for Windows 1 (a `.scrivx` of format 1.0), and Scrivener 1's `binder.scrivproj`.
    func testTheOlderFormatComesAcrossToo() throws {
        for (index, binder) in ["Harbour.scrivx", "binder.scrivproj"].enumerated() {
            let source = try ScrivenerFixture.scrivener2(in: scratch.appendingPathComponent("old-\(index)"), binderName: binder)
            let root = scratch.appendingPathComponent("harbour-\(index)")
            let report = try expect(0, "init", root.path, "--from", source.path, "--json", in: scratch).json()
            XCTAssertEqual(report["documents"] as? Int, 2, "\(binder): \(report)")
            XCTAssertEqual(report["snapshots"] as? Int, 1)
            let chapter = try node("Chapter One", in: root)
            XCTAssertEqual(chapter["label"] as? String, "Chapter")
            XCTAssertEqual(chapter["status"] as? String, "Revised")
            XCTAssertEqual(chapter["synopsis"] as? String, "Nothing happens, slowly.")
            XCTAssertNil(chapter["target"], "a target of 0 is none")
            XCTAssertEqual(try node("Cut scene", in: root)["includeInCompile"] as? Bool, false)
            XCTAssertEqual(try expect(0, "show", "Chapter One", in: root).stdout, "The harbour was quiet.\n")
            let log = try expect(0, "log", "Chapter One", "--json", in: root).json()["versions"] as? [[String: Any]] ?? []
            XCTAssertEqual(log.map { $0["message"] as? String }, ["Imported from Scrivener: Harbour", "Untitled Snapshot"], binder)
            XCTAssertEqual(log.last?["date"] as? String, "2012-07-17T19:49:41Z")
            XCTAssertTrue(try read("contents/notes/chapter-one-notes.md", in: root).contains("Too slow?"))
            try expect(0, "check", in: root)
        }
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
