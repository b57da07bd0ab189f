import XCTest
@testable import MsxModel

/// The three-way merge of one document, word by word, with its formatting. Each case is what two writers
/// did to one chapter, and what they expect to read afterwards.
final class DocumentMergeTests: XCTestCase {
    private func merge(_ base: String, _ ours: String, _ theirs: String, markers: ConflictMarkers? = nil) -> DocumentMerge.Result {
        DocumentMerge.merge(base: .init(markdown: base, sidecar: nil), ours: .init(markdown: ours, sidecar: nil),
                            theirs: .init(markdown: theirs, sidecar: nil), markers: markers)
    }

    /// "Light." with a note on "Light", resolved or open.
    private func noted(resolved: Bool) throws -> DocumentMerge.Version {
        let sidecar = """
            {"annotations": {"n1": {"author": "Ed", "date": "2026-11-24T21:00:28Z", "note": "Brighter?", "resolved": \(resolved)}},
             "formatVersion": 1, "paragraphs": [{"index": 0, "textHash": "\(TextHash.fnv1a64("Light."))",
             "head": "Light.", "tail": "Light.",
             "runs": [{"start": 0, "end": 5, "text": "Light", "after": ".", "attributes": {"annotation": ["n1"]}}]}]}
            """
        return .init(markdown: "Light.\n", sidecar: try Sidecar(json: sidecar, file: "x.attrs.json"))
    }

    /// A note resolved on one side and left alone on the other is resolved; one reopened on one side is open again
    /// (not kept resolved because the other side still has it so); both changed it: this side's choice.
    func testANoteIsResolvedOrReopenedAsTheSideThatChangedItSays() throws {
        func merged(base: Bool, ours: Bool, theirs: Bool) throws -> Bool? {
            var theirsInput = try noted(resolved: theirs)
            theirsInput.markdown = "Light.\n\nA line of theirs.\n"
            let result = DocumentMerge.merge(base: try noted(resolved: base), ours: try noted(resolved: ours), theirs: theirsInput)
            return result.sidecar.flatMap { RichDocument.annotations(in: $0.extra)["n1"]?.resolved }
        }
        XCTAssertEqual(try merged(base: false, ours: false, theirs: true), true)
        XCTAssertEqual(try merged(base: true, ours: true, theirs: false), false)
        XCTAssertEqual(try merged(base: false, ours: true, theirs: false), true)
        XCTAssertEqual(try merged(base: true, ours: false, theirs: true), false)
    }

    func testDifferentWordsOfOneParagraphMerge() {
        let result = merge("The cat sat on the mat by the door.\n",
                           "The black cat sat on the mat by the door.\n",
                           "The cat sat on the mat by the old door.\n")
        XCTAssertEqual(result.markdown, "The black cat sat on the mat by the old door.\n")
        XCTAssertEqual(result.conflicts, [])
    }

    func testTheSameWordsChangedDifferentlyConflictAndTheFileHoldsOurs() {
        let result = merge("She walked home slowly.\n", "She ran home slowly.\n", "She drove home slowly.\n")
        XCTAssertEqual(result.markdown, "She ran home slowly.\n")
        XCTAssertEqual(result.conflicts.count, 1)
        let conflict = result.conflicts[0]
        XCTAssertEqual(conflict.kind, .text)
        XCTAssertEqual([conflict.base, conflict.ours, conflict.theirs], ["walked", "ran", "drove"])
        XCTAssertEqual(conflict.before, "She ")
        XCTAssertEqual(conflict.after, " home slowly.\n")
        XCTAssertEqual(conflict.offset, 4)
    }

    func testMarkersPutBothSidesInTheFileWhenAsked() {
        let result = merge("She walked home.\n", "She ran home.\n", "She drove home.\n",
                           markers: ConflictMarkers(ours: "this project", theirs: "origin"))
        XCTAssertEqual(result.markdown, "She \n<<<<<<< this project\nran\n=======\ndrove\n>>>>>>> origin\n home.\n")
    }

