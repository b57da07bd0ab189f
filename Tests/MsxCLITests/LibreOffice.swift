import Foundation
import XCTest

/// LibreOffice run headless as a real consumer of msx's files, with its own profile in the test's scratch folder.
enum LibreOffice {
    /// `file` converted by LibreOffice to `filter` ("txt:Text", "html", "docx:MS Word 2007 XML"), as a file with
    /// `suffix` in a folder of `scratch`. Skips the test when LibreOffice is not installed; fails it when
    /// LibreOffice writes nothing (it exits 0 even when it cannot load a file). `profile` is LibreOffice's user
    /// folder (default: one in `scratch`).
    /// `more` files are converted in the same run, into the same folder.
    static func convert(_ file: URL, to filter: String, extension suffix: String, in scratch: URL, profile: URL? = nil,
                        more: [URL] = []) throws -> URL {
        let soffice = ["/usr/bin/soffice", "/usr/bin/libreoffice"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let soffice else { throw XCTSkip("LibreOffice is not installed (apt-get install libreoffice-writer-nogui)") }
        let out = scratch.appendingPathComponent("lo-\(suffix)-\(UUID().uuidString.prefix(8))")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: soffice)
        process.arguments = ["--headless", "-env:UserInstallation=file://\((profile ?? scratch.appendingPathComponent("lo-profile")).path)", "--convert-to", filter,
                             "--outdir", out.path, file.path] + more.map(\.path)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let result = out.appendingPathComponent(file.deletingPathExtension().lastPathComponent + "." + suffix)
        guard FileManager.default.fileExists(atPath: result.path) else {
            throw NSError(domain: "LibreOffice", code: 1, userInfo: [NSLocalizedDescriptionKey: "LibreOffice wrote no \(suffix) for \(file.lastPathComponent)"])
        }
        return result
    }

    /// The plain text LibreOffice reads from each of `files`, in one run of LibreOffice (each start costs seconds).
    static func plainTexts(of files: [URL], in scratch: URL) throws -> [String] {
        let batch = scratch.appendingPathComponent("lo-batch-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: batch, withIntermediateDirectories: true)
        // Copied under names of their own: LibreOffice names each result after its file.
        let copies = try files.enumerated().map { index, file in
            let copy = batch.appendingPathComponent("file-\(index).\(file.pathExtension)")
            try FileManager.default.copyItem(at: file, to: copy)
            return copy
        }
        guard let first = copies.first else { return [] }
        let out = try convert(first, to: "txt:Text", extension: "txt", in: scratch, more: Array(copies.dropFirst()))
        return try copies.map { copy in
            try String(contentsOf: out.deletingLastPathComponent().appendingPathComponent(copy.deletingPathExtension().lastPathComponent + ".txt"),
                       encoding: .utf8)
        }
    }

    /// `file` converted to `filter`, read as text.
    static func text(_ file: URL, to filter: String, extension suffix: String, in scratch: URL) throws -> String {
        try String(contentsOf: convert(file, to: filter, extension: suffix, in: scratch), encoding: .utf8)
    }
}

extension LibreOffice {
    /// A copy of `file` edited by LibreOffice through UNO, as an editor would with Track Changes on, saved as
    /// Word 2007-365 `.docx`: `edits` are those `Fixtures/libreoffice-edit.py` lists. Skips the test when
    /// LibreOffice's Python bridge is not installed.
    static func edit(_ file: URL, _ edits: [[String: Any]], in scratch: URL) throws -> URL {
        guard FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/uno.py"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/soffice") else {
            throw XCTSkip("LibreOffice's Python bridge is not installed (apt-get install libreoffice-writer-nogui python3-uno)")
        }
        let name = "lo-edit-\(UUID().uuidString.prefix(8))"
        let script = MsxRunner.packageRoot.appendingPathComponent("Tests/MsxCLITests/Fixtures/libreoffice-edit.py")
        let list = scratch.appendingPathComponent(name + ".json"), out = scratch.appendingPathComponent(name + ".docx")
        try JSONSerialization.data(withJSONObject: edits).write(to: list)
        let result = try ExternalTool.run("/usr/bin/python3", [script.path, file.path, out.path, list.path,
                                                              scratch.appendingPathComponent("lo-uno-profile").path],
                                          package: "python3", mergingErrors: true)
        guard result.status == 0, FileManager.default.fileExists(atPath: out.path) else {
            throw NSError(domain: "LibreOffice", code: Int(result.status), userInfo: [NSLocalizedDescriptionKey: "LibreOffice could not edit \(file.lastPathComponent): \(result.output)"])
        }
        return out
    }
}
