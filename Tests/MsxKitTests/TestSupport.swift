import Foundation
import MsxTestSupport
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

/// A fresh temporary folder, removed by the caller's `defer`.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("msx-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Builds the rich model of Markdown text with an optional sidecar.
func richDocument(_ markdown: String, sidecar: Sidecar? = nil) -> RichDocument {
    RichDocument(markdown: MarkdownDocument(markdown), sidecar: sidecar)
}
