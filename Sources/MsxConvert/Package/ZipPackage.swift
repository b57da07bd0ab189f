import Foundation
import MsxModel
import ZIPFoundation

/// A ZIP package (DOCX, EPUB) written in memory, entry by entry, in the order given: EPUB needs its `mimetype`
/// first and stored, and readers of both find parts by name. Tests build packages with it too.
package struct ZipPackage {
    private let archive: Archive

    package init() throws {
        do {
            archive = try Archive(accessMode: .create)
        } catch {
            throw MsxError(.unexpected, "cannot start a ZIP package in memory: \(error)")
        }
    }

    /// Adds the part `path` holding `data`, deflated unless `stored`.
    package func add(_ path: String, _ data: Data, stored: Bool = false) throws {
        do {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count),
                                 modificationDate: Self.fixedDate, compressionMethod: stored ? .none : .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        } catch {
            throw MsxError(.unexpected, "cannot add \(path) to a ZIP package: \(error)")
        }
    }

    package func add(_ path: String, _ text: String, stored: Bool = false) throws { try add(path, Data(text.utf8), stored: stored) }

    /// The package's bytes.
    package var data: Data { archive.data ?? Data() }

    /// Every part carries one date, so the same manuscript compiles to the same bytes.
    private static let fixedDate = Date(timeIntervalSince1970: 1_577_836_800)  // 2020-01-01
}
