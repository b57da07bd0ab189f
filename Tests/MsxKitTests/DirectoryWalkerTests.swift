import Foundation
import MsxTestSupport
import XCTest
@testable import MsxModel
@testable import MsxProject

/// `DirectoryWalker.files(below:naming:)` against find(1) over random trees: every file once, named with the prefix,
/// links listed and never followed, folders (empty ones too) never listed.
final class DirectoryWalkerTests: SeededTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try temporaryFolder() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testEveryFileIsListedOnceWithThePrefixAsFindListsIt() throws {
        var random = seededGenerator(90_211)
        let outside = folder.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("inner"), withIntermediateDirectories: true)
        try Data("far".utf8).write(to: outside.appendingPathComponent("inner/far.md"))
        for round in 0..<scaled(12) {
            let root = folder.appendingPathComponent("tree-\(round)")
            try makeTree(at: root, depth: 0, random: &random)
            try linkSome(in: root, to: outside, random: &random)
            let expected = try find(root)
            for prefix in ["", "contents/", "notes"] {
                let listed = DirectoryWalker.files(below: root.path, naming: prefix)
                // Compared as bytes: Swift's strings call both spellings of an accent, and K and the Kelvin sign, equal.
                let names = listed.map { Array($0.path.utf8) }
                XCTAssertEqual(names.count, Set(names).count, "round \(round): a file listed twice")
                let separator = prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/"
                let want = Dictionary(uniqueKeysWithValues: expected.map { (Array((prefix + separator).utf8) + $0.key, $0.value) })
                let got = Dictionary(listed.map { (Array($0.path.utf8), $0.isRegularFile) }, uniquingKeysWith: { first, _ in first })
                XCTAssertEqual(got, want, "round \(round), prefix '\(prefix)'")
            }
            XCTAssertTrue(expected.values.contains(false), "round \(round): no link drawn")
        }
    }

    func testAFolderThatCannotBeReadListsNothing() {
        XCTAssertTrue(DirectoryWalker.files(below: folder.appendingPathComponent("absent").path, naming: "contents/").isEmpty)
    }

    /// Files (plain, dotted, accented in both spellings, long) and folders (some empty), three levels deep at most.
    private func makeTree(at root: URL, depth: Int, random: inout SeededGenerator) throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let names = ["scene.md", ".gitkeep", "..hidden", "caf\u{E9}.md", "cafe\u{301}.md", "a b.attrs.json",
                     String(repeating: "long-name-", count: 12) + ".md", "K.md", "\u{212A}.md", "x"]
        for name in names where Int.random(in: 0..<3, using: &random) > 0 {
            try Data(name.utf8).write(to: root.appendingPathComponent(name))
        }
        guard depth < 3 else { return }
        for index in 0..<Int.random(in: 0...3, using: &random) {
            try makeTree(at: root.appendingPathComponent(index == 0 ? "part \(depth)" : "d\(index)"), depth: depth + 1, random: &random)
        }
        if Bool.random(using: &random) {
            try FileManager.default.createDirectory(at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        }
    }

    /// Links beside the files: to a file, to a folder outside (never entered), to nothing.
    private func linkSome(in root: URL, to outside: URL, random: inout SeededGenerator) throws {
        let targets = [outside.appendingPathComponent("inner/far.md").path, outside.path, root.appendingPathComponent("gone").path]
        for (index, target) in targets.enumerated() where index == 1 || Bool.random(using: &random) {
            XCTAssertEqual(symlink(target, root.appendingPathComponent("link-\(index)").path), 0)
        }
    }

    /// What find(1) lists below `root` that is not a folder: its path below `root` (bytes), and whether it is a plain
    /// file.
    private func find(_ root: URL) throws -> [[UInt8]: Bool] {
        let output = try output(of: "/usr/bin/find", [root.path, "-mindepth", "1", "-not", "-type", "d", "-printf", "%P\\0%y\\0"])
        let fields = output.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { Array($0) }
        var result: [[UInt8]: Bool] = [:]
        for pair in stride(from: 0, to: fields.count - 1, by: 2) { result[fields[pair]] = fields[pair + 1] == Array("f".utf8) }
        return result
    }
}