    func testParagraphsAddedOnBothSidesAreKept() {
        let base = "One.\n\nTwo.\n\nThree.\n"
        let result = merge(base, "One.\n\nOurs after one.\n\nTwo.\n\nThree.\n", "One.\n\nTwo.\n\nThree.\n\nTheirs at the end.\n")
        XCTAssertEqual(result.markdown, "One.\n\nOurs after one.\n\nTwo.\n\nThree.\n\nTheirs at the end.\n")
        XCTAssertEqual(result.conflicts, [])
    }

    func testAParagraphMovedOnOneSideKeepsTheOtherSidesEdit() {
        let base = "Alpha begins here.\n\nBeta is in the middle.\n\nGamma ends it all.\n"
        let ours = "Beta is in the middle.\n\nAlpha begins here.\n\nGamma ends it all.\n"
        let theirs = "Alpha begins here.\n\nBeta is still in the middle.\n\nGamma ends it all.\n"
        let result = merge(base, ours, theirs)
        XCTAssertEqual(result.markdown, "Beta is still in the middle.\n\nAlpha begins here.\n\nGamma ends it all.\n")
        XCTAssertEqual(result.conflicts, [])
    }

    func testASplitOnOneSideAndAWordChangeOnTheOtherBothApply() {
        let base = "The rain fell all night. In the morning the street was a river.\n"
        let ours = "The rain fell all night.\n\nIn the morning the street was a river.\n"
        let theirs = "The rain fell all night. In the morning the lane was a river.\n"
        let result = merge(base, ours, theirs)
        XCTAssertEqual(result.markdown, "The rain fell all night.\n\nIn the morning the lane was a river.\n")
        XCTAssertEqual(result.conflicts, [])
    }

    func testAParagraphDeletedOnOneSideAndChangedOnTheOtherStays() {
        let base = "Keep me.\n\nCut me.\n\nEnd.\n"
        let result = merge(base, "Keep me.\n\nEnd.\n", "Keep me.\n\nCut me, but I changed.\n\nEnd.\n")
        XCTAssertEqual(result.markdown, "Keep me.\n\nCut me, but I changed.\n\nEnd.\n")
        XCTAssertEqual(result.conflicts.map(\.kind), [.deleted])
        XCTAssertEqual(result.conflicts.first?.ours, "")
        XCTAssertEqual(result.conflicts.first?.theirs, "Cut me, but I changed.")
    }

    func testEmphasisInMarkdownAndAWordChangeAwayFromItMerge() {
        let result = merge("It was a dark night on the moor.\n", "It was a *dark* night on the moor.\n",
                           "It was a dark night on the wild moor.\n")
        XCTAssertEqual(result.markdown, "It was a *dark* night on the wild moor.\n")
        XCTAssertEqual(result.conflicts, [])
    }

    func testEmphasisTouchingTheOtherSidesNewWordsIsAConflictOverBoth() {
        let result = merge("It was a dark night.\n", "It was a *dark* night.\n", "It was a dark and stormy night.\n")
        XCTAssertEqual(result.conflicts.map(\.kind), [.text])
        let conflict = try! XCTUnwrap(result.conflicts.first)
        XCTAssertEqual(resolve(result, conflict, .ours), "It was a *dark* night.\n")
        XCTAssertEqual(conflict.theirs.trimmingCharacters(in: .whitespaces), "and stormy")
    }

    func testNeighbouringWordsChangedOnBothSidesAreOneConflictNeverAMix() {
        let result = merge("He sat counting coins by the fire.\n", "He sat counting pennies by the fire.\n",
                           "He sat weighing gold by the fire.\n")
        XCTAssertEqual(result.markdown, "He sat counting pennies by the fire.\n")
        XCTAssertEqual(result.conflicts.map { [$0.base, $0.ours, $0.theirs] }, [["counting coins", "counting pennies", "weighing gold"]])
        XCTAssertEqual(resolve(result, result.conflicts[0], .theirs), "He sat weighing gold by the fire.\n")
    }

