import Foundation
import MsxKit
import XCTest

/// docs/cli-json.md and the code agree: every error code msx can emit is documented with its exit status, every
/// documented one exists, and so for `check`'s finding codes.
final class DocumentedCodesTests: XCTestCase {
    private let document = MsxRunner.packageRoot.appendingPathComponent("docs/cli-json.md")

    /// The rows of the first Markdown table after `heading`: each row's cells, without the header and rule.
    private func table(after heading: String) throws -> [[String]] {
        let text = try String(contentsOf: document, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: heading), "docs/cli-json.md has no '\(heading)'")
        var rows: [[String]] = []
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("|") {
                rows.append(line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                    .map { $0.trimmingCharacters(in: .whitespaces) })
            } else if !rows.isEmpty {
                break
            }
        }
        return Array(rows.dropFirst(2))
    }

    /// `code` from a cell written as `` `code` ``, nil for any other cell.
    private func code(_ cell: String) -> String? {
        guard cell.hasPrefix("`"), cell.hasSuffix("`"), cell.count > 2 else { return nil }
        return String(cell.dropFirst().dropLast())
    }

    func testEveryErrorCodeIsDocumentedWithItsExitStatus() throws {
        let rows = try table(after: "### 3.3 Error codes")
        var documented: [String: String] = [:]
        for row in rows {
            let name = try XCTUnwrap(code(row[0]), "not a code: \(row)")
            XCTAssertNil(documented[name], "\(name) is documented twice")
            documented[name] = row[1]
        }
        for code in MsxError.Code.allCases {
            XCTAssertEqual(documented[code.rawValue], String(code.kind.exitStatus),
                           "docs/cli-json.md 3.3: `\(code.rawValue)` should be listed with exit \(code.kind.exitStatus)")
        }
        let known = Set(MsxError.Code.allCases.map(\.rawValue))
        XCTAssertEqual(Set(documented.keys).subtracting(known), [], "documented codes msx never emits")
    }

    func testEveryExitStatusIsDocumented() throws {
        let statuses = Set(try table(after: "### 3.2 Exit statuses").map { $0[0] })
        for kind in MsxError.Kind.allCases {
            XCTAssertTrue(statuses.contains(String(kind.exitStatus)), "exit status \(kind.exitStatus) (\(kind)) is not in 3.2")
        }
    }

    func testEveryFindingCodeIsDocumented() throws {
        let documented = Set(try table(after: "Finding codes:").compactMap { code($0[0]) })
        let emitted = Set(CheckFinding.Problem.allCases.map(\.rawValue) + [MsxError.Code.missingFile.rawValue])
        XCTAssertEqual(documented, emitted)
    }
}
