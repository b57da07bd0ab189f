import MsxTestSupport
import XCTest
@testable import MsxGit
@testable import MsxHistory

/// `.msx/cache/files` reads back exactly what it wrote, for the version and folder it was written for only, and
/// never believes a damaged file or one a line break in a path would cut wrongly.
final class VersionFilesCacheTests: SeededTestCase {
    private let version = GitOID(hex: String(repeating: "ab", count: 20))!
    private let other = GitOID(hex: String(repeating: "cd", count: 20))!

    func testWhatIsWrittenReadsBackForItsVersionAndFolderOnly() throws {
        var random = seededGenerator(20261127)
        let names = ["a.md", "b c.md", "tab\there.md", "é.md", "e\u{301}.md", "日本.md", ".gitkeep", "x/y/z.attrs.json"]
        for round in 0..<scaled(200) {
            let prefix = ["", "book/", "my book/"].randomElement(using: &random)!
            var files: [String: GitOID] = [:]
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                files[prefix + "contents/" + names.randomElement(using: &random)!] = Bool.random(using: &random) ? version : other
            }
            let bytes = try XCTUnwrap(VersionFilesCache.serialize(files, of: version, prefix: prefix))
            XCTAssertEqual(VersionFilesCache.parse(bytes, version: version, prefix: prefix), files, "round \(round)")
            XCTAssertNil(VersionFilesCache.parse(bytes, version: other, prefix: prefix), "round \(round): another version")
            XCTAssertNil(VersionFilesCache.parse(bytes, version: version, prefix: prefix + "x/"), "round \(round): another folder")
            // Any one byte changed, or the file cut short, is not believed.
            var damaged = bytes
            let at = Int.random(in: 0..<damaged.count, using: &random)
            damaged[at] ^= UInt8.random(in: 1...255, using: &random)
            XCTAssertNil(VersionFilesCache.parse(damaged, version: version, prefix: prefix), "round \(round): byte \(at) changed")
            XCTAssertNil(VersionFilesCache.parse(Array(bytes.dropLast(Int.random(in: 1...bytes.count, using: &random))), version: version, prefix: prefix))
        }
    }

    func testAPathWithALineBreakIsNotCached() {
        for path in ["a\nb.md", "a\r\nb.md"] {
            XCTAssertNil(VersionFilesCache.serialize([path: version], of: version, prefix: ""), path.debugDescription)
        }
        XCTAssertNil(VersionFilesCache.serialize(["a.md": version], of: version, prefix: "x\r\n/"))
    }
}
