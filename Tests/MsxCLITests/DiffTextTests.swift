import Foundation
import XCTest

/// `msx diff` on changes to the words: the working copy against the last snapshot, as an editor reviewing a
/// chapter reads it.
final class DiffTextTests: DiffTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// Lamp with three paragraphs; the base of most tests here.
    static let lamp = """
        The old lamp burned all night.

        Nell watched it from the quay.

        The sea was calm that evening, and the gulls slept on the water.

        """

    func testNothingChangedSaysNoDifferences() throws {
        let book = try makeBook()
        let result = try expect(0, "diff", in: book.root)
        XCTAssertEqual(result.stdout, "No differences.\n")
        XCTAssertEqual(result.stderr, "")
        let json = try diffJSON([], in: book.root)
        XCTAssertEqual(json.keys.sorted(), ["binder", "documents", "files", "schemaVersion"])
        XCTAssertEqual((json["binder"] as? [Any])?.count, 0, "binder: \(json)")
        XCTAssertEqual((json["documents"] as? [Any])?.count, 0, "documents: \(json)")
        XCTAssertEqual((json["files"] as? [Any])?.count, 0, "files: \(json)")
    }

    func testChangedWordIsMarkedInBothStyles() throws {
        let book = try makeBook(lamp: Self.lamp)
        try reviseLamp(Self.lamp.replacingOccurrences(of: "old lamp", with: "brass lamp"), in: book)
        let expected = "¶1: The [-old-]{+brass+} lamp burned all night."
        let lines = try diffLines(in: book.root)
        XCTAssertEqual(lines.first, "Lamp  contents/draft/lamp.md  +1 / -1 words")
        XCTAssertEqual(Array(lines.dropFirst()), [expected], "only the changed paragraph is shown")
        XCTAssertEqual(try diffLines("--word-diff", in: book.root), ["--- contents/draft/lamp.md", expected])
        XCTAssertEqual(wordCounts(try diffDocument(titled: "Lamp", in: book.root)), [1, 1, 0])
    }

    func testAddedSentenceIsAnInsertionInItsParagraph() throws {
        let book = try makeBook(lamp: Self.lamp)
        try reviseLamp(Self.lamp.replacingOccurrences(of: "quay.", with: "quay. She did not sleep."), in: book)
        let lines = try diffLines(in: book.root).dropFirst()
        XCTAssertEqual(lines.count, 1, "\(lines)")
        let line = try XCTUnwrap(lines.first)
        XCTAssertTrue(line.hasPrefix("¶2: Nell watched it from the quay."), line)
        let marked = markedSegments(line)
        XCTAssertEqual(marked.deleted, [], line)
        XCTAssertEqual(marked.inserted.map { $0.trimmingCharacters(in: .whitespaces) }, ["She did not sleep."], line)
        let document = try diffDocument(titled: "Lamp", in: book.root)
        XCTAssertEqual(wordCounts(document), [4, 0, 0])
        XCTAssertEqual(changes(document).map { $0["op"] as? String }, ["modify"])
    }

    func testDeletedParagraphIsShownWhole() throws {
        let book = try makeBook(lamp: Self.lamp)
        try reviseLamp(Self.lamp.replacingOccurrences(of: "Nell watched it from the quay.\n\n", with: ""), in: book)
        let lines = try diffLines(in: book.root)
        XCTAssertEqual(lines, ["Lamp  contents/draft/lamp.md  +0 / -6 words",
                               "old ¶2 deleted: [-Nell watched it from the quay.-]"])
        let document = try diffDocument(titled: "Lamp", in: book.root)
        XCTAssertEqual(fields(changes(document), "op", "oldParagraph", "text"), [["delete", "1", "Nell watched it from the quay."]])
        XCTAssertEqual(wordCounts(document), [0, 6, 0])
    }

    func testInsertedParagraphIsShownWhole() throws {
        let book = try makeBook(lamp: Self.lamp)
        let added = "A boat knocked against the pier below."
        try reviseLamp(Self.lamp.replacingOccurrences(of: "Nell", with: "\(added)\n\nNell"), in: book)
        XCTAssertEqual(try diffLines(in: book.root), ["Lamp  contents/draft/lamp.md  +7 / -0 words", "¶2 added: {+\(added)+}"])
        let document = try diffDocument(titled: "Lamp", in: book.root)
        XCTAssertEqual(fields(changes(document), "op", "newParagraph", "text"), [["insert", "1", added]])
        XCTAssertEqual(operationNames(document), ["equal", "insert", "equal", "equal"])
    }

    func testMovedParagraphIsAMoveNotWordsAddedAndRemoved() throws {
        let book = try makeBook(lamp: Self.lamp)
        let sea = "The sea was calm that evening, and the gulls slept on the water."
        try reviseLamp("\(sea)\n\nThe old lamp burned all night.\n\nNell watched it from the quay.\n", in: book)
        let lines = try diffLines(in: book.root)
        XCTAssertEqual(lines.first, "Lamp  contents/draft/lamp.md  +0 / -0 words")
        XCTAssertEqual(lines.count, 2, "one line for the move: \(lines)")
        XCTAssertTrue(lines.last?.hasPrefix("old ¶3 moved to ¶1") == true, "\(lines)")
        XCTAssertTrue(lines.last?.contains("The sea was calm") == true, "the moved paragraph is named: \(lines)")
        XCTAssertEqual(markedSegments(lines.joined()).deleted + markedSegments(lines.joined()).inserted, [])
        let stat = try diffLines("--stat", in: book.root)
        XCTAssertEqual(stat.count, 1, "\(stat)")
        XCTAssertTrue(stat.first?.hasPrefix("Lamp (contents/draft/lamp.md): +0 / -0 words") == true, "\(stat)")
        let document = try diffDocument(titled: "Lamp", in: book.root)
        XCTAssertEqual(Array(wordCounts(document).prefix(2)), [0, 0], "wordsAdded, wordsRemoved")
        XCTAssertEqual(fields(changes(document), "op", "oldParagraph", "newParagraph"), [["move", "2", "0"]])
    }

    func testMovedAndEditedParagraphShowsTheEdit() throws {
        let book = try makeBook(lamp: Self.lamp)
        try reviseLamp("The sea was calm that evening, and the terns slept on the water.\n\n"
                       + "The old lamp burned all night.\n\nNell watched it from the quay.\n", in: book)
        let lines = try diffLines(in: book.root)
        XCTAssertEqual(Array(lines.dropFirst()), ["old ¶3 moved to ¶1 and edited: The sea was calm that evening, and the [-gulls-]{+terns+} slept on the water."])
        XCTAssertEqual(Array(wordCounts(try diffDocument(titled: "Lamp", in: book.root)).prefix(2)), [1, 1])
    }

    func testRewrappingAParagraphIsNoDifference() throws {
        let book = try makeBook(lamp: Self.lamp)
        try reviseLamp("""
            The old lamp burned
            all night.

            Nell watched it
            from the quay.

            The sea was calm that evening,
            and the gulls slept
            on the water.

            """, in: book)
        XCTAssertEqual(try diff(in: book.root), Self.markupOnlyLamp)
        XCTAssertEqual(try diffDocuments(in: book.root).count, 0)
        XCTAssertTrue(try expect(0, "status", in: book.root).stdout.contains("markup only"), "status agrees")
    }

    /// What diff says when Lamp's file changed but reads the same.
    static let markupOnlyLamp = "No differences in the words or the formatting.\n"
        + "Markup only (the files differ, the words and the formatting read the same): Lamp\n"

    func testSwitchingEmphasisMarkersIsNoDifference() throws {
        let book = try makeBook(lamp: "The *old* lamp burned **all night**.\n\nNell watched it from the quay.\n")
        try reviseLamp("The _old_ lamp burned __all night__.\n\nNell watched it from the quay.\n", in: book)
        XCTAssertEqual(try diff(in: book.root), Self.markupOnlyLamp)
        XCTAssertEqual(try diffDocuments(in: book.root).count, 0)
    }

    func testOnlyChangedDocumentsAreListed() throws {
        let book = try makeBook(lamp: Self.lamp)
        try write("The sea was rough that evening.\n", to: Book.seaPath, in: book.root)
        let documents = try diffDocuments(in: book.root)
        XCTAssertEqual(documents.map { $0["title"] as? String }, ["Sea"])
        XCTAssertEqual(try diffLines(in: book.root), ["Sea  contents/draft/sea.md  +1 / -1 words",
                                                      "¶1: The sea was [-calm-]{+rough+} that evening."])
    }

    func testDiffIsReadOnly() throws {
        let book = try makeBook(lamp: Self.lamp)
        try reviseLamp(Self.lamp.replacingOccurrences(of: "old", with: "brass"), in: book)
        try expect(0, "format", "Lamp", "--match", "Nell", "--underline", in: book.root)
        try reviseLamp(try read(Book.lampPath, in: book.root).replacingOccurrences(of: "Nell", with: "Young Nell"), in: book)
        let before = snapshot(book.root, includePrivate: false)
        try diff(in: book.root)
        try diff("--json", in: book.root)
        assertSameSnapshot(before, snapshot(book.root, includePrivate: false))
    }
}
