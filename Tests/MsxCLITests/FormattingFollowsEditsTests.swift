import Foundation
import XCTest

/// What a writer meets, run against the built binary: formatting follows its words
/// through edits made in any editor, and restoring a version's formatting puts it on today's words.
final class FormattingFollowsEditsTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private static let storm = "The storm came in at dusk and the lamp went dark.\n\nNobody slept.\n"

    /// A project with Storm, "came in at dusk" underlined and dark red, snapshotted; returns its root and path.
    private func formattedStorm() throws -> (root: URL, path: String) {
        let root = try makeProject()
        let (_, path) = try addDocument("Storm", Self.storm, to: root)
        try expect(0, "format", "Storm", "--match", "came in at dusk", "--underline", "--color", "#8B0000", in: root)
        try expect(0, "snapshot", "-m", "one", in: root)
        return (root, path)
    }

    private func warnings(of reference: String, in root: URL) throws -> [String] {
        try expect(0, "show", reference, "--as", "json", in: root).json()["warnings"] as? [String] ?? []
    }

    func testAWordTypedInsideAFormattedPhraseTakesItsFormatting() throws {
        let (root, path) = try formattedStorm()
        try write(Self.storm.replacingOccurrences(of: "came in at dusk", with: "came in slowly at dusk"), to: path, in: root)
        XCTAssertEqual(try runTexts(of: "Storm", in: root, where: "underline", is: "single"), ["came in slowly at dusk"])
        XCTAssertEqual(try runTexts(of: "Storm", in: root, where: "foregroundColor", is: "#8B0000"), ["came in slowly at dusk"])
        XCTAssertEqual(try warnings(of: "Storm", in: root), [])
        try expect(0, "check", in: root)
    }

    func testBothEdgesOfAPhraseTreatAReplacedWordAlikeAndLeaveNoBareSpace() throws {
        // Each edit made in another editor on the recorded text, read by the next command (which writes nothing).
        let (root, path) = try formattedStorm()
        for (old, new, underlined) in [("came in", "arrived in", "arrived in at dusk"), ("at dusk", "at nightfall", "came in at nightfall"),
                                       ("storm came in", "storm in", "in at dusk"), ("at dusk and", "at and", "came in at"),
                                       ("came in at dusk", "came in   at dusk", "came in   at dusk")] {
            try write(Self.storm.replacingOccurrences(of: old, with: new), to: path, in: root)
            XCTAssertEqual(try runTexts(of: "Storm", in: root, where: "underline", is: "single"), [underlined], "\(old) -> \(new)")
            XCTAssertEqual(try runTexts(of: "Storm", in: root, where: "foregroundColor", is: "#8B0000"), [underlined], "\(old) -> \(new)")
        }
    }

    func testEditsAroundAndInsideShrinkGrowAndMoveWithTheWords() throws {
        let (root, path) = try formattedStorm()
        // A sentence before it, a word cut from it, one typed at its end, and its paragraph moved below the next.
        try write("Nobody slept.\n\nAt last the storm came at dusk, finally, and the lamp went dark.\n", to: path, in: root)
        XCTAssertEqual(try runTexts(of: "Storm", in: root, where: "underline", is: "single"), ["came at dusk, finally,"])
        XCTAssertEqual(try warnings(of: "Storm", in: root), [])
    }

    func testAPhraseWhoseWordsAreAllGoneIsDroppedAndReported() throws {
        let (root, path) = try formattedStorm()
        try write("The storm broke the windows and the lamp went dark.\n\nNobody slept.\n", to: path, in: root)
        XCTAssertEqual(try runTexts(of: "Storm", in: root, where: "underline", is: "single"), [])
        XCTAssertEqual(try warnings(of: "Storm", in: root), ["paragraph 1: formatting on 'came in at dusk' was dropped: its words are gone"])
        try expect(1, "check", in: root)
    }

    func testSnapshotSavesAStaleSidecarReanchoredAndNamesWhatWasDropped() throws {
        let (root, path) = try formattedStorm()
        try expect(0, "format", "Storm", "--match", "Nobody", "--color", "#006400", in: root)
        try write("The storm broke the windows and the lamp went dark.\n\nNobody slept at all.\n", to: path, in: root)
        let result = try expect(0, "snapshot", "-m", "two", "--json", in: root)
        let json = try result.json()
        XCTAssertEqual(json["reanchored"] as? [String], [try node(titled: "Storm", in: root).id])
        XCTAssertEqual((json["warnings"] as? [String])?.count, 1)
        XCTAssertTrue(result.stderr.contains("warning: "), result.stderr)
        XCTAssertTrue((json["warnings"] as? [String])?.first?.contains("'came in at dusk' was dropped") ?? false, "\(json)")
        // The version's sidecar fits its text: nothing left to repair, and the colour went with "Nobody".
        try expect(0, "check", in: root)
        XCTAssertEqual(try runTexts(of: "Storm", in: root, where: "foregroundColor", is: "#006400"), ["Nobody"])
        XCTAssertEqual(try expect(0, "snapshot", "--json", in: root).json()["reanchored"] as? [String], [])
    }

    func testASplitParagraphKeepsItsAlignmentOnBothHalves() throws {
        let (root, path) = try formattedStorm()
        try expect(0, "format", "Storm", "--paragraph", "1", "--align", "center", in: root)
        try write("The storm came in at dusk.\n\nAnd the lamp went dark.\n\nNobody slept.\n", to: path, in: root)
        let alignments = try paragraphs(of: "Storm", in: root).map { ($0["attributes"] as? [String: Any])?["alignment"] as? String }
        XCTAssertEqual(alignments, ["center", "center", "left"])
    }

    func testTheNextWriteSavesTheCarriedSidecarAndItsBase() throws {
        let (root, path) = try formattedStorm()
        try write(Self.storm.replacingOccurrences(of: "came in at dusk", with: "came in slowly at dusk"), to: path, in: root)
        try expect(0, "check", "--repair", in: root)
        let sidecar = try JSONSerialization.jsonObject(with: bytes(path.replacingOccurrences(of: ".md", with: ".attrs.json"), in: root))
        let base = try XCTUnwrap((sidecar as? [String: Any])?["base"] as? String)
        XCTAssertTrue(exists(".msx/base/\(base)", in: root), "the text the sidecar is anchored to is kept")
        let run = ((sidecar as? [String: Any])?["paragraphs"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]]
        XCTAssertEqual(run?.first?["text"] as? String, "came in slowly at dusk")
        try expect(0, "check", in: root)
    }

    func testABaseGoesWhenTheSidecarNamingItIsReplaced() throws {
        let (root, path) = try formattedStorm()
        let bases = root.appendingPathComponent(".msx/base")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: bases.path).count, 1)
        for word in ["slowly", "quietly", "at last"] {
            try write(Self.storm.replacingOccurrences(of: "came in at", with: "came in \(word) at"), to: path, in: root)
            try expect(0, "format", "Storm", "--match", "Nobody", "--italic", in: root)
            try expect(0, "format", "Storm", "--match", "Nobody", "--no-italic", in: root)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: bases.path).count, 1, "one base per sidecar")
        try expect(0, "check", in: root)
    }

    func testCheckRepairRemovesBasesNoSidecarNames() throws {
        let (root, _) = try formattedStorm()
        let bases = root.appendingPathComponent(".msx/base")
        let stray = BaseTextProbe.file(in: bases)
        try "msx-base 1\nold\n".write(to: stray, atomically: true, encoding: .utf8)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: bases.path).count, 2)
        let repaired = try expect(0, "check", "--repair", "--json", in: root).json()
        XCTAssertTrue((repaired["repairs"] as? [String] ?? []).contains { $0.hasPrefix("removed 1 base text") }, "\(repaired)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: bases.path).count, 1, "the one the sidecar names stays")
        XCTAssertEqual(try runTexts(of: "Storm", in: root, where: "underline", is: "single"), ["came in at dusk"])
    }

    func testABrokenBaseFolderNeverStopsAWrite() throws {
        let (root, _) = try formattedStorm()
        let bases = root.appendingPathComponent(".msx/base")
        try FileManager.default.removeItem(at: bases)
        try "not a folder".write(to: bases, atomically: true, encoding: .utf8)
        try expect(0, "format", "Storm", "--match", "Nobody", "--underline", in: root)
        XCTAssertEqual(try runTexts(of: "Storm", in: root, where: "underline", is: "single"), ["came in at dusk", "Nobody"])
        try expect(0, "check", "--repair", in: root)
    }

    func testABaseSymlinkedOutsideTheProjectIsNeitherFollowedNorRemoved() throws {
        let (root, path) = try formattedStorm()
        let bases = root.appendingPathComponent(".msx/base")
        let id = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: bases.path).first)
        let outside = scratch.appendingPathComponent("outside.txt")
        try "secret\n".write(to: outside, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: bases.appendingPathComponent(id))
        try FileManager.default.createSymbolicLink(at: bases.appendingPathComponent(id), withDestinationURL: outside)
        try write("Then the storm came in at dusk and the lamp went dark.\n\nNobody slept.\n", to: path, in: root)
        try expect(0, "format", "Storm", "--match", "Nobody", "--italic", in: root)
        try expect(0, "check", "--repair", in: root)
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "secret\n")
        XCTAssertEqual(try runTexts(of: "Storm", in: root, where: "underline", is: "single"), ["came in at dusk"])
    }

    func testWithoutItsBaseASidecarFallsBackToItsWords() throws {
        let (root, path) = try formattedStorm()
        try FileManager.default.removeItem(at: root.appendingPathComponent(".msx/base"))
        try write("Then the storm came in at dusk and the lamp went dark.\n\nNobody slept.\n", to: path, in: root)
        XCTAssertEqual(try runTexts(of: "Storm", in: root, where: "underline", is: "single"), ["came in at dusk"])
    }

    func testRestoreFormattingOnlyPutsTheVersionsFormattingOnTodaysWords() throws {
        let (root, path) = try formattedStorm()
        let first = try XCTUnwrap(try expect(0, "log", "--json", in: root).json()["versions"] as? [[String: Any]]).first?["version"] as? String
        // Today: new words inside the phrase, and the formatting removed.
        try expect(0, "format", "Storm", "--match", "came in at dusk", "--no-underline", "--color", "none", in: root)
        try write(Self.storm.replacingOccurrences(of: "came in at dusk", with: "came in quietly at dusk"), to: path, in: root)
        let result = try expect(0, "restore", "Storm", "--to", try XCTUnwrap(first), "--formatting-only", "--json", in: root).json()
        XCTAssertTrue((result["changes"] as? [String] ?? []).contains("formatting restored"), "\(result)")
        XCTAssertEqual(try read(path, in: root), Self.storm.replacingOccurrences(of: "came in at dusk", with: "came in quietly at dusk"))
        XCTAssertEqual(try runTexts(of: "Storm", in: root, where: "underline", is: "single"), ["came in quietly at dusk"])
        XCTAssertTrue(exists(path.replacingOccurrences(of: ".md", with: ".attrs.json"), in: root))
        try expect(0, "check", in: root)
    }

    func testRestoreFormattingOnlyNamesWhatItCouldNotPlace() throws {
        let (root, path) = try formattedStorm()
        let first = try XCTUnwrap(try expect(0, "log", "--json", in: root).json()["versions"] as? [[String: Any]]).first?["version"] as? String
        try write("The wind rose and the lamp went dark.\n\nNobody slept.\n", to: path, in: root)
        let result = try expect(0, "restore", "Storm", "--to", try XCTUnwrap(first), "--formatting-only", in: root)
        XCTAssertTrue(result.stdout.contains("formatting on 'came in at dusk' was not restored: its words are gone"), result.stdout)
        XCTAssertEqual(try runTexts(of: "Storm", in: root, where: "underline", is: "single"), [])
    }
}

/// A base file name that no sidecar names.
private enum BaseTextProbe {
    static func file(in folder: URL) -> URL { folder.appendingPathComponent("00000000000000ff") }
}
