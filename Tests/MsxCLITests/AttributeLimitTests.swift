import Foundation
import XCTest

/// Numbers with no place on a page (a first-line indent of 1e300 points) are refused by `format`,
/// never crash a reader or a writer, are reported by `check` and brought within their limits by `check --repair`.
final class AttributeLimitTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private func storm(_ root: URL) throws -> String {
        let (_, path) = try addDocument("Storm", "The storm came in at dusk.\n\nNobody slept.\n", to: root)
        try expect(0, "format", "Storm", "--match", "came in", "--size", "14", in: root)
        return path.replacingOccurrences(of: ".md", with: ".attrs.json")
    }

    func testFormatRefusesEveryNumberOutOfItsLimitsAndWritesNothing() throws {
        let root = try makeProject()
        _ = try storm(root)
        let before = snapshot(root)
        let cases: [(option: [String], says: String)] = [
            (["--first-indent", "1e300"], "first-line indent must be a number between -1584 and 1584 points"),
            (["--left-indent", "inf"], "left indent must be"),
            (["--right-indent", "-1e9"], "right indent must be"),
            (["--space-before", "-3"], "space before must be a number between 0 and 1584 points"),
            (["--space-after", "nan"], "space after must be"),
            (["--line-height", "0"], "line height must be a number above 0 and at most 10"),
            (["--size", "0"], "font size must be a number above 0 and at most 1000 points"),
        ]
        for (option, says) in cases {
            let result = try runMsx(["format", "Storm", "--paragraph", "1"] + option, in: root, stdin: nil, env: [:])
            assertExit(result, 64)
            XCTAssertTrue(result.stderr.contains(says), "\(option): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        }
        assertSameSnapshot(before, snapshot(root))
        // Hanging indents and the largest page lengths are fine.
        try expect(0, "format", "Storm", "--paragraph", "1", "--first-indent", "-18", "--left-indent", "1584", in: root)
    }

    func testASidecarHoldingHugeNumbersIsReadWithinLimitsReportedAndRepaired() throws {
        let root = try makeProject()
        let sidecar = try storm(root)
        try expect(0, "format", "Storm", "--paragraph", "1", "--first-indent", "20", in: root)
        var text = try read(sidecar, in: root)
        text = text.replacingOccurrences(of: "\"firstLineHeadIndent\" : 20", with: "\"firstLineHeadIndent\" : 1e300")
            .replacingOccurrences(of: "\"firstLineHeadIndent\": 20", with: "\"firstLineHeadIndent\": 1e300")
            .replacingOccurrences(of: "\"fontSize\": 14", with: "\"fontSize\": -5")
        XCTAssertTrue(text.contains("1e300") && text.contains("-5"), text)
        try write(text, to: sidecar, in: root)

        // Readers and writers work on the numbers brought within limits.
        let first = try XCTUnwrap(try paragraphs(of: "Storm", in: root).first)
        XCTAssertEqual((first["attributes"] as? [String: Any])?["firstLineHeadIndent"] as? Double, 1_584)
        let rtf = try expect(0, "compile", "--format", "rtf", "--out", scratch.appendingPathComponent("book.rtf").path, in: root)
        XCTAssertTrue(rtf.stderr.isEmpty || !rtf.stderr.contains("Fatal"), rtf.stderr)
        XCTAssertTrue(try String(contentsOf: scratch.appendingPathComponent("book.rtf"), encoding: .utf8).contains("\\fi31680"))

        let check = try expect(1, "check", "--json", in: root).json()
        let codes = (check["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertTrue(codes.contains("value-out-of-limits"), "\(check)")
        let human = try expect(1, "check", in: root).stdout + (try expect(1, "check", in: root).stderr)
        XCTAssertTrue(human.contains("paragraphs[0].attributes.firstLineHeadIndent"), human)

        try expect(0, "check", "--repair", in: root)
        try expect(0, "check", in: root)
        let repaired = try read(sidecar, in: root)
        XCTAssertFalse(repaired.contains("1e300") || repaired.contains("1e+300"), repaired)
        XCTAssertTrue(repaired.contains("1584"), repaired)
    }

    func testAStyleHoldingAHugeNumberIsAOneLineErrorNamingTheField() throws {
        let root = try makeProject()
        let manifest = try read("manuscript.json", in: root)
        let styled = manifest.replacingOccurrences(of: "\"formatVersion\": 1,",
                                                   with: "\"formatVersion\": 1, \"styles\": {\"Epigraph\": {\"fontSize\": 1e9}},")
        XCTAssertNotEqual(manifest, styled)
        try write(styled, to: "manuscript.json", in: root)
        let result = try expect(3, "tree", in: root)
        XCTAssertTrue(result.stderr.contains("manuscript.json: styles.Epigraph.fontSize must be a number above 0"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
    }

    func testImportedRTFIsBroughtWithinLimits() throws {
        let root = try makeProject()
        let rtf = scratch.appendingPathComponent("huge.rtf")
        try Data(#"{\rtf1\ansi{\fonttbl\f0 Times;}\f0\fs0\fi999999999\li-99999999 Huge indent.\par}"#.utf8).write(to: rtf)
        try expect(0, "import", rtf.path, in: root)
        try expect(0, "check", in: root)
        try expect(0, "compile", "--format", "rtf", "--out", scratch.appendingPathComponent("out.rtf").path, in: root)
    }
}
