import Foundation
import XCTest

/// `msx restore`: a document, or the whole project, as it was at a version.
final class HistoryRestoreTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    static let lampSidecar = "contents/draft/lamp.attrs.json"
    static let revised = "The lamp went out at last.\n\nNell watched it from the quay.\n"
    static let unsaved = "The lamp was mended by morning.\n\nNell watched it from the quay.\n"

    /// Version 1: Lamp with "old lamp" underlined and status First Draft. Version 2: new words, no underline, "Nell"
    /// bold, status Revised. Then Lamp edited again without a snapshot. Returns the project and version 1's id.
    private func revisedBook() throws -> (book: Book, first: String) {
        let book = try makeBook(snapshot: false)
        try expect(0, "format", "Lamp", "--match", "old lamp", "--underline", in: book.root)
        try expect(0, "meta", "Lamp", "--status", "First Draft", in: book.root)
        try expect(0, "snapshot", in: book.root)
        let first = try revision(in: book.root)
        try write(Self.revised, to: Book.lampPath, in: book.root)
        try expect(0, "format", "Lamp", "--match", "Nell", "--underline=double", in: book.root)
        try expect(0, "meta", "Lamp", "--status", "Revised", in: book.root)
        try expect(0, "snapshot", in: book.root)
        try write(Self.unsaved, to: Book.lampPath, in: book.root)
        return (book, first)
    }

    /// Runs `restore arguments`, asserts exit 0, then asserts `msx check` passes and binder and files agree.
    @discardableResult
    private func restore(_ arguments: String..., in root: URL, file: StaticString = #filePath, line: UInt = #line) throws -> MsxResult {
        let result = try MsxRunner.run(["restore"] + arguments, in: root)
        assertExit(result, 0, file: file, line: line)
        try expect(0, "check", in: root, file: file, line: line)
        try assertConsistent(root, file: file, line: line)
        return result
    }

    /// Asserts a project file's bytes equal those at `revision` (via `git show`).
    private func assertFile(_ path: String, in root: URL, equalsVersion revision: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let old = try gitRun(["show", "\(revision):\(path)"], in: root)
        XCTAssertEqual(old.status, 0, old.stderr, file: file, line: line)
        XCTAssertEqual(String(decoding: try bytes(path, in: root), as: UTF8.self), old.stdout, path, file: file, line: line)
    }

    private func status(of reference: String, in root: URL) throws -> String? {
        try expect(0, "meta", reference, "--json", in: root).json()["node"].flatMap { ($0 as? [String: Any])?["status"] as? String }
    }

    func testTextFormattingAndMetadataComeBackAndNothingIsLost() throws {
        let (book, first) = try revisedBook()
        let short = String(first.prefix(7))
        let count = try commitCount(book.root)
        try restore("Lamp", "--to", short, in: book.root)
        try assertFile(Book.lampPath, in: book.root, equalsVersion: first)
        try assertFile(Self.lampSidecar, in: book.root, equalsVersion: first)
        XCTAssertEqual(try runTexts(of: "Lamp", in: book.root, where: "underline", is: "single"), ["old lamp"])
        XCTAssertEqual(try runTexts(of: "Lamp", in: book.root, where: "underline", is: "double"), [])
        XCTAssertEqual(try status(of: "Lamp", in: book.root), "First Draft")
        // The unsnapshotted words were recorded first, the restored ones after, as brought in by the restore.
        XCTAssertEqual(try commitCount(book.root), count + 2)
        XCTAssertEqual(try git("log", "-2", "--format=%s", in: book.root), "Restored 'Lamp' to \(short)\nBefore restore to \(short)\n")
        XCTAssertEqual(try git("show", "HEAD~1:\(Book.lampPath)", in: book.root), Self.unsaved)
        XCTAssertEqual(try markdown("Lamp@~1", in: book.root), Self.unsaved)
        try assertFile(Book.lampPath, in: book.root, equalsVersion: "HEAD")
        XCTAssertTrue(try git("log", "-1", "--format=%B", in: book.root).contains("Msx-Brought-In: restore"))
    }

    func testDryRunWritesNothing() throws {
        let (book, first) = try revisedBook()
        let before = snapshot(book.root, includePrivate: true)
        let count = try commitCount(book.root)
        for arguments in [["Lamp", "--to", first], ["--all", "--to", first], ["Lamp", "--to", first, "--text-only"]] {
            let result = try MsxRunner.run(["restore"] + arguments + ["--dry-run"], in: book.root)
            assertExit(result, 0)
            XCTAssertFalse(result.stdout.isEmpty, "a dry run says what it would do")
            let json = try MsxRunner.run(["restore"] + arguments + ["--dry-run", "--json"], in: book.root).json()
            XCTAssertEqual(json["dryRun"] as? Bool, true, "\(json)")
        }
        XCTAssertEqual(try commitCount(book.root), count)
        assertSameSnapshot(before, snapshot(book.root, includePrivate: true))
    }

    func testTextOnlyKeepsTodaysFormattingAndFormattingOnlyKeepsTodaysWords() throws {
        let (book, first) = try revisedBook()
        try expect(0, "snapshot", in: book.root)
        // Version 1 underlined "old lamp"; version 2 cut "old", and the underline stayed on "lamp"; today "Nell" is
        // double-underlined too. The text of version 1 takes today's formatting wherever today has its words, and
        // keeps its own on the words today lacks ("old").
        try restore("Lamp", "--to", first, "--text-only", in: book.root)
        XCTAssertEqual(try read(Book.lampPath, in: book.root), Book.lampText)
        XCTAssertEqual(try runTexts(of: "Lamp", in: book.root, where: "underline", is: "double"), ["Nell"])
        XCTAssertEqual(try runTexts(of: "Lamp", in: book.root, where: "underline", is: "single"), ["old lamp"])
        XCTAssertEqual(try status(of: "Lamp", in: book.root), "Revised", "--text-only leaves metadata alone")
        try write("The old lamp was mended.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: book.root)
        // Version 1's formatting on today's words: "old lamp" underlined again, "Nell" as it was then (plain).
        try restore("Lamp", "--to", first, "--formatting-only", in: book.root)
        XCTAssertEqual(try read(Book.lampPath, in: book.root), "The old lamp was mended.\n\nNell watched it from the quay.\n")
        XCTAssertEqual(try runTexts(of: "Lamp", in: book.root, where: "underline", is: "single"), ["old lamp"])
        XCTAssertEqual(try runTexts(of: "Lamp", in: book.root, where: "underline", is: "double"), [])
    }

    func testFormattingOnlyBringsBackTheFormattingTheMarkdownHeld() throws {
        let book = try makeBook()
        try write("The **old** lamp burned *all* night.\n\n> Nell watched it from the quay.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", "-m", "marked", in: book.root)
        let marked = try revision(in: book.root)
        // An editor's save drops the markup and changes a word.
        try write("The old lamp burned all evening.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: book.root)
        let output = try restore("Lamp", "--to", marked, "--formatting-only", in: book.root).stdout
        XCTAssertTrue(output.contains("formatting restored"), output)
        XCTAssertEqual(try read(Book.lampPath, in: book.root), "The **old** lamp burned *all* evening.\n\n> Nell watched it from the quay.\n")
    }

    func testTextOnlyKeepsTodaysMarkdownFormattingOnUnchangedWords() throws {
        let book = try makeBook()
        let first = try revision(in: book.root)
        try write("The old lamp burned all evening.\n\nNell watched it from the quay.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", "-m", "evening", in: book.root)
        // Today: a new bold on an unchanged word, and a quotation.
        try write("The old **lamp** burned all evening.\n\n> Nell watched it from the quay.\n", to: Book.lampPath, in: book.root)
        try restore("Lamp", "--to", first, "--text-only", in: book.root)
        XCTAssertEqual(try read(Book.lampPath, in: book.root), "The old **lamp** burned all night.\n\n> Nell watched it from the quay.\n")
    }

    func testTheVersionRecordedBeforeARestoreHoldsItsSidecarReanchored() throws {
        let book = try makeBook()
        try expect(0, "format", "Lamp", "--match", "old lamp", "--underline", in: book.root)
        try expect(0, "snapshot", "-m", "underlined", in: book.root)
        let first = try revision(in: book.root)
        // Typed into the underlined phrase in another editor, then restored at once: the version recorded first
        // holds the underline on the phrase as typed.
        try write(Book.lampText.replacingOccurrences(of: "old lamp", with: "old brass lamp"), to: Book.lampPath, in: book.root)
        let output = try restore("Lamp", "--to", first, "--text-only", in: book.root).stdout
        XCTAssertTrue(output.contains("saved the current state first as"), output)
        let saved = try revision("HEAD~1", in: book.root)
        try FileManager.default.removeItem(at: book.root.appendingPathComponent(".msx/base"))
        XCTAssertEqual(try runTexts(of: "Lamp@\(saved)", in: book.root, where: "underline", is: "single"), ["old brass lamp"])
        XCTAssertTrue(try git("show", "\(saved):\(Self.lampSidecar)", in: book.root).contains("old brass lamp"))
    }

    func testRestoringATrashedDocumentTakesItOutOfTheTrash() throws {
        let (book, first) = try revisedBook()
        try expect(0, "trash", "Lamp", in: book.root)
        try restore("Lamp", "--to", first, in: book.root)
        let lamp = try XCTUnwrap(try node(id: book.lamp, in: book.root))
        XCTAssertFalse(lamp.path.hasPrefix("contents/trash/"), lamp.path)
        XCTAssertEqual(try read(lamp.path, in: book.root), Book.lampText)
        XCTAssertFalse(try treeNodes(book.root).first { $0.title == "Trash" }?.childTitles.contains("Lamp") ?? true)
    }

    func testRestoringADeletedDocumentRecreatesItWithItsId() throws {
        let book = try makeBook()
        let first = try revision(in: book.root)
        try expect(0, "trash", "Sea", in: book.root)
        try expect(0, "trash", "--empty", "--yes", in: book.root)
        try expect(0, "snapshot", in: book.root)
        XCTAssertNil(try node(id: book.sea, in: book.root))
        try restore("Sea", "--to", first, in: book.root)
        let sea = try XCTUnwrap(try node(id: book.sea, in: book.root), "Sea is back with its old id")
        XCTAssertEqual(sea.title, "Sea")
        XCTAssertEqual(try read(sea.path, in: book.root), Book.seaText)
        XCTAssertEqual(try markdown(book.sea, in: book.root), Book.seaText)
    }

    func testRestoreThenRestoreBackGivesTheOriginalBytes() throws {
        let (book, first) = try revisedBook()
        let original = try bytes(Book.lampPath, in: book.root)
        let underlined = try ["single", "double"].map { try runTexts(of: "Lamp", in: book.root, where: "underline", is: $0) }
        try restore("Lamp", "--to", first, in: book.root)
        let saved = try revision("HEAD~1", in: book.root)  // "Before restore": the state just replaced
        // Its sidecar, stale after the outside edit, was recorded re-anchored onto the text recorded with it.
        let recordedSidecar = try git("show", "\(saved):\(Self.lampSidecar)", in: book.root)
        XCTAssertNotEqual(try bytes(Book.lampPath, in: book.root), original)
        try restore("Lamp", "--to", saved, in: book.root)
        XCTAssertEqual(try bytes(Book.lampPath, in: book.root), original)
        XCTAssertEqual(try read(Self.lampSidecar, in: book.root), recordedSidecar)
        XCTAssertEqual(try ["single", "double"].map { try runTexts(of: "Lamp", in: book.root, where: "underline", is: $0) }, underlined)
        XCTAssertEqual(try status(of: "Lamp", in: book.root), "Revised")
    }

    func testRestoreAllTrashesLaterDocumentsAndBringsBackTheRest() throws {
        let (book, first) = try revisedBook()
        try write("The sea froze.\n", to: Book.seaPath, in: book.root)
        let harbour = try addDocument("Harbour", "Boats knocked.\n", to: book.root)
        try expect(0, "snapshot", in: book.root)
        try restore("--all", "--to", first, in: book.root)
        for path in [Book.lampPath, Self.lampSidecar, Book.seaPath] {
            try assertFile(path, in: book.root, equalsVersion: first)
        }
        let moved = try XCTUnwrap(try node(id: harbour.id, in: book.root), "Harbour is kept")
        XCTAssertTrue(moved.path.hasPrefix("contents/trash/"), moved.path)
        XCTAssertEqual(try read(moved.path, in: book.root), "Boats knocked.\n")
        XCTAssertEqual(try status(of: "Lamp", in: book.root), "First Draft")
    }

    /// Restoring the whole project first records what it replaces: words never snapshotted, a document added since,
    /// and metadata, all readable in the safety version afterwards.
    func testRestoreAllRecordsASafetyVersionOfWhatItReplaces() throws {
        let (book, first) = try revisedBook()
        try write("Unsaved words about the lamp.\n", to: Book.lampPath, in: book.root)
        let harbour = try addDocument("Harbour", "Boats knocked.\n", to: book.root)
        try expect(0, "meta", "Sea", "--status", "Final", in: book.root)
        let count = try commitCount(book.root)
        let json = try expect(0, "restore", "--all", "--to", first, "--json", in: book.root).json()
        let safety = try XCTUnwrap(json["safetyVersion"] as? String, "restore --all names its safety version")
        XCTAssertEqual(try commitCount(book.root), count + 2, "exactly the safety version and the restored one are new")
        XCTAssertEqual(try revision("HEAD~1", in: book.root), safety)
        XCTAssertEqual(try revision("HEAD", in: book.root), json["restoredVersion"] as? String)
        XCTAssertEqual(try git("show", "\(safety):\(Book.lampPath)", in: book.root), "Unsaved words about the lamp.\n")
        XCTAssertEqual(try git("show", "\(safety):\(harbour.path)", in: book.root), "Boats knocked.\n")
        XCTAssertTrue(try git("show", "\(safety):manuscript.json", in: book.root).contains("\"Final\""))
        XCTAssertTrue(try git("log", "-1", "--format=%s", safety, in: book.root).hasPrefix("Before restore to"))
        // And the working files are the old version's.
        try assertFile(Book.lampPath, in: book.root, equalsVersion: first)
        XCTAssertEqual(try markdown("Lamp@\(safety)", in: book.root), "Unsaved words about the lamp.\n")
    }

    /// Restoring a document names every metadata field it brings back; restoring only text or formatting leaves
    /// metadata alone.
    func testRestoreNamesEveryMetadataFieldItChanges() throws {
        let (book, first) = try revisedBook()
        try expect(0, "meta", "Lamp", "--add-keyword", "sea", "--target", "900", "--set", "pov=Nell", "--exclude", in: book.root)
        let textOnly = try expect(0, "restore", "Lamp", "--to", first, "--text-only", "--json", in: book.root).json()
        XCTAssertFalse((textOnly["changes"] as? [String] ?? []).contains { $0.hasPrefix("keywords") || $0.hasPrefix("status") })
        XCTAssertEqual(try status(of: "Lamp", in: book.root), "Revised")
        let whole = try expect(0, "restore", "Lamp", "--to", first, "--json", in: book.root).json()
        let changes = whole["changes"] as? [String] ?? []
        for line in ["status: Revised -> First Draft", "keywords: sea -> (none)", "target: 900 -> (none)",
                     "include in compile: false -> true", "pov: Nell -> (none)"] {
            XCTAssertTrue(changes.contains(line), "\(line) not in \(changes)")
        }
    }
}