    func testTheSameChangeOnBothSidesIsTakenOnce() {
        let base = "One.\n\nTwo words here.\n"
        let both = "One.\n\nA new line of dialogue.\n\nTwo more words here.\n"
        let result = merge(base, both, both.replacingOccurrences(of: "\n\nTwo", with: "\n\nTwo"))
        XCTAssertEqual(result.markdown, both)
        let ours = "One.\n\nA new line of dialogue.\n\nTwo words here, said she.\n"
        let theirs = "One.\n\nA new line of dialogue.\n\nThree words here.\n"
        let merged = merge(base, ours, theirs)
        XCTAssertEqual(merged.markdown, "One.\n\nA new line of dialogue.\n\nThree words here, said she.\n")
        XCTAssertEqual(merged.conflicts, [])
    }

    /// One side only tightened a list (no blank lines between its items), the other deleted an item: the item is
    /// gone (the deleting side's lines there), and no word of either side is lost.
    func testAListItemDeletedBesideAListTightenedIsDeleted() {
        let base = "Intro.\n\n- bread\n\n- candles\n\n- rope\n\nEnd.\n"
        let result = merge(base, "Intro.\n\n- bread\n- candles\n- rope\n\nEnd.\n", "Intro.\n\n- bread\n\n- rope\n\nEnd.\n")
        XCTAssertEqual(result.conflicts, [])
        XCTAssertEqual(result.markdown, "Intro.\n\n- bread\n\n- rope\n\nEnd.\n")
        // Where the other side also changed a word of the item, the deletion is a conflict.
        let changed = merge(base, "Intro.\n\n- bread\n- tapers\n- rope\n\nEnd.\n", "Intro.\n\n- bread\n\n- rope\n\nEnd.\n")
        XCTAssertEqual(changed.conflicts.map(\.kind), [.deleted])
        XCTAssertTrue(changed.markdown.contains("tapers"), changed.markdown)
    }

    /// Both sides moved one paragraph, to different places, and one changed it: git's merge holds it twice. The
    /// merge holds no word more often than a side wrote it, and says so with a conflict where it cannot place it.
    func testAParagraphBothSidesMovedApartIsNeverThereTwice() {
        let base = "ravene kesobo zepapu pimide gokupi\n\nvofefu nubora fazufi tateso meroga dinate\n\nsiliko logutu\n"
        let ours = "vofefu nubora fazufi rigosa tateso meroga dinate\n\nkesobo zepapu kodaki gokupi\n\nlenuri bilegu logutu\n"
        let theirs = "vofefu nubora fazufi tateso meroga dinate\n\nsiliko logutu\n\nravene kesobo zepapu pimide gokupi\n"
        for (a, b) in [(ours, theirs), (theirs, ours)] {
            let result = merge(base, a, b)
            let words = result.markdown.split { $0 == " " || $0 == "\n" }
            XCTAssertEqual(words.filter { $0 == "kesobo" }.count, 1, result.markdown)
            XCTAssertTrue(result.markdown.contains("kodaki") || !result.conflicts.isEmpty, "\(result)")
        }
    }

    func testDifferentNewParagraphsAtOnePlaceAreAConflictKeepingBoth() {
        let base = "One.\n\nTwo.\n"
        let result = merge(base, "One.\n\nOurs.\n\nTwo.\n", "One.\n\nTheirs.\n\nTwo.\n")
        XCTAssertEqual(result.markdown, "One.\n\nOurs.\n\nTheirs.\n\nTwo.\n")
        XCTAssertEqual(result.conflicts.count, 1)
        let conflict = result.conflicts[0]
        XCTAssertEqual(resolve(result, conflict, .ours), "One.\n\nOurs.\n\nTwo.\n")
        XCTAssertEqual(resolve(result, conflict, .theirs), "One.\n\nTheirs.\n\nTwo.\n")
        XCTAssertEqual(resolve(result, conflict, .both), "One.\n\nOurs.\n\nTheirs.\n\nTwo.\n")
        let atEnd = merge(base, "One.\n\nTwo.\n\nOurs.\n", "One.\n\nTwo.\n\nTheirs.\n")
        XCTAssertEqual(atEnd.markdown, "One.\n\nTwo.\n\nOurs.\n\nTheirs.\n")
        XCTAssertEqual(resolve(atEnd, atEnd.conflicts[0], .ours), "One.\n\nTwo.\n\nOurs.\n")
        XCTAssertEqual(resolve(atEnd, atEnd.conflicts[0], .theirs), "One.\n\nTwo.\n\nTheirs.\n")
    }

