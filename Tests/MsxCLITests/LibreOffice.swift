import Foundation
import XCTest

/// LibreOffice run headless as a real consumer of msx's files, with its own profile in the test's scratch folder.
enum LibreOffice {
    /// `file` converted by LibreOffice to `filter` ("txt:Text", "html", "docx:MS Word 2007 XML"), as a file with
    /// `suffix` in a folder of `scratch`. Skips the test when LibreOffice is not installed; fails it when
    /// LibreOffice writes nothing (it exits 0 even when it cannot load a file). `profile` is LibreOffice's user
    /// folder (default: one in `scratch`).
    static func convert(_ file: URL, to filter: String, extension suffix: String, in scratch: URL, profile: URL? = nil) throws -> URL {
        let soffice = ["/usr/bin/soffice", "/usr/bin/libreoffice"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let soffice else { throw XCTSkip("LibreOffice is not installed (apt-get install libreoffice-writer-nogui)") }
        let out = scratch.appendingPathComponent("lo-\(suffix)-\(UUID().uuidString.prefix(8))")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: soffice)
        process.arguments = ["--headless", "-env:UserInstallation=file://\((profile ?? scratch.appendingPathComponent("lo-profile")).path)", "--convert-to", filter,
                             "--outdir", out.path, file.path]
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

    /// `file` converted to `filter`, read as text.
    static func text(_ file: URL, to filter: String, extension suffix: String, in scratch: URL) throws -> String {
        try String(contentsOf: convert(file, to: filter, extension: suffix, in: scratch), encoding: .utf8)
    }
}
