import Foundation
import XCTest

/// `msx diff --json` says everything: replaying its operations on the old paragraphs gives the new ones exactly,
/// and its formatting entries agree with `msx show --as json` of both versions (see `DiffReplay`).
final class DiffJSONTests: DiffTestCase {
    /// The fields every operation has, by `op`, besides `op` itself.
    static let operationFields: [String: Set<String>] = [
        "equal": ["oldParagraph", "newParagraph"], "insert": ["newParagraph", "text"], "delete": ["oldParagraph", "text"],
        "modify": ["oldParagraph", "newParagraph", "edits"], "move": ["oldParagraph", "newParagraph", "edits"],
    ]
    static let editFields: Set<String> = ["op", "oldStart", "oldEnd", "newStart", "newEnd", "text"]
    static let documentFields: Set<String> = [
        "id", "title", "path", "binder", "description", "formatting", "paragraphAttributes", "paragraphs",
        "wordsAdded", "wordsRemoved", "wordsMoved",
    ]

    /// Asserts a document entry has the documented fields, and each operation and edit the fields of its kind;
    /// returns the kinds of operation seen.
    @discardableResult
    func assertShape(_ document: [String: Any], file: StaticString = #filePath, line: UInt = #line) -> Set<String> {
        XCTAssertTrue(Self.documentFields.isSubset(of: document.keys), "document fields: \(document.keys.sorted())", file: file, line: line)
        var kinds = Set<String>()
        for operation in document["paragraphs"] as? [[String: Any]] ?? [] {
            let op = operation["op"] as? String ?? "?"
            kinds.insert(op)
            let expected = Self.operationFields[op] ?? []
            XCTAssertFalse(expected.isEmpty, "unknown op \(op)", file: file, line: line)
            XCTAssertTrue(expected.isSubset(of: operation.keys), "\(op) fields: \(operation.keys.sorted())", file: file, line: line)
            if op == "insert" { XCTAssertNil(operation["oldParagraph"], "an insert has no old paragraph", file: file, line: line) }
            if op == "delete" { XCTAssertNil(operation["newParagraph"], "a delete has no new paragraph", file: file, line: line) }
            for edit in operation["edits"] as? [[String: Any]] ?? [] {
                XCTAssertEqual(Set(edit.keys).intersection(Self.editFields), Self.editFields, "edit fields: \(edit.keys.sorted())", file: file, line: line)
                XCTAssertTrue(["equal", "insert", "delete"].contains(edit["op"] as? String ?? ""), "edit op \(edit)", file: file, line: line)
            }
        }
        return kinds
    }

    /// Formats Scene as an editor marking up the third draft would: bold, underline, colour, alignment.
    func markUp(_ book: Book) throws {
        try expect(0, "format", "Scene", "--match", "By morning", "--bold", in: book.root)
        try expect(0, "format", "Scene", "--match", "灯台守の家", "--underline", in: book.root)
        try expect(0, "format", "Scene", "--match", "All safe 👍🏽", "--color", "#8B0000", in: book.root)
        try expect(0, "format", "Scene", "--paragraph", "1", "--align", "center", in: book.root)
    }

    func testOperationsRebuildEachRevisionOfTheScene() throws {
        let book = try makeBook()
        let v1 = try DiffScene.add(to: book, in: self)
        try DiffScene.write(DiffScene.draft2, in: book, test: self)
        var kinds = assertShape(try assertReplays("Scene", in: book.root))
        let v2 = try snapshotVersion("draft 2", in: book.root)
        try DiffScene.write(DiffScene.draft3, in: book, test: self)
        try markUp(book)
        kinds.formUnion(assertShape(try assertReplays("Scene", in: book.root)))
        let v3 = try snapshotVersion("draft 3", in: book.root)
        for (from, to) in [(v1, v2), (v2, v3), (v1, v3)] {
            kinds.formUnion(assertShape(try assertReplays("Scene", from: from, to: to, in: book.root)))
        }
        try DiffScene.write(DiffScene.draft1, in: book, test: self)
        kinds.formUnion(assertShape(try assertReplays("Scene", from: v2, in: book.root)))
        XCTAssertEqual(kinds, Set(Self.operationFields.keys), "the revisions exercise every kind of operation")
    }

