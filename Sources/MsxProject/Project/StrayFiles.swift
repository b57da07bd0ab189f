import Foundation
import MsxModel

extension Project {
    /// `.md` files under `contents/` that the binder does not list (neither as a document nor as one's notes).
    public func strayDocuments() throws -> [String] {
        try strayFiles(known: Set(manifest.entries.flatMap(\.node.files))).documents
    }

    /// Files under `contents/` that are neither documents nor sidecars (pictures, `.gitkeep`, ...).
    package func companionFiles() throws -> [String] {
        DirectoryWalker.files(below: root.appendingPathComponent(Manifest.contentsFolder).path).compactMap { entry in
            let name = entry.path.split(separator: "/").last.map(String.init) ?? entry.path
            guard entry.isRegularFile, !name.hasSuffix(".md"), !name.hasSuffix(".attrs.json"), !name.hasSuffix(".msx-tmp")
            else { return nil }
            return "contents/" + entry.path
        }.sorted()
    }

    /// `.md` files under `contents/` not in `known`, and temporary files an interrupted write left behind. The notes
    /// of a stray document (`NAME.notes.md` beside a stray `NAME.md`) are its companion, not a document of their own.
    func strayFiles(known: Set<String>) throws -> (documents: [String], temporary: [String]) {
        var documents: [String] = []
        var temporary: [String] = []
        for entry in DirectoryWalker.files(below: root.appendingPathComponent(Manifest.contentsFolder).path) {
            let path = "contents/" + entry.path
            if path.hasSuffix(".msx-tmp") {
                temporary.append(path)
            } else if path.hasSuffix(".md") && !known.contains(path) && entry.isRegularFile {
                // A symbolic link is never adopted: it may lead outside the project.
                documents.append(path)
            }
        }
        let rootFiles = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        temporary += rootFiles.filter { $0.hasSuffix(".msx-tmp") }
        let privateFiles = (try? FileManager.default.contentsOfDirectory(atPath: paths.privateFolder.path)) ?? []
        temporary += privateFiles.filter { $0.hasSuffix(".msx-tmp") }.map { ".msx/" + $0 }
        let markdown = Set(documents)
        documents.removeAll { $0.hasSuffix(".notes.md") && markdown.contains(String($0.dropLast(9)) + ".md") }
        return (documents.sorted(), temporary.sorted())
    }
}
