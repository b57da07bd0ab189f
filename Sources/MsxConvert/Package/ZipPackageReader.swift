import Foundation
import MsxModel
import ZIPFoundation

/// A ZIP package (DOCX, EPUB) read from memory, part by part. A part larger than `maximumPartSize` once
/// inflated is refused, so a crafted archive cannot fill the memory. Tests read packages with it too.
package struct ZipPackageReader {
    private let archive: Archive
    /// 64 MiB: far above any real manuscript's document part (a 500,000-word book's is about 30 MiB).
    static let maximumPartSize = 64 << 20

    /// - Throws: `MsxError(.unexpected, …)` when `data` is not a ZIP archive; callers name the file and kind.
    package init(_ data: Data) throws {
        do {
            archive = try Archive(data: data, accessMode: .read)
        } catch {
            throw MsxError(.unexpected, "not a ZIP package")
        }
    }

    /// Part names, as the archive lists them.
    package var paths: [String] { archive.map(\.path) }

    /// The part at `path` (no leading slash; matched without regard to case, as OPC names are), or nil when there
    /// is none.
    /// - Throws: `MsxError(.unexpected, …)` when the part is too large or damaged.
    package func part(_ path: String) throws -> Data? {
        let wanted = path.hasPrefix("/") ? String(path.dropFirst()) : path
        guard let entry = archive[wanted] ?? archive.first(where: { $0.path.lowercased() == wanted.lowercased() }),
              entry.type == .file else { return nil }
        guard entry.uncompressedSize <= Self.maximumPartSize else {
            throw MsxError(.unexpected, "\(wanted) is larger than \(Self.maximumPartSize >> 20) MiB")
        }
        var data = Data()
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                guard data.count + chunk.count <= Self.maximumPartSize else {
                    throw MsxError(.unexpected, "\(wanted) is larger than \(Self.maximumPartSize >> 20) MiB")
                }
                data.append(chunk)
            }
        } catch let error as MsxError {
            throw error
        } catch {
            throw MsxError(.unexpected, "\(wanted) is damaged (\(error))")
        }
        return data
    }

    /// The part at `path` parsed as XML, or nil when there is none.
    func xml(_ path: String) throws -> XMLNode? {
        guard let data = try part(path) else { return nil }
        do {
            return try XMLNode.parse(data)
        } catch let error as MsxError {
            throw MsxError(error.code, "\(path): \(error.message)")
        }
    }
}