    func testEditsInsideAParagraphRebuildIt() throws {
        let book = try makeBook()
        let revisions = [
            "The brass lamp burned all night.\n\nNell watched it from the quay, and did not sleep.\n",
            "The brass lamp burned till dawn, and nobody trimmed it.\n\nNell watched it from the quay.\n",
            "Nell watched it from the quay.\n\nThe lamp burned till dawn.\n",
            "Nell watched it.\n\nA boat knocked below.\n\nThe lamp burned till dawn. Then it went out.\n",
            "“Nell,” he said — twice — “the lamp.”\n\n\n",
        ]
        for text in revisions {
            try reviseLamp(text, in: book)
            assertShape(try assertReplays("Lamp", in: book.root))
            try snapshotVersion("revision", in: book.root)
        }
    }

    func testFormattingEntriesAgreeWithTheRunsOfBothVersions() throws {
        let book = try makeBook(snapshot: false)
        try expect(0, "format", "Lamp", "--match", "the quay", "--color", "#8B0000", in: book.root)
        try expect(0, "snapshot", in: book.root)
        try reviseLamp(try read(Book.lampPath, in: book.root).replacingOccurrences(of: "The old", with: "That evening the old"), in: book)
        try expect(0, "format", "Lamp", "--match", "burned all night", "--italic", in: book.root)
        try expect(0, "format", "Lamp", "--match", "the quay", "--color", "#00008B", in: book.root)
        try expect(0, "format", "Lamp", "--match", "watched", "--underline", "--font", "Courier", "--size", "15", in: book.root)
        let document = try assertReplays("Lamp", in: book.root)
        let entries = document["formatting"] as? [[String: Any]] ?? []
        XCTAssertEqual(Set(entries.map { $0["attribute"] as? String ?? "" }),
                       ["italic", "foregroundColor", "underline", "fontFamily", "fontSize"])
        let italic = try XCTUnwrap(entries.first { $0["attribute"] as? String == "italic" })
        XCTAssertEqual(fields([italic], "oldStart", "oldEnd", "newStart", "newEnd", "text"), [["13", "29", "26", "42", "burned all night"]],
                       "old and new offsets differ by the words added before")
        let lines = try diffLines("--formatting-only", in: book.root).filter { $0.hasPrefix("formatting: ") }
        XCTAssertEqual(lines.map { String($0.dropFirst("formatting: ".count)) }, document["description"] as? [String],
                       "description is the human report's formatting lines")
    }

    func testParagraphAttributeEntriesAgreeWithTheParagraphs() throws {
        let book = try makeBook(lamp: "# The Harbour\n\n- [ ] Mend the net\n\nRain came.\n")
        try reviseLamp("### The Harbour\n\n- [x] Mend the net\n\nRain came.\n", in: book)
        try expect(0, "format", "Lamp", "--paragraph", "3", "--align", "right", "--space-before", "12", in: book.root)
        let document = try assertReplays("Lamp", in: book.root)
        let named = Set((document["paragraphAttributes"] as? [[String: Any]] ?? []).map { $0["attribute"] as? String ?? "" })
        XCTAssertTrue(["headingLevel", "checklist", "alignment", "paragraphSpacingBefore"].allSatisfy(named.contains), "\(named)")
    }

    /// Scene's word count as `tree` reports it.
    func sceneWords(_ book: Book) throws -> Int {
        try XCTUnwrap(try treeNodes(book.root).first { $0.title == "Scene" }?.words)
    }

    func testWordsAddedMinusRemovedIsTheChangeInTheWordCount() throws {
        let book = try makeBook()
        try DiffScene.add(to: book, in: self)
        for draft in [DiffScene.draft2, DiffScene.draft3] {
            let before = try sceneWords(book)
            try DiffScene.write(draft, in: book, test: self)
            let counts = wordCounts(try diffDocument(titled: "Scene", in: book.root))
            XCTAssertEqual(counts[0] - counts[1], try sceneWords(book) - before, "wordsAdded \(counts[0]), wordsRemoved \(counts[1])")
            try expect(0, "snapshot", in: book.root)
        }
    }
}
