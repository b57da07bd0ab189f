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

    /// The project paths of the plain files below `folder` (symbolic links left out), in no particular order.
    package func regularFiles(under folder: String) -> [String] {
        guard let url = try? paths.url(folder) else { return [] }
        return DirectoryWalker.files(below: url.path, naming: folder + "/").filter(\.isRegularFile).map(\.path)
    }
}
