import MsxTestSupport
@testable import MsxActions
@testable import MsxDiff
@testable import MsxModel

extension DiffJSON {
    /// What `write` streams for a document's differences, read back as one value (as a script reads
    /// `msx diff --json`).
    static func value(_ diff: DocumentDiff, old: [String], new: [String], newParagraphs: [ResolvedParagraph] = []) -> JSONValue {
        var bytes: [UInt8] = []
        write(diff, old: old, new: new, newParagraphs: newParagraphs) { bytes += $0 }
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            return try JSONParser.parse(text)
        } catch {
            preconditionFailure("diff JSON that does not read back: \(error.description)")
        }
    }
}
