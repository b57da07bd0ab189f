import Foundation
import MsxKit
import XCTest

/// The formats compile writes come from one registry: each is chosen by its name and by its files' extension,
/// writes a file, and is listed in the help; a name that is none of them is refused with the nearest suggested.
final class CompileFormatTests: MsxTestCase {
    func testEveryRegisteredFormatIsNamedListedAndWritten() throws {
        let project = try makeProject()
        // The help as one line: it wraps anywhere.
        let help = try expect(0, "compile", "--help", in: project).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for format in CompileFormat.all {
            XCTAssertTrue(help.contains(format.name) && help.contains(format.renderer.summary), "\(format) is not in the help:\n\(help)")
            let file = "book-\(format.name).\(format.renderer.extensions[0])"
            try expect(0, "compile", "--out", file, in: project)
            let written = try Data(contentsOf: project.appendingPathComponent(file))
            XCTAssertGreaterThan(written.count, 0, file)
            XCTAssertEqual(CompileFormat(fileName: file), format)
            try expect(0, "compile", "--format", format.name, "--out", "named-\(file)", in: project)
            XCTAssertEqual(try Data(contentsOf: project.appendingPathComponent("named-\(file)")).count > 0, true)
            if format.isText {
                XCTAssertFalse(try expect(0, "compile", "--format", format.name, in: project).stdout.isEmpty, format.name)
            } else {
                try expect(64, "compile", "--format", format.name, in: project)
            }
        }
        let refused = try expect(64, "compile", "--format", "htlm", "--json", in: project).json()
        let error = refused["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? String, "unknown-format")
        XCTAssertTrue((error?["message"] as? String ?? "").contains("did you mean 'html'"), "\(refused)")
    }
}
