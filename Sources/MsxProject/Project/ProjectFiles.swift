import Foundation
import MsxModel

extension Project {
    /// The bytes of a file of the project (a picture a document shows), or nil when it is missing, is not a plain
    /// path inside the project, or is larger than `limit` bytes.
    package func fileData(_ relative: String, limit: Int) -> Data? {
        guard let url = try? paths.url(relative),
              let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size <= limit else { return nil }
        return try? Data(contentsOf: url)
    }
}