    /// The merged text with one conflict settled as `choice` says.
    private func resolve(_ result: DocumentMerge.Result, _ conflict: MergeConflict, _ choice: ConflictChoice) -> String {
        let units = Array(result.markdown.utf16)
        let range = conflict.offset..<conflict.offset + conflict.placed.utf16.count
        return String(decoding: units[..<range.lowerBound], as: UTF16.self) + conflict.replacement(choosing: choice)
            + String(decoding: units[range.upperBound...], as: UTF16.self)
    }

    // MARK: Formatting

    private func version(_ markdown: String, _ formatting: [(paragraph: Int, range: Range<Int>, Attributes)],
                         paragraph: [Int: Attributes] = [:]) -> DocumentMerge.Version {
        let texts = MarkdownDocument(markdown).blocks.map(\.text)
        var model = DocumentFormatting(paragraphCount: texts.count)
        for (k, range, attributes) in formatting { model.paragraphs[k].set(attributes, over: range) }
        for (k, attributes) in paragraph { model.paragraphs[k].attributes = attributes }
        let sidecar = model.sidecar(texts: texts)
        return .init(markdown: markdown, sidecar: sidecar.isEmpty ? nil : sidecar)
    }

    private func runs(_ result: DocumentMerge.Result) -> [String] {
        let document = RichDocument(markdown: MarkdownDocument(result.markdown), sidecar: result.sidecar)
        let texts = document.paragraphTexts
        return document.formatting.paragraphs.enumerated().flatMap { k, paragraph in
            paragraph.runs.map { run in
                let units = Array(texts[k].utf16)[run.range]
                let text = String(decoding: units, as: UTF16.self)
                return "\(text): " + run.attributes.keys.sorted().map { "\($0)=\(describe(run.attributes[$0]!))" }.joined(separator: ",")
            }
        }
    }

