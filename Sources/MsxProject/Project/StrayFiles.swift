import Foundation
import MsxModel

/// What `status` learns from one reading of the folders under `contents/`: the companion files (whose changes it
/// reports) and the Markdown files the binder does not list. Only those are kept, not the listing of every file,
/// which would stay in memory while the rest of the command runs.
public struct ContentsListing: Sendable {
    fileprivate let companionFiles: [String]
    fileprivate let strayDocuments: [String]
}

extension Project {
    /// Reads the folders under `contents/` as they are now, for both of `ContentsListing`'s answers.
    public func listContents() throws -> ContentsListing {
        let entries = filesUnderContents()
        return ContentsListing(companionFiles: companionFiles(among: entries),
                               strayDocuments: try strayFiles(known: knownMarkdown, among: entries).documents)
    }

    /// `.md` files under `contents/` that the binder does not list (neither as a document nor as one's notes).
    /// - Parameter listing: what a reading of the folders found, when the caller has read them (else they are read now).
    public func strayDocuments(in listing: ContentsListing? = nil) throws -> [String] {
        try listing?.strayDocuments ?? strayFiles(known: knownMarkdown).documents
    }

    /// Files under `contents/` that are neither documents nor sidecars (pictures, `.gitkeep`, ...).
    /// - Parameter listing: what a reading of the folders found, when the caller has read them (else they are read now).
    package func companionFiles(in listing: ContentsListing? = nil) -> [String] {
        listing?.companionFiles ?? companionFiles(among: filesUnderContents())
    }

    private func companionFiles(among entries: [DirectoryWalker.Entry]) -> [String] {
        entries.compactMap { entry in entry.isRegularFile && Self.isCompanionFile(entry.path) ? entry.path : nil }.sorted()
    }

    /// Every file under `contents/`, named as the project names it.
    private func filesUnderContents() -> [DirectoryWalker.Entry] {
        DirectoryWalker.files(below: root.appendingPathComponent(Manifest.contentsFolder).path, naming: Manifest.contentsFolder + "/")
    }

    /// The Markdown the binder lists, documents read at a new path included.
    private var knownMarkdown: KnownMarkdown { KnownMarkdown(manifest, renamedByHand: Array(handRenamed.values)) }

    /// Whether a file under `contents/` is of the kind `companionFiles` lists: not Markdown, a sidecar or a
    /// temporary file.
    package static func isCompanionFile(_ path: String) -> Bool {
        !path.hasByteSuffix(".md") && !path.hasByteSuffix(".attrs.json") && !path.hasByteSuffix(".msx-tmp")
    }

    /// `.md` files under `contents/` not in `known`, and temporary files an interrupted write left behind. The notes
    /// of a stray document (`NAME.notes.md` beside a stray `NAME.md`) are its companion, not a document of their own.
    func strayFiles(known: KnownMarkdown, among listed: [DirectoryWalker.Entry]? = nil) throws -> (documents: [String], temporary: [String]) {
        var documents: [String] = []
        var temporary: [String] = []
        for entry in listed ?? filesUnderContents() {
            let path = entry.path
            if path.hasByteSuffix(".msx-tmp") {
                temporary.append(path)
            } else if path.hasByteSuffix(".md") && !known.contains(path) && entry.isRegularFile {
                // A symbolic link is never adopted: it may lead outside the project.
                documents.append(path)
            }
        }
        let rootFiles = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        temporary += rootFiles.filter { $0.hasByteSuffix(".msx-tmp") }
        let privateFiles = (try? FileManager.default.contentsOfDirectory(atPath: paths.privateFolder.path)) ?? []
        temporary += privateFiles.filter { $0.hasByteSuffix(".msx-tmp") }.map { ".msx/" + $0 }
        let markdown = Set(documents)
        documents.removeAll { $0.hasByteSuffix(".notes.md") && markdown.contains(String($0.utf8.dropLast(9))! + ".md") }
        return (documents.sorted(), temporary.sorted())
    }
}

/// The Markdown files a binder lists: its nodes' paths and its documents' notes (a document's other companion, its
/// sidecar, is not Markdown). Built from the paths alone, without each node's list of files.
struct KnownMarkdown {
    private var paths: Set<String> = []
    private var documents: Set<String> = []

    /// - Parameter renamedByHand: documents read at a new path (see `Project.viewing`) as the binder lists them: their
    ///   notes may still be at the old one.
    init(_ manifest: Manifest, renamedByHand: [BinderNode] = []) {
        paths.reserveCapacity(manifest.entries.count)
        documents.reserveCapacity(manifest.entries.count)
        for entry in manifest.entries {
            paths.insert(entry.node.path)
            if entry.node.kind == .document { documents.insert(entry.node.path) }
        }
        for node in renamedByHand { documents.insert(node.path) }
    }

    /// Whether `path` is a node's, or the notes of a document (`NAME.notes.md` beside `NAME.md`).
    func contains(_ path: String) -> Bool {
        if paths.contains(path) { return true }
        guard path.hasByteSuffix(".notes.md") else { return false }
        return documents.contains(String(path.utf8.dropLast(9))! + ".md")
    }
}
