import Foundation
import XCTest

/// The msx binary carries its templates, so a copy outside the source tree (or one installed
/// with `make install`) lists and uses them; a folder of templates still comes first by name.
final class CopiedBinaryTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    /// The built msx copied to a folder of its own, far from the source tree.
    private func copiedBinary() throws -> URL {
        let bin = scratch.appendingPathComponent("elsewhere/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let copy = bin.appendingPathComponent("msx")
        try FileManager.default.copyItem(at: try MsxRunner.requireBinary(), to: copy)
        return copy
    }

    /// Runs `binary` in `directory` with no MSX_TEMPLATES unless `templates` names one; returns status and output.
    private func run(_ binary: URL, _ arguments: [String], in directory: URL, templates: String? = nil) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = MsxRunner.environment([:])
        environment["MSX_TEMPLATES"] = templates
        process.environment = environment
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }

    func testACopiedBinaryListsAndUsesItsBuiltInTemplates() throws {
        let msx = try copiedBinary()
        let (status, listed, stderr) = try run(msx, ["templates", "--json"], in: scratch)
        XCTAssertEqual(status, 0, stderr)
        let templates = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [String: Any])["templates"] as? [[String: Any]]
        XCTAssertEqual(templates?.compactMap { $0["name"] as? String }, ["blank", "non-fiction", "novel", "screenplay", "short-story"])
        XCTAssertTrue(templates?.allSatisfy { $0["path"] is NSNull } ?? false, listed)

        let (created, _, initError) = try run(msx, ["init", "lighthouse", "--template", "novel", "--title", "The Lighthouse"], in: scratch)
        XCTAssertEqual(created, 0, initError)
        let root = scratch.appendingPathComponent("lighthouse")
        // The same files as the source tree's template, with new ids.
        let scene = "contents/draft/part-one/chapter-1/scene-1.md"
        XCTAssertEqual(try read(scene, in: root),
                       try String(contentsOf: MsxRunner.templates.appendingPathComponent("novel/" + scene), encoding: .utf8))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("contents/draft/part-one/chapter-1/scene-1.attrs.json").path))
        let (checked, _, checkError) = try run(msx, ["check"], in: root)
        XCTAssertEqual(checked, 0, checkError)
    }

    func testAFolderOfTemplatesComesFirstByName() throws {
        let msx = try copiedBinary()
        let mine = scratch.appendingPathComponent("my-templates")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: MsxRunner.templates.appendingPathComponent("blank"), to: mine.appendingPathComponent("novel"))
        let (status, listed, _) = try run(msx, ["templates", "--json"], in: scratch, templates: mine.path)
        XCTAssertEqual(status, 0)
        let templates = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [String: Any])["templates"] as? [[String: Any]] ?? []
        let novel = try XCTUnwrap(templates.first { $0["name"] as? String == "novel" })
        XCTAssertEqual(novel["path"] as? String, mine.appendingPathComponent("novel").path)
        XCTAssertEqual(novel["documents"] as? Int, 1)
        XCTAssertEqual(templates.count, 5)
    }
}