    private func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): "\"\(s)\""
        case .number(let n): "\(n)"
        default: "\(value)"
        }
    }

    /// Formatting follows each side's own words: the word the other side typed inside the phrase is not coloured.
    func testFormattingOnOneSideAndTextEditsOnTheOtherBothSurvive() {
        let text = "The old house stood on the hill.\n"
        let base = version(text, [])
        let ours = version(text, [(0, 4..<13, [.foregroundColor: "#ff0000"])])  // "old house"
        let theirs = version("The old stone house stood alone on the hill.\n", [])
        let result = DocumentMerge.merge(base: base, ours: ours, theirs: theirs)
        XCTAssertEqual(result.markdown, "The old stone house stood alone on the hill.\n")
        XCTAssertEqual(runs(result), ["old : foregroundColor=\"#ff0000\"", "house: foregroundColor=\"#ff0000\""])
        XCTAssertEqual(result.conflicts, [])
    }

    /// Found by plain git's merge of sidecars: words inserted on both sides of a coloured word, one each side.
    func testFormattingAllSidesAgreeOnSurvivesInsertionsOnBothSides() {
        let boats = "\n\nThe boats were safe.\n"
        let base = version("The storm came in at dusk over the harbour." + boats, [(0, 35..<42, [.foregroundColor: "#FF0000"])])
        let ours = version("The great storm came in at dusk over the harbour." + boats,
                           [(0, 41..<48, [.foregroundColor: "#FF0000"]), (1, 4..<9, [.underline: "single"])])
        let theirs = version("The storm came in at dusk over the old harbour." + boats,
                             [(0, 21..<25, [.foregroundColor: "#0000FF"]), (0, 39..<46, [.foregroundColor: "#FF0000"])])
        let result = DocumentMerge.merge(base: base, ours: ours, theirs: theirs)
        XCTAssertEqual(result.markdown, "The great storm came in at dusk over the old harbour." + boats)
        XCTAssertEqual(runs(result), ["dusk: foregroundColor=\"#0000FF\"", "harbour: foregroundColor=\"#FF0000\"",
                                      "boats: underline=\"single\""])
    }

    func testFormattingOfDifferentWordsOnBothSidesMerges() {
        let text = "Red words and blue words.\n"
        let base = version(text, [])
        let ours = version(text, [(0, 0..<9, [.foregroundColor: "#ff0000"])])
        let theirs = version(text, [(0, 14..<24, [.underline: "single"])])
        let result = DocumentMerge.merge(base: base, ours: ours, theirs: theirs)
        XCTAssertEqual(runs(result), ["Red words: foregroundColor=\"#ff0000\"", "blue words: underline=\"single\""])
    }

    func testTwoValuesForOneAttributeConflictAndOursStays() {
        let text = "A large title.\n"
        let base = version(text, [(0, 2..<7, [.fontSize: 12])])
        let ours = version(text, [(0, 2..<7, [.fontSize: 14])])
        let theirs = version(text, [(0, 2..<7, [.fontSize: 18])])
        let result = DocumentMerge.merge(base: base, ours: ours, theirs: theirs)
        XCTAssertEqual(runs(result), ["large: fontSize=14.0"])
        XCTAssertEqual(result.conflicts.count, 1)
        XCTAssertEqual(result.conflicts[0].kind, .formatting)
        XCTAssertEqual(result.conflicts[0].attribute, .fontSize)
        XCTAssertEqual(result.conflicts[0].placed, "large")
        XCTAssertEqual(result.conflicts[0].oursValue, 14)
        XCTAssertEqual(result.conflicts[0].theirsValue, 18)
    }

    func testSetBeatsUnset() {
        let text = "A word in colour.\n"
        let base = version(text, [(0, 2..<6, [.foregroundColor: "#00ff00"])])
        let ours = version(text, [])  // removed
        let theirs = version(text, [(0, 2..<6, [.foregroundColor: "#0000ff"])])  // changed
        let result = DocumentMerge.merge(base: base, ours: ours, theirs: theirs)
        XCTAssertEqual(runs(result), ["word: foregroundColor=\"#0000ff\""])
        XCTAssertEqual(result.conflicts, [])
    }

    func testParagraphAttributesMergeByKey() {
        let text = "First.\n\nSecond.\n"
        let base = version(text, [])
        let ours = version(text, [], paragraph: [0: [.alignment: "center"]])
        let theirs = version(text, [], paragraph: [0: [.firstLineHeadIndent: 24]])
        let result = DocumentMerge.merge(base: base, ours: ours, theirs: theirs)
        let document = RichDocument(markdown: MarkdownDocument(result.markdown), sidecar: result.sidecar)
        XCTAssertEqual(document.formatting.paragraphs[0].attributes, [.alignment: "center", .firstLineHeadIndent: 24])
    }
}

/// diff3 itself, on letters: where changes touch, overlap, or insert at one place.
final class ThreeWayMergeTests: XCTestCase {
    private func merge(_ base: String, _ ours: String, _ theirs: String) -> [ThreeWayMerge.Chunk<Character>] {
        ThreeWayMerge.merge(base: Array(base), ours: Array(ours), theirs: Array(theirs))
    }

    func testChangesApartMerge() {
        XCTAssertEqual(merge("abcdef", "xbcdef", "abcdey"), [.agreed(Array("xbcdey"))])
    }

    func testAnInsertionAtTheEdgeOfAReplacementApplies() {
        XCTAssertEqual(merge("abc", "aXc", "abYc"), [.agreed(Array("aXYc"))])
    }

    func testOverlappingChangesConflict() {
        XCTAssertEqual(merge("abcd", "aXd", "abYd"), [.agreed(["a"]), .conflict(base: Array("bc"), ours: ["X"], theirs: Array("bY")), .agreed(["d"])])
    }

    func testInsertionsAtOnePlaceConflictUnlessEqual() {
        XCTAssertEqual(merge("ab", "aXb", "aYb"), [.agreed(["a"]), .conflict(base: [], ours: ["X"], theirs: ["Y"]), .agreed(["b"])])
        XCTAssertEqual(merge("ab", "aXb", "aXb"), [.agreed(Array("aXb"))])
    }

    func testAnInsertionInsideAReplacementConflicts() {
        XCTAssertEqual(merge("abcd", "aXd", "abYcd"), [.agreed(["a"]), .conflict(base: Array("bc"), ours: ["X"], theirs: Array("bYc")), .agreed(["d"])])
    }
}
