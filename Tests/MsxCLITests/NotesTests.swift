import Foundation
import XCTest

/// A document's notes (`NAME.notes.md` beside `NAME.md`) belong to it: set and shown by `notes` and
/// `show --notes`, moved, renamed, trashed, snapshotted, restored, compared and merged with it, never compiled,
/// and never taken for a document of their own.
final class NotesTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private let lampNotes = "contents/draft/lamp.notes.md"

    func testNotesAreSetShownAndRecordedWithTheirDocument() throws {
        let book = try makeBook()
        let root = book.root
        let none = try expect(0, "notes", "Lamp", in: root)
        XCTAssertEqual(none.stdout, "")
        XCTAssertTrue(none.stderr.contains("'Lamp' has no notes"), none.stderr)
        try expect(0, "notes", "Lamp", "--set", "Nell is eleven.", in: root)
        XCTAssertEqual(try read(lampNotes, in: root), "Nell is eleven.\n")
        try expect(0, "notes", "Lamp", "--append", "Check the *tide* tables.", in: root)
        XCTAssertEqual(try expect(0, "notes", "Lamp", in: root).stdout, "Nell is eleven.\n\nCheck the *tide* tables.\n")
        XCTAssertEqual(try expect(0, "show", "Lamp", "--notes", in: root).stdout, "Nell is eleven.\n\nCheck the *tide* tables.\n")
        // Only the notes changed: the document is modified (notes), and the words it counts are its text's.
        let status = try expect(0, "status", "--json", in: root).json()
        let changed = (status["documents"] as? [[String: Any]] ?? []).first { $0["title"] as? String == "Lamp" }
        XCTAssertEqual(changed?["notes"] as? Bool, true, "\(status)")
        XCTAssertEqual(changed?["text"] as? Bool, false, "\(status)")
        XCTAssertTrue(try expect(0, "status", in: root).stdout.contains("modified (notes)"))
        try expect(0, "snapshot", "-m", "notes", in: root)
        XCTAssertEqual(try git("show", "HEAD:" + lampNotes, in: root), "Nell is eleven.\n\nCheck the *tide* tables.\n")
        let log = try expect(0, "log", "Lamp", "--json", in: root).json()["versions"] as? [[String: Any]] ?? []
        XCTAssertEqual(((log.first?["change"] as? [String: Any])?["notes"]) as? Bool, true, "\(log)")
        XCTAssertEqual(((log.first?["change"] as? [String: Any])?["wordsAdded"]) as? Int, 0, "notes are not the document's words")
        // A version's notes, and the diff names the change.
        try expect(0, "notes", "Lamp", "--set", "Nell is twelve.", in: root)
        let diff = try expect(0, "diff", in: root).stdout
        XCTAssertTrue(diff.contains("\n  notes changed (+1 -5 words)\n"), diff)
        try expect(0, "snapshot", in: root)
        XCTAssertEqual(try expect(0, "show", "Lamp@~1", "--notes", in: root).stdout, "Nell is eleven.\n\nCheck the *tide* tables.\n")
        let json = try expect(0, "show", "Lamp@~2", "--notes", "--json", in: root).json()
        XCTAssertTrue(json["notes"] is NSNull, "\(json)")
        XCTAssertEqual(json["path"] as? String, lampNotes)
        // Never compiled; never a document of their own.
        let out = scratch.appendingPathComponent("book.html")
        try expect(0, "compile", "--format", "html", "-o", out.path, in: root)
        XCTAssertFalse(try String(contentsOf: out, encoding: .utf8).contains("twelve"))
        let check = try expect(0, "check", "--json", in: root).json()
        XCTAssertEqual((check["findings"] as? [Any])?.count, 0, "\(check)")
        try expect(0, "notes", "Lamp", "--set", "", in: root)
        XCTAssertFalse(exists(lampNotes, in: root))
    }

    func testNotesFollowTheirDocumentThroughTheBinder() throws {
        let book = try makeBook()
        let root = book.root
        try expect(0, "notes", "Lamp", "--set", "Nell is eleven.", in: root)
        try expect(0, "new", "Part One", "--folder", in: root)
        try expect(0, "mv", "Lamp", "--into", "Part One", in: root)
        XCTAssertEqual(try read("contents/draft/part-one/lamp.notes.md", in: root), "Nell is eleven.\n")
        try expect(0, "rename", "Lamp", "The Lamp", in: root)
        XCTAssertEqual(try read("contents/draft/part-one/the-lamp.notes.md", in: root), "Nell is eleven.\n")
        try expect(0, "trash", "The Lamp", in: root)
        XCTAssertEqual(try expect(0, "show", "The Lamp", "--notes", in: root).stdout, "Nell is eleven.\n")
        try expect(0, "untrash", "The Lamp", in: root)
        XCTAssertEqual(try expect(0, "show", "The Lamp", "--notes", in: root).stdout, "Nell is eleven.\n")
        try expect(0, "check", in: root)
        try expect(0, "snapshot", in: root)
        try expect(0, "trash", "The Lamp", in: root)
        try expect(0, "trash", "--empty", "--yes", in: root)
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("contents").path)
        XCTAssertFalse(leftovers.contains { $0.contains("lamp") }, "\(leftovers)")
        // Restoring the document brings its notes back with it.
        let restored = try expect(0, "restore", book.lamp, "--json", in: root).json()
        XCTAssertTrue((restored["changes"] as? [String] ?? []).contains("notes restored"), "\(restored)")
        XCTAssertEqual(try expect(0, "show", "The Lamp", "--notes", in: root).stdout, "Nell is eleven.\n")
    }

    func testRestoreBringsBackTheNotesOfTheVersion() throws {
        let book = try makeBook()
        let root = book.root
        try expect(0, "notes", "Sea", "--set", "First thoughts.", in: root)
        try expect(0, "snapshot", in: root)
        try expect(0, "notes", "Sea", "--set", "", in: root)
        try write("The sea was grey.\n", to: Book.seaPath, in: root)
        try expect(0, "snapshot", in: root)
        try expect(0, "restore", "Sea@~1", in: root)
        XCTAssertEqual(try read("contents/draft/sea.notes.md", in: root), "First thoughts.\n")
        XCTAssertEqual(try read(Book.seaPath, in: root), Book.seaText)
        // The whole project, too.
        try expect(0, "snapshot", in: root)
        try expect(0, "restore", "--all", "--at", "HEAD~3", in: root)
        XCTAssertFalse(exists("contents/draft/sea.notes.md", in: root), "the notes were not there then")
        try expect(0, "check", in: root)
    }

    func testCheckKeepsNotesWithDocumentsMovedOrFoundOutsideMsx() throws {
        let book = try makeBook()
        let root = book.root
        try expect(0, "notes", "Lamp", "--set", "Nell is eleven.", in: root)
        // Moved by hand into another folder with its notes: check re-attaches the document; its notes stay its own.
        try expect(0, "new", "Part One", "--folder", in: root)
        let fm = FileManager.default
        for name in ["lamp.md", "lamp.notes.md"] {
            try fm.moveItem(at: root.appendingPathComponent("contents/draft/" + name), to: root.appendingPathComponent("contents/draft/part-one/" + name))
        }
        try expect(0, "check", "--repair", in: root)
        XCTAssertEqual(try expect(0, "show", "Lamp", "--notes", in: root).stdout, "Nell is eleven.\n")
        // A document written outside msx with notes beside it is adopted with them, not as two documents.
        try write("Far out.\n", to: "contents/draft/buoy.md", in: root)
        try write("Painted red.\n", to: "contents/draft/buoy.notes.md", in: root)
        let stray = try expect(0, "check", "--json", in: root).json()
        XCTAssertEqual((stray["findings"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }, ["contents/draft/buoy.md"], "\(stray)")
        let repaired = try expect(0, "check", "--repair", "--json", in: root).json()
        XCTAssertEqual((repaired["repairs"] as? [Any])?.count, 1, "\(repaired)")
        XCTAssertEqual(try expect(0, "show", "Buoy", "--notes", in: root).stdout, "Painted red.\n")
        // Notes alone, their document gone, are words: adopted as a document (under a name no document's notes can
        // take), never dropped.
        try write("Orphaned thought.\n", to: "contents/draft/gone.notes.md", in: root)
        try expect(0, "check", "--repair", in: root)
        XCTAssertEqual(try read("contents/draft/gone-notes.md", in: root), "Orphaned thought.\n")
        XCTAssertFalse(exists("contents/draft/gone.notes.md", in: root))
        try expect(0, "new", "Gone", in: root)
        XCTAssertEqual(try expect(0, "show", "Gone", "--notes", in: root).stderr, "'Gone' has no notes\n")
    }

    func testNotesMergeLikeWords() throws {
        let book = try makeBook()
        let root = book.root
        try expect(0, "notes", "Sea", "--set", "Tide at six.\n\nWind from the west.", in: root)
        try expect(0, "snapshot", in: root)
        try expect(0, "branch", "other", in: root)
        try expect(0, "notes", "Sea", "--set", "Tide at seven.\n\nWind from the west.", in: root)
        try expect(0, "snapshot", in: root)
        try expect(0, "switch", "other", in: root)
        try expect(0, "notes", "Sea", "--set", "Tide at six.\n\nWind from the north.", in: root)
        try expect(0, "snapshot", in: root)
        try expect(0, "switch", "main", in: root)
        try expect(0, "merge", "other", in: root)
        XCTAssertEqual(try read("contents/draft/sea.notes.md", in: root), "Tide at seven.\n\nWind from the north.\n")
        // Both sides changing the same words keep both, between markers, and say so; the merge is not held up.
        try expect(0, "switch", "other", in: root)
        try expect(0, "merge", "main", in: root)
        try expect(0, "notes", "Sea", "--set", "Tide at eight.\n\nWind from the north.", in: root)
        try expect(0, "snapshot", in: root)
        try expect(0, "switch", "main", in: root)
        try expect(0, "notes", "Sea", "--set", "Tide at nine.\n\nWind from the north.", in: root)
        try expect(0, "snapshot", in: root)
        let merged = try expect(0, "merge", "other", "--json", in: root).json()
        XCTAssertTrue((merged["conflicts"] as? [String] ?? []).contains { $0.contains("'Sea': its notes changed on both sides") }, "\(merged)")
        let notes = try read("contents/draft/sea.notes.md", in: root)
        XCTAssertTrue(notes.contains("nine") && notes.contains("eight") && notes.contains("<<<<<<< this project"), notes)
    }

    /// Notes that are a link out of the project are never read or recorded: every command refuses, check says so.
    func testNotesLinkedOutOfTheProjectAreRefused() throws {
        let book = try makeBook()
        let outside = scratch.appendingPathComponent("secret.txt")
        try write("not the writer's\n", to: "secret.txt", in: scratch)
        try FileManager.default.createSymbolicLink(atPath: book.root.appendingPathComponent(lampNotes).path, withDestinationPath: outside.path)
        let head = try revision(in: book.root)
        for command in [["notes", "Lamp"], ["status"], ["snapshot"], ["show", "Lamp", "--notes"]] {
            let refused = try runMsx(command + ["--json"], in: book.root).json()
            XCTAssertEqual((refused["error"] as? [String: Any])?["code"] as? String, "path-escapes-project", "\(command): \(refused)")
        }
        XCTAssertEqual(try revision(in: book.root), head, "nothing recorded")
        let check = try expect(1, "check", "--json", in: book.root).json()
        XCTAssertEqual((check["findings"] as? [[String: Any]])?.first?["code"] as? String, "path-escapes-project", "\(check)")
    }

    /// The editor runs with no lock held: another msx command (here a snapshot, from the editor itself) goes on.
    func testNotesAreEditedInTheWritersEditor() throws {
        let book = try makeBook()
        let editor = scratch.appendingPathComponent("editor.sh")
        let msx = try MsxRunner.requireBinary().path
        try write("#!/bin/sh\nprintf 'Written in the editor.\\n' >> \"$1\"\n\"\(msx)\" -C \"\(book.root.path)\" snapshot -m during >/dev/null || exit 7\n",
                  to: "editor.sh", in: scratch)
        chmod(editor.path, 0o755)
        let result = try runMsx(["notes", "Lamp", "--edit"], in: book.root, env: ["EDITOR": editor.path])
        assertExit(result, 0)
        XCTAssertEqual(try read(lampNotes, in: book.root), "Written in the editor.\n")
        // Only documents have notes.
        try expect(0, "new", "Part One", "--folder", in: book.root)
        let folder = try runMsx(["notes", "Part One", "--json"], in: book.root).json()
        XCTAssertEqual((folder["error"] as? [String: Any])?["code"] as? String, "not-a-document", "\(folder)")
    }

    /// A document whose Markdown was deleted by hand keeps its notes: a snapshot records them, taking it out of
    /// the binder leaves them (check adopts them), and restoring it works.
    func testNotesOutliveTheirDocumentsMarkdown() throws {
        let book = try makeBook()
        let root = book.root
        try expect(0, "notes", "Lamp", "--set", "Nell is eleven.", in: root)
        try expect(0, "snapshot", in: root)
        try FileManager.default.removeItem(at: root.appendingPathComponent(Book.lampPath))
        try write("Nell is twelve.\n", to: lampNotes, in: root)
        XCTAssertEqual(try expect(0, "show", "Lamp", "--notes", in: root).stdout, "Nell is twelve.\n", "shown without its Markdown")
        try expect(0, "snapshot", in: root)
        XCTAssertEqual(try git("show", "HEAD:" + lampNotes, in: root), "Nell is twelve.\n", "the notes are recorded")
        try expect(0, "restore", book.lamp, "--at", "HEAD~1", in: root)
        XCTAssertEqual(try read(Book.lampPath, in: root), Book.lampText)
        XCTAssertEqual(try read(lampNotes, in: root), "Nell is eleven.\n")
        // Taken out of the binder with its file gone: the notes stay, and check adopts them.
        try FileManager.default.removeItem(at: root.appendingPathComponent(Book.lampPath))
        try expect(0, "trash", "Lamp", in: root)
        XCTAssertEqual(try read(lampNotes, in: root), "Nell is eleven.\n")
        try expect(0, "check", "--repair", in: root)
        XCTAssertEqual(try read("contents/draft/lamp-notes.md", in: root), "Nell is eleven.\n")
    }

    /// Whole restores put the version's notes in place, also out of the Trash, and none where it had none; a merge
    /// keeps the notes of a document this side deleted and the other changed.
    func testRestoreFromTheTrashAndMergeKeepTheRightNotes() throws {
        let book = try makeBook()
        let root = book.root
        try expect(0, "notes", "Sea", "--set", "Later thought.", in: root)
        try expect(0, "trash", "Sea", in: root)
        try expect(0, "snapshot", in: root)
        try expect(0, "restore", "Sea@HEAD~1", in: root)
        XCTAssertEqual(try read(Book.seaPath, in: root), Book.seaText)
        XCTAssertFalse(exists("contents/draft/sea.notes.md", in: root), "the version had no notes")
        XCTAssertFalse(try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("contents/trash").path).contains { $0.contains("sea") })
        try expect(0, "notes", "Sea", "--set", "Kept.", in: root)
        try expect(0, "snapshot", in: root)
        try expect(0, "branch", "other", in: root)
        try expect(0, "trash", "Sea", in: root)
        try expect(0, "trash", "--empty", "--yes", in: root)
        try expect(0, "snapshot", in: root)
        try expect(0, "switch", "other", in: root)
        try expect(0, "meta", "Sea", "--status", "Revised", in: root)
        try expect(0, "snapshot", in: root)
        try expect(0, "switch", "main", in: root)
        try expect(0, "merge", "other", in: root)
        XCTAssertEqual(try expect(0, "show", "Sea", "--notes", in: root).stdout, "Kept.\n")
    }
}
