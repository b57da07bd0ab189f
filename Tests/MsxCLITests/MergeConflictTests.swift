import Foundation
import XCTest

/// A merge that stops at conflicts writes the merged files (this side's words where the two
/// conflict, or both between markers when asked) and records the conflicts; `conflicts` lists them, `resolve`
/// settles them, `snapshot` records the merge with both parents once none is left, and `merge --abort` goes back.
final class MergeConflictTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// The book with Sea's "calm that evening" made `ours` on main and `theirs` on the draft "other", and the
    /// Lamp's last line changed on the draft only; main is checked out.
    private func conflictedDrafts(ours: String = "black", theirs: String = "grey", name: String = "book") throws -> URL {
        let book = try makeBook(name: name)
        try expect(0, "branch", "other", in: book.root)
        try write("The sea was \(ours).\n", to: Book.seaPath, in: book.root)
        try expect(0, "snapshot", "-m", "ours", in: book.root)
        try expect(0, "switch", "other", in: book.root)
        try write("The sea was \(theirs).\n", to: Book.seaPath, in: book.root)
        try write("The old lamp burned all night.\n\nNell watched it from the stone quay.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", "-m", "theirs", in: book.root)
        try expect(0, "switch", "main", in: book.root)
        return book.root
    }

    private func conflicts(in root: URL) throws -> [[String: Any]] {
        try expect(0, "conflicts", "--json", in: root).json()["conflicts"] as? [[String: Any]] ?? []
    }

    func testAMergeStoppedAtConflictsIsResolvedThenRecordedWithBothParents() throws {
        let root = try conflictedDrafts()
        let head = try revision(in: root)
        let merge = try expect(1, "merge", "other", "--json", in: root).json()
        XCTAssertEqual(merge["outcome"] as? String, "conflicted", "\(merge)")
        // The files hold the merge: this side's words where the two conflict, the other's change elsewhere.
        XCTAssertEqual(try read(Book.seaPath, in: root), "The sea was black.\n")
        XCTAssertEqual(try read(Book.lampPath, in: root), "The old lamp burned all night.\n\nNell watched it from the stone quay.\n")
        XCTAssertEqual(try revision(in: root), head, "nothing is recorded before the conflicts are resolved")
        let status = try expect(0, "status", "--json", in: root).json()
        XCTAssertEqual((status["merge"] as? [String: Any])?["unresolved"] as? Int, 1, "\(status)")
        let listed = try conflicts(in: root)
        XCTAssertEqual(listed.count, 1)
        XCTAssertEqual(listed.first?["base"] as? String, "calm that evening")
        XCTAssertEqual(listed.first?["ours"] as? String, "black")
        XCTAssertEqual(listed.first?["theirs"] as? String, "grey")
        XCTAssertEqual(listed.first?["title"] as? String, "Sea")
        let human = try expect(0, "conflicts", in: root).stdout
        XCTAssertTrue(human.contains("'calm that evening' became 'black' here and 'grey' there"), human)
        // Refused while a conflict is open: a snapshot, another merge, a switch, a pull.
        let refused = try expect(1, "snapshot", "--json", in: root).json()
        XCTAssertEqual((refused["error"] as? [String: Any])?["code"] as? String, "unresolved-conflicts", "\(refused)")
        for command in [["merge", "other"], ["switch", "other"], ["snapshot", "Sea"]] {
            let busy = try runMsx(command + ["--json"], in: root).json()
            XCTAssertEqual((busy["error"] as? [String: Any])?["code"] as? String, "merge-in-progress", "\(command): \(busy)")
        }
        try expect(1, "resolve", "Sea", "7", "--theirs", in: root)
        let resolved = try expect(0, "resolve", "Sea", "--theirs", "--json", in: root).json()
        XCTAssertEqual(resolved["unresolved"] as? Int, 0, "\(resolved)")
        XCTAssertEqual(try read(Book.seaPath, in: root), "The sea was grey.\n")
        try expect(0, "snapshot", in: root)
        let parents = try git("rev-list", "--parents", "-n", "1", "HEAD", in: root).split(separator: " ").map(String.init)
        XCTAssertEqual(parents.count, 3, "a merge version has two parents")
        XCTAssertEqual(parents[1].trimmingCharacters(in: .whitespacesAndNewlines), head)
        XCTAssertEqual(parents[2].trimmingCharacters(in: .whitespacesAndNewlines), try revision("other", in: root))
        XCTAssertEqual(try git("log", "-1", "--format=%s", in: root).trimmingCharacters(in: .whitespacesAndNewlines), "Merge draft 'other'")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(".msx/merge.json").path))
        XCTAssertEqual(try expect(0, "status", "--json", in: root).json()["clean"] as? Bool, true)
        try expect(0, "merge", "other", in: root)  // up to date now
        try expect(0, "check", in: root)
        try assertRepositorySound(root)
    }

    /// The chosen words go where the conflict now stands, though the writer edited the document around it.
    func testResolveFindsTheConflictAfterOtherEditsAndKeepsThem() throws {
        let root = try conflictedDrafts(ours: "black that night", theirs: "grey that night")
        try expect(1, "merge", "other", in: root)
        try write("Far off, the sea was black that night, and cold.\n", to: Book.seaPath, in: root)
        try expect(0, "resolve", "Sea", "1", "--theirs", in: root)
        XCTAssertEqual(try read(Book.seaPath, in: root), "Far off, the sea was grey that night, and cold.\n")
        // Resolved again, the other way: the words placed by the first resolution are found.
        try expect(0, "resolve", "Sea", "1", "--both", in: root)
        XCTAssertEqual(try read(Book.seaPath, in: root), "Far off, the sea was black grey that night, and cold.\n")
        // Words edited away cannot be resolved by choice, only by hand.
        try write("The sea.\n", to: Book.seaPath, in: root)
        let moved = try expect(1, "resolve", "Sea", "1", "--theirs", "--json", in: root).json()
        XCTAssertEqual((moved["error"] as? [String: Any])?["code"] as? String, "conflict-moved", "\(moved)")
        try expect(0, "snapshot", in: root)
        XCTAssertEqual(try read(Book.seaPath, in: root), "The sea.\n")
    }

    /// With --markers both sides are in the file; --edit counts them settled only once the markers are gone.
    func testMarkersAreSettledByHandInTheEditor() throws {
        let root = try conflictedDrafts()
        try expect(1, "merge", "other", "--markers", in: root)
        let sea = try read(Book.seaPath, in: root)
        XCTAssertTrue(sea.contains("<<<<<<< this project\nblack\n=======\ngrey\n>>>>>>> draft 'other'"), sea)
        let stillMarked = try runMsx(["resolve", "Sea", "--edit"], in: root, env: ["EDITOR": "true"])
        XCTAssertEqual(stillMarked.exitCode, 1, stillMarked.stderr)
        XCTAssertTrue(stillMarked.stderr.contains("conflict markers"), stillMarked.stderr)
        let script = scratch.appendingPathComponent("settle.sh")
        try "#!/bin/sh\nprintf 'The sea was slate grey.\\n' > \"$1\"\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let edited = try runMsx(["resolve", "Sea", "--edit"], in: root, env: ["EDITOR": script.path])
        XCTAssertEqual(edited.exitCode, 0, edited.stderr)
        XCTAssertEqual((try conflicts(in: root)).first?["resolution"] as? String, "edited")
        try expect(0, "merge", "--continue", "-m", "Both seas", in: root)
        XCTAssertEqual(try git("log", "-1", "--format=%s", in: root).trimmingCharacters(in: .whitespacesAndNewlines), "Both seas")
        XCTAssertEqual(try git("show", "HEAD:\(Book.seaPath)", in: root), "The sea was slate grey.\n")
    }

    /// Both sides colour the same words differently: this side's colour stays until the writer takes the other's.
    func testAFormattingConflictTakesTheChosenValue() throws {
        let book = try makeBook()
        try expect(0, "branch", "other", in: book.root)
        try expect(0, "format", "Lamp", "--match", "watched it", "--color", "darkred", in: book.root)
        try expect(0, "snapshot", in: book.root)
        try expect(0, "switch", "other", in: book.root)
        try expect(0, "format", "Lamp", "--match", "watched it", "--color", "navy", in: book.root)
        try expect(0, "snapshot", in: book.root)
        try expect(0, "switch", "main", in: book.root)
        try expect(1, "merge", "other", in: book.root)
        let listed = try conflicts(in: book.root)
        XCTAssertEqual(listed.first?["kind"] as? String, "formatting", "\(listed)")
        XCTAssertEqual(listed.first?["oursValue"] as? String, "#8B0000")
        XCTAssertEqual(listed.first?["theirsValue"] as? String, "#000080")
        XCTAssertEqual(colour(of: "watched it", in: book.root), "#8B0000")
        let both = try expect(64, "resolve", "Lamp", "--both", "--json", in: book.root).json()
        XCTAssertEqual((both["error"] as? [String: Any])?["code"] as? String, "invalid-value", "\(both)")
        try expect(0, "resolve", "Lamp", "--theirs", in: book.root)
        XCTAssertEqual(colour(of: "watched it", in: book.root), "#000080")
        try expect(0, "snapshot", in: book.root)
        try expect(0, "check", in: book.root)
    }

    /// --abort puts the files back at the last version and keeps the abandoned ones (edits included) as a version.
    func testAbortGoesBackAndKeepsTheAbandonedFilesAsAVersion() throws {
        let root = try conflictedDrafts()
        let head = try revision(in: root)
        try expect(1, "merge", "--abort", in: root)  // no merge in progress
        try expect(1, "merge", "other", in: root)
        try write("The sea was black, said Nell.\n", to: Book.seaPath, in: root)
        let aborted = try expect(0, "merge", "--abort", "--json", in: root).json()
        XCTAssertEqual(aborted["to"] as? String, head)
        XCTAssertEqual(try read(Book.seaPath, in: root), "The sea was black.\n")
        XCTAssertEqual(try read(Book.lampPath, in: root), Book.lampText)
        XCTAssertEqual(try revision(in: root), head)
        let saved = try XCTUnwrap(aborted["saved"] as? String)
        XCTAssertEqual(try revision("refs/msx/aborted-merge", in: root), saved)
        XCTAssertEqual(try git("show", "\(saved):\(Book.seaPath)", in: root), "The sea was black, said Nell.\n")
        XCTAssertEqual(try expect(0, "status", "--json", in: root).json()["clean"] as? Bool, true)
        try expect(1, "merge", "other", in: root)  // the merge can start again
        try expect(0, "merge", "--abort", in: root)
        try expect(0, "check", in: root)
        try assertRepositorySound(root)
    }

    /// A kill -9 while a merge writes its conflicts, while one is resolved, while the merge is
    /// recorded and while it is abandoned leaves a project `check` accepts and a repository `git fsck` accepts, in
    /// one state or the other (never half); the merge then resumes or aborts cleanly.
    func testAConflictedMergeKilledAtAnyMomentResumesOrAbortsCleanly() throws {
        let merged = (sea: "The sea was black.\n", lamp: "The old lamp burned all night.\n\nNell watched it from the stone quay.\n")
        for point in ["journaled", "moved", "committed"] {
            let root = try conflictedDrafts(name: "merge-\(point)")
            let killed = try MsxRunner.spawn(["merge", "other"], in: root, environment: ["MSX_FAULT": point])
            XCTAssertTrue(killed.signalled, "\(point): not killed")
            try expect(0, "check", in: root)
            try assertRepositorySound(root)
            let merging = try expect(0, "conflicts", "--json", in: root).json()["merging"] as? Bool ?? false
            // The files and the state land together: both, or neither.
            XCTAssertEqual(try read(Book.lampPath, in: root), merging ? merged.lamp : Book.lampText, point)
            XCTAssertEqual(try read(Book.seaPath, in: root), merged.sea, point)
            if !merging { try expect(1, "merge", "other", in: root) }
            let resolving = try MsxRunner.spawn(["resolve", "Sea", "--theirs"], in: root, environment: ["MSX_FAULT": point])
            XCTAssertTrue(resolving.signalled, "\(point): resolve not killed")
            try expect(0, "check", in: root)
            let sea = try read(Book.seaPath, in: root)
            XCTAssertTrue(sea == merged.sea || sea == "The sea was grey.\n", "\(point): \(sea)")
            if sea == merged.sea { try expect(0, "resolve", "Sea", "--theirs", in: root) }
            XCTAssertEqual(try read(Book.seaPath, in: root), "The sea was grey.\n", point)
            try expect(0, "snapshot", in: root)
            XCTAssertEqual(try git("rev-list", "--parents", "-n", "1", "HEAD", in: root).split(separator: " ").count, 3, point)
            try assertRepositorySound(root)
        }
        // Killed once the merge version is made, before its state is removed: the merge is recorded, and over.
        let root = try conflictedDrafts(name: "recorded")
        try expect(1, "merge", "other", in: root)
        try expect(0, "resolve", "Sea", "--ours", in: root)
        XCTAssertTrue(try MsxRunner.spawn(["snapshot"], in: root, environment: ["MSX_FAULT": "snapshot-committed"]).signalled)
        try expect(0, "check", in: root)
        XCTAssertEqual(try expect(0, "conflicts", "--json", in: root).json()["merging"] as? Bool, false)
        XCTAssertEqual(try expect(0, "status", "--json", in: root).json()["clean"] as? Bool, true)
        XCTAssertEqual(try git("rev-list", "--parents", "-n", "1", "HEAD", in: root).split(separator: " ").count, 3)
        // An abort killed at any moment: it is done, or it can be done again.
        for point in ["snapshot-committed", "journaled", "moved", "committed"] {
            let root = try conflictedDrafts(name: "abort-\(point)")
            let head = try revision(in: root)
            try expect(1, "merge", "other", in: root)
            XCTAssertTrue(try MsxRunner.spawn(["merge", "--abort"], in: root, environment: ["MSX_FAULT": point]).signalled, point)
            try expect(0, "check", in: root)
            try assertRepositorySound(root)
            if try expect(0, "conflicts", "--json", in: root).json()["merging"] as? Bool == true {
                try expect(0, "merge", "--abort", in: root)
            }
            XCTAssertEqual(try read(Book.lampPath, in: root), Book.lampText, point)
            XCTAssertEqual(try revision(in: root), head, point)
            XCTAssertEqual(try expect(0, "status", "--json", in: root).json()["clean"] as? Bool, true, point)
        }
    }

    /// The merge version holds the merged files, not last version's: a picture the other side deleted stays
    /// deleted; and an abort brings it back.
    func testTheMergeVersionHoldsTheMergedFilesAndAnAbortTheLastOnes() throws {
        let book = try makeBook(name: "pictures")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: book.root.appendingPathComponent("contents/draft/map.png"))
        try write(Book.lampText + "\nA map hung by the door.\n", to: Book.lampPath, in: book.root)
        try expect(0, "snapshot", "-m", "map", in: book.root)
        try expect(0, "branch", "other", in: book.root)
        try write("The sea was black.\n", to: Book.seaPath, in: book.root)
        try expect(0, "snapshot", in: book.root)
        try expect(0, "switch", "other", in: book.root)
        try write("The sea was grey.\n", to: Book.seaPath, in: book.root)
        try expect(0, "snapshot", in: book.root)
        // A picture deleted, and recorded by plain git.
        try FileManager.default.removeItem(at: book.root.appendingPathComponent("contents/draft/map.png"))
        try plainCommit("map gone", in: book.root)
        try expect(0, "switch", "main", in: book.root)
        let map = book.root.appendingPathComponent("contents/draft/map.png")
        XCTAssertTrue(FileManager.default.fileExists(atPath: map.path))
        try expect(1, "merge", "other", in: book.root)
        XCTAssertFalse(FileManager.default.fileExists(atPath: map.path), "the merge deletes what the other side deleted")
        try expect(0, "merge", "--abort", in: book.root)
        XCTAssertTrue(FileManager.default.fileExists(atPath: map.path), "the abort brings it back")
        try expect(1, "merge", "other", in: book.root)
        try expect(0, "resolve", "Sea", "--theirs", in: book.root)
        try expect(0, "snapshot", in: book.root)
        let tree = try git("ls-tree", "-r", "--name-only", "HEAD", in: book.root)
        XCTAssertFalse(tree.contains("map.png"), tree)
        XCTAssertEqual(try expect(0, "status", "--json", in: book.root).json()["clean"] as? Bool, true)
        try expect(0, "check", in: book.root)
    }

    /// A crafted or damaged `.msx/merge.json` is named, with how to give the merge up, and nothing is written.
    func testADamagedOrCraftedMergeStateIsRefused() throws {
        let root = try conflictedDrafts()
        try expect(1, "merge", "other", in: root)
        let state = root.appendingPathComponent(".msx/merge.json")
        let text = try String(contentsOf: state, encoding: .utf8)
        try text.replacingOccurrences(of: "\"path\" : \"\(Book.seaPath)\"", with: "\"path\" : \"../outside.md\"")
            .replacingOccurrences(of: "\"path\": \"\(Book.seaPath)\"", with: "\"path\": \"../outside.md\"")
            .write(to: state, atomically: true, encoding: .utf8)
        let crafted = try expect(3, "resolve", "Sea", "--theirs", in: root)
        XCTAssertTrue(crafted.stderr.contains(".msx/merge.json: conflicts[0].path must be a plain path of a document or file of the project"), crafted.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("outside.md").path))
        try "{\"formatVersion\": 1".write(to: state, atomically: true, encoding: .utf8)
        let damaged = try expect(3, "status", in: root)
        XCTAssertTrue(damaged.stderr.contains("deleting it gives the merge up"), damaged.stderr)
    }

    private func colour(of text: String, in root: URL) -> String? {
        guard let shown = try? expect(0, "show", "Lamp", "--as", "json", in: root).json() else { return nil }
        let runs = (shown["paragraphs"] as? [[String: Any]] ?? []).flatMap { $0["runs"] as? [[String: Any]] ?? [] }
        return runs.first { $0["text"] as? String == text }.flatMap { ($0["attributes"] as? [String: Any])?["foregroundColor"] as? String }
    }
}
