import Foundation
import MsxModel

/// A Scrivener binder file (`.scrivx`, `binder.scrivproj`) read as XML whatever state it is in: bytes that are not
/// UTF-8 (one bad byte in one title) are read as U+FFFD rather than refusing the project, and a file that cannot be
/// read at all is replaced by a copy Scrivener keeps (`Files/binder.autosave`, `Files/binder.backup`: ZIP archives
/// holding the binder file).
enum ScrivenerBinderFile {
    /// The binder's root element, and what was wrong and how it was read anyway (one line each).
    /// - Throws: `not-scrivener` when neither the file nor any of `backups` holds a Scrivener binder.
    static func read(_ url: URL, backups: [URL]) throws -> (root: XMLNode, problems: [String]) {
        let failure: MsxError
        do {
            let (root, replaced) = try binder(try FileIO.readData(url, displayPath: url.path))
            return (root, replaced == 0 ? [] : [notUTF8(replaced, in: url.lastPathComponent)])
        } catch let error as MsxError where [.unexpected, .notScrivener, .io].contains(error.code) {
            failure = error
        }
        for backup in backups where FileManager.default.fileExists(atPath: backup.path) {
            guard let data = try? FileIO.readData(backup, displayPath: backup.path), let archive = try? ZipPackageReader(data),
                  let entry = archive.paths.first(where: { $0.hasSuffix(".scrivx") || $0.hasSuffix(".scrivproj") }),
                  let bytes = try? archive.part(entry), let (root, replaced) = try? binder(bytes)
            else { continue }
            let saved = (try? FileManager.default.attributesOfItem(atPath: backup.path)[.modificationDate] as? Date)
                .map { " (saved \(ISO8601DateFormatter.string(from: $0, timeZone: .gmt, formatOptions: [.withFullDate])))" } ?? ""
            var problems = ["\(url.lastPathComponent) could not be read (\(failure.message)): the binder came from Scrivener's copy"
                + " in Files/\(backup.lastPathComponent)\(saved); changes made after that copy are not in it"]
            if replaced > 0 { problems.append(notUTF8(replaced, in: "Files/\(backup.lastPathComponent)")) }
            return (root, problems)
        }
        let copies = backups.contains { FileManager.default.fileExists(atPath: $0.path) } ? "; nor could Scrivener's copies of it" : ""
        throw MsxError(.notScrivener, "\(url.path): \(failure.message)\(copies)")
    }

    private static func notUTF8(_ count: Int, in name: String) -> String {
        "\(name): \(count) byte\(count == 1 ? "" : "s") that \(count == 1 ? "is" : "are") not UTF-8 (in a title, say) read as \u{FFFD}"
    }

    /// `data` parsed as a Scrivener binder, and how many invalid UTF-8 sequences were read as U+FFFD.
    private static func binder(_ data: Data) throws -> (XMLNode, Int) {
        var data = data
        var replaced = 0
        if String(data: data, encoding: .utf8) == nil, declaresUTF8(data) {
            let text = String(decoding: data, as: UTF8.self)
            let genuine = data.ranges(of: Data([0xEF, 0xBF, 0xBD])).count
            replaced = text.unicodeScalars.filter { $0 == "\u{FFFD}" }.count - genuine
            data = Data(text.utf8)
        }
        let root: XMLNode
        do {
            root = try XMLNode.parse(data)
        } catch let error as MsxError where error.code == .unexpected {
            throw MsxError(.notScrivener, error.message)
        }
        guard root.name == "ScrivenerProject", root.child("Binder") != nil else {
            throw MsxError(.notScrivener, "not a Scrivener binder (no ScrivenerProject with a Binder)")
        }
        return (root, replaced)
    }

    /// Whether the XML declaration says UTF-8, or says no encoding (XML's default).
    private static func declaresUTF8(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(200), as: UTF8.self).lowercased()
        guard let end = head.range(of: "?>"), head.hasPrefix("<?xml") else { return true }
        let declaration = head[..<end.lowerBound]
        return !declaration.contains("encoding") || declaration.contains("utf-8") || declaration.contains("utf8")
    }
}
