import Foundation
import XCTest

/// Formatting that survives edits made outside msx (another editor, or `msx edit`).
final class OutsideEditTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    static let path = "contents/draft/lamp.md"
    static let sidecar = "contents/draft/lamp.attrs.json"

    /// A project whose "Lamp" document has "lamp burned" underlined in its first paragraph.
    private func underlinedProject() throws -> URL {
        let root = try makeProject()
        try addDocument("Lamp", "The old lamp burned all night.\n\nNothing else happened.\n", to: root)
        try expect(0, "format", "Lamp", "--match", "lamp burned", "--underline", in: root)
        XCTAssertEqual(try runTexts(of: "Lamp", in: root, where: "underline", is: "single"), ["lamp burned"])
        return root
    }

    /// The sidecar's first run of the paragraph entries, with that entry's index.
    private func firstRun(_ root: URL) throws -> (index: Int, run: [String: Any]) {
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: bytes(Self.sidecar, in: root)) as? [String: Any])
        let entry = try XCTUnwrap((json["paragraphs"] as? [[String: Any]])?.first { $0["runs"] != nil })
        return (entry["index"] as? Int ?? -1, try XCTUnwrap((entry["runs"] as? [[String: Any]])?.first))
    }

    func testOutsideEditIsReanchoredReadOnlyThenRepaired() throws {
        let root = try underlinedProject()
        try write("Early that year, the old lamp burned all night.\n\nNothing else happened.\n", to: Self.path, in: root)
        let sidecarBefore = try bytes(Self.sidecar, in: root)

        let shown = try expect(0, "show", "Lamp", "--as", "json", in: root).json()
        XCTAssertEqual(shown["warnings"] as? [String], [])
        XCTAssertEqual(try runTexts(of: "Lamp", in: root, where: "underline", is: "single"), ["lamp burned"])
        let runs = (shown["paragraphs"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]] ?? []
        let underlined = runs.first { ($0["attributes"] as? [String: Any])?["underline"] as? String == "single" }
        XCTAssertEqual(underlined?["start"] as? Int, 25)
        XCTAssertEqual(underlined?["end"] as? Int, 36)
        try expect(0, "show", "Lamp", "--as", "html", in: root)
        XCTAssertEqual(try bytes(Self.sidecar, in: root), sidecarBefore, "show must not write the sidecar")

        let check = try expect(0, "check", "--json", in: root).json()
        let findings = check["findings"] as? [[String: Any]] ?? []
        XCTAssertEqual(findings.compactMap { $0["code"] as? String }, ["stale-sidecar"])
        XCTAssertEqual(findings.first?["severity"] as? String, "warning")
        XCTAssertTrue(try expect(0, "check", in: root).stdout.contains("warning"))
        XCTAssertEqual(try bytes(Self.sidecar, in: root), sidecarBefore, "check without --repair must not write")

        let repair = try expect(0, "check", "--repair", "--json", in: root).json()
        XCTAssertFalse((repair["repairs"] as? [String] ?? []).isEmpty, "\(repair)")
        XCTAssertNotEqual(try bytes(Self.sidecar, in: root), sidecarBefore)
        let (index, run) = try firstRun(root)
        XCTAssertEqual(index, 0)
        XCTAssertEqual(run["start"] as? Int, 25)
        XCTAssertEqual(run["text"] as? String, "lamp burned")
        let clean = try expect(0, "check", "--json", in: root).json()
        XCTAssertEqual((clean["findings"] as? [[String: Any]])?.count, 0, "\(clean)")
        XCTAssertEqual(try runTexts(of: "Lamp", in: root, where: "underline", is: "single"), ["lamp burned"])
    }

    func testDeletedWordsAreReportedNotMoved() throws {
        let root = try underlinedProject()
        try write("The old light went out.\n\nNothing else happened.\n", to: Self.path, in: root)
        let shown = try expect(0, "show", "Lamp", "--as", "json", in: root).json()
        XCTAssertEqual((shown["warnings"] as? [String])?.count, 1, "\(shown)")
        XCTAssertEqual(try runTexts(of: "Lamp", in: root, where: "underline", is: "single"), [])
        try expect(1, "check", in: root)
    }

    func testEditWithEditorScriptReanchorsAndSavesTheSidecar() throws {
        let root = try underlinedProject()
        let script = scratch.appendingPathComponent("editor.sh")
        // Puts a new paragraph first and appends one at the end, as a writer in an editor would.
        try Data("""
            #!/bin/sh
            { printf 'A new opening paragraph.\\n\\n'; cat "$1"; printf '\\nAn appended paragraph.\\n'; } > "$1.new" && mv "$1.new" "$1"

            """.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)

        let json = try expect(0, "edit", "Lamp", "--json", in: root, env: ["EDITOR": script.path]).json()
        XCTAssertEqual(json["schemaVersion"] as? Int, 1)
        XCTAssertEqual(json["sidecarSaved"] as? Bool, true)
        XCTAssertEqual(try read(Self.path, in: root),
                       "A new opening paragraph.\n\nThe old lamp burned all night.\n\nNothing else happened.\n\nAn appended paragraph.\n")
        let (index, run) = try firstRun(root)
        XCTAssertEqual(index, 1, "the sidecar follows its paragraph")
        XCTAssertEqual(run["text"] as? String, "lamp burned")
        XCTAssertEqual(try runTexts(of: "Lamp", in: root, where: "underline", is: "single"), ["lamp burned"])
        let check = try expect(0, "check", "--json", in: root).json()
        XCTAssertEqual((check["findings"] as? [[String: Any]])?.count, 0, "\(check)")
    }

    func testEditAppendingAParagraphKeepsFormatting() throws {
        let root = try underlinedProject()
        try expect(0, "edit", "Lamp", in: root, env: ["EDITOR": "printf '\\nAppended at the end.\\n' >>"])
        XCTAssertTrue(try read(Self.path, in: root).hasSuffix("Nothing else happened.\n\nAppended at the end.\n"))
        XCTAssertEqual(try runTexts(of: "Lamp", in: root, where: "underline", is: "single"), ["lamp burned"])
        try expect(0, "check", in: root)
    }

    func testEditWithoutAnEditorOrWithAFailingOneFails() throws {
        let root = try underlinedProject()
        let before = snapshot(root)
        assertJSONError(try msx("edit", "Lamp", "--json", in: root), 1)
        try expect(1, "edit", "Lamp", in: root, env: ["EDITOR": "false"])
        assertSameSnapshot(before, snapshot(root))
        try expect(1, "edit", "Draft", in: root, env: ["EDITOR": "true"])
    }
}
