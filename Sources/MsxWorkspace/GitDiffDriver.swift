import Foundation
import MsxDiff
import MsxGit
import MsxHistory
import MsxModel

/// The external diff driver: git hands it a path and two files (temporary copies of blobs, or the work-tree file)
/// with their blob ids, but no revisions. It finds each side's sidecar itself: in the work tree for the work-tree
/// side, else in the index or the commit (searched back from HEAD) that holds that very blob at that path.
public enum GitDiffDriver {
    public static func compare(path: String, oldFile: String, oldHex: String, newFile: String, newHex: String,
                               workingDirectory: URL) throws -> DocumentComparison {
        func url(_ file: String) -> URL { URL(fileURLWithPath: file, relativeTo: workingDirectory).standardizedFileURL }
        guard let repository = try GitRepository.discover(containing: workingDirectory) else {
            return try FileComparison.compare(old: url(oldFile), new: url(newFile), oldName: path, newName: path)
        }
        let sidecarPath = path.hasSuffix(".md") ? String(path.dropLast(3)) + ".attrs.json" : nil
        func side(_ file: String, _ hex: String) throws -> RichDocument {
            let text = file == "/dev/null" ? "" : try FileIO.readText(url(file), displayPath: path)
            return RichDocument(markdown: MarkdownDocument(text, sourceMap: false), sidecar: try sidecar(for: file, hex: hex))
        }
        func sidecar(for file: String, hex: String) throws -> Sidecar? {
            guard let sidecarPath else { return nil }
            let workTreeFile = repository.workdir.appendingPathComponent(path).path
            if url(file).path == workTreeFile || hex.allSatisfy({ $0 == "0" || $0 == "." }) {
                let url = repository.workdir.appendingPathComponent(sidecarPath)
                return FileIO.exists(url) ? try Sidecar(json: FileIO.readText(url, displayPath: sidecarPath), file: sidecarPath) : nil
            }
            guard let blob = GitOID(hex: hex) else { return nil }
            if try repository.indexEntry(at: path) == blob, let id = try repository.indexEntry(at: sidecarPath) {
                return try Sidecar(json: FileIO.decodeUTF8(repository.blob(id), displayPath: sidecarPath), file: sidecarPath)
            }
            guard let head = try repository.head() else { return nil }
            // HEAD's history first (its own versions win), then what only other branches hold: a path lookup per
            // commit, milliseconds for thousands of versions.
            func sidecar(at commit: GitOID) throws -> Sidecar?? {
                guard try repository.entry(at: path, in: commit) == blob else { return .none }
                guard let data = try repository.file(at: sidecarPath, in: commit) else { return .some(nil) }
                return .some(try Sidecar(json: FileIO.decodeUTF8(data, displayPath: sidecarPath), file: sidecarPath))
            }
            let walk = try repository.history(from: head)
            while let commit = try walk.next() {
                if let found = try sidecar(at: commit) { return found }
            }
            for commit in try repository.branchHistory(hiding: head) {
                if let found = try sidecar(at: commit) { return found }
            }
            return nil
        }
        let sheet = StyleSheet(manifest: Manifest.empty)
        let before = try side(oldFile, oldHex).resolved(with: sheet), after = try side(newFile, newHex).resolved(with: sheet)
        return DocumentComparison(id: nil, title: path, path: path, binder: [], diff: DocumentDiff(old: before, new: after),
                                  oldTexts: before.map(\.text), newTexts: after.map(\.text))
    }
}
