import Foundation
import MsxModel

extension ImportedDocument {
    /// The file name a picture is imported as, from its bytes (`picture-` and a hash of them, then its kind:
    /// the same picture imported twice is one file), or nil when it is not a PNG, JPEG or GIF.
    static func pictureName(_ data: Data) -> String? {
        Picture(data).map { "picture-\(TextHash.fnv1a64([UInt8](data))).\($0.kind.rawValue)" }
    }

    /// The pictures `paragraphs` show, of those this document holds.
    func pictures(shownIn paragraphs: [ImportedParagraph]) -> [String: Data] {
        var shown: [String: Data] = [:]
        for paragraph in paragraphs {
            for run in paragraph.runs {
                if let name = run.attributes[.image]?.stringValue, let data = pictures[name] { shown[name] = data }
            }
        }
        return shown
    }
}
