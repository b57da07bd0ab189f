import Foundation
import MsxKit
import XCTest

/// The ways diff shows changes come from one registry: each is chosen by --format, the old flags name the same
/// ones, the help lists them, and a name that is none of them is refused with the nearest suggested.
final class DiffFormatTests: HistoryTestCase {
    func testEveryRegisteredWayIsChosenByNameAndListed() throws {
        let book = try makeBook()
        try Data("The old lamp burned till dawn.\n\nNell watched it from the quay.\n".utf8).write(to: book.root.appendingPathComponent(Book.lampPath))
        let help = try expect(0, "diff", "--help", in: book.root).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for format in ComparisonFormats.registry {
            XCTAssertTrue(help.contains(format.name) && help.contains(format.summary), "\(format.name) is not in the help:\n\(help)")
        }
        for (name, flag) in [("stat", "--stat"), ("word-diff", "--word-diff"), ("html", "--html")] {
            XCTAssertEqual(try expect(0, "diff", "--format", name, in: book.root).stdout, try expect(0, "diff", flag, in: book.root).stdout, name)
        }
        XCTAssertTrue(try expect(0, "diff", "--format", "text", in: book.root).stdout.contains("dawn"))
        XCTAssertTrue(try expect(0, "diff", "--format", "json", in: book.root).stdout.contains("\"documents\""))
        try expect(64, "diff", "--format", "docx", in: book.root)
        let docx = try expect(0, "diff", "--format", "docx", "--docx", "changes.docx", "--json", in: book.root).json()
        XCTAssertEqual(docx["documents"] as? Int, 1)
        let refused = try expect(64, "diff", "--format", "htlm", "--json", in: book.root).json()
        let error = refused["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? String, "unknown-format")
        XCTAssertTrue((error?["message"] as? String ?? "").contains("did you mean 'html'"), "\(refused)")
    }
}
