import Foundation
import MsxGit
import MsxHistory
import MsxModel
import MsxProject

/// What came across from a git repository of Markdown, and what could not.
public struct RepositoryImportOutcome: Sendable {
    /// Documents in the project at the end.
    public var documents = 0
    /// Commits that became versions (those that touched an imported file).
    public var versions = 0
    /// Files renamed or moved in the repository's history that stayed one document.
    public var renames = 0
    /// The repository file that stated the order (`SUMMARY.md`, a Longform index, a pandoc defaults file), or nil
    /// for natural name order.
    public var orderSource: String?
    public var problems: [String] = []
}

/// Brings a git repository of Markdown chapters (Obsidian with Longform, mdBook, a pandoc book, a folder of
/// chapters) into a new msx project with its history: every commit along the first-parent line that touches an
/// imported file becomes a version with its author, author date and message; a file renamed or moved (found as git
/// finds renames: the same content, or half its words) stays one document; the binder follows the order the
/// repository states (`BookOrder`); YAML front matter becomes the document's title, synopsis, status, label,
/// keywords and custom metadata. The repository itself is only read.
public struct MarkdownRepositoryImporter {
    private let repository: GitRepository
    /// The imported folder inside the repository ("" for its root, else ending in "/").
    private let prefix: String
    private let include: [String]

    /// The custom metadata key holding the file a document came from, so that a rename in the repository's history
    /// is a change of the document that `msx log` lists, as `git log --follow` does.
    public static let sourceKey = "source file"

    /// - Parameters:
    ///   - url: the repository, or a folder in it.
    ///   - include: globs of the files to import, relative to `url` (`*` within a folder, `**` across folders);
    ///     none: every `.md` and `.markdown` file but a repository's own (README, LICENSE, CHANGELOG, CONTRIBUTING,
    ///     SUMMARY) and those in hidden folders.
    /// - Throws: `unsupported-import` when `url` is in no git repository or its history is empty.
    public init(_ url: URL, include: [String]) throws {
        guard let repository = try GitRepository.discover(containing: url) else {
            throw MsxError(.unsupportedImport, "\(url.path): neither a Scrivener project nor in a git repository")
        }
        let root = repository.workdir.resolvingSymlinksInPath().path
        let folder = url.resolvingSymlinksInPath().path
        self.repository = repository
        prefix = folder.hasPrefix(root + "/") ? String(folder.dropFirst(root.count + 1)) + "/" : ""
        self.include = include
    }

    /// The repository's name (its folder's), for the project's title.
    public var name: String { repository.workdir.lastPathComponent }

    /// Fills `history`'s project (new, from the blank template) and records the versions.
    public func run(into history: ProjectHistory) throws -> RepositoryImportOutcome {
        var outcome = RepositoryImportOutcome()
        guard let head = try repository.head() else {
            throw MsxError(.unsupportedImport, "\(repository.workdir.path): the repository has no commits")
        }
        var chain: [GitCommit] = []
        var next: GitOID? = head
        while let id = next {
            let commit = try repository.commit(id)
            chain.append(commit)
            next = commit.parents.first
        }
        chain.reverse()
        let final = try included(in: head)
        let order = BookOrder(files: try orderFiles(at: head), chapters: Set(final.keys))
        outcome.orderSource = order.source.map { String($0.dropFirst(prefix.count)) }

        var project = history.project
        try emptyDraft(&project)
        var documents: [String: String] = [:]  // repository path → document id
        var previous: [String: GitOID] = [:]
        var named = Set<String>()
        /// Says a problem with a file once, however many commits have it.
        func problem(_ path: String, _ text: String) {
            if named.insert(path + text).inserted { outcome.problems.append("\(path.dropFirst(prefix.count)): \(text)") }
        }
        for commit in chain {
            var current = try included(in: commit.id)
            // A symbolic link is no chapter: its target's path is all it holds.
            for link in try repository.symbolicLinks(in: commit.id, under: prefix) where current.removeValue(forKey: link) != nil {
                problem(link, "a symbolic link, not a file: left out")
            }
            guard current != previous else { continue }
            let changes = try FileMoves(before: previous, after: current) { try String(decoding: repository.blob($0), as: UTF8.self) }
            outcome.renames += changes.renamed.count
            var manifest = project.manifest
            var transaction = project.transaction()
            guard let draft = manifest.roleFolder("draft") else { throw MsxError(.noDraft, "the blank template has no draft folder") }
            for path in changes.deleted {
                guard let id = documents.removeValue(forKey: path), let node = manifest.remove(id) else { continue }
                for file in node.files where FileIO.exists(try project.url(file)) { transaction.delete(file) }
            }
            for (old, new) in changes.renamed { documents[new] = documents.removeValue(forKey: old) }
            var taken = Set(manifest.node(id: draft.id)?.children.map(\.slug) ?? [])
            for path in current.keys.sorted() where current[path] != previous[path] {
                let bytes = try repository.blob(current[path]!)
                if String(data: bytes, encoding: .utf8) == nil {
                    problem(path, "holds bytes that are not UTF-8 (from commit \(commit.id.short) on), read as U+FFFD")
                }
                let matter = FrontMatter(String(decoding: bytes, as: UTF8.self))
                if let id = documents[path], let node = manifest.node(id: id) {
                    var updated = node
                    apply(matter, path: path, order: order, to: &updated, manifest: &manifest)
                    manifest.update(id) { $0 = updated }
                    transaction.write(Data(matter.body.utf8), to: node.path)
                } else {
                    var node = BinderNode(id: Identifier.make(avoiding: manifest.allIDs),
                                          kind: .document, title: "", path: "")
                    apply(matter, path: path, order: order, to: &node, manifest: &manifest)
                    let slug = Slug.unique(Slug.make(Self.stem(path)), taken: taken)
                    taken.insert(slug)
                    node.relocate(under: draft.path, slug: slug)
                    // Where the repository's order puts it among the documents there; the others keep their
                    // places (a document moved in the binder is a change of it).
                    let sourceOf = Dictionary(documents.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                    let siblings = manifest.node(id: draft.id)?.children ?? []
                    let position = siblings.firstIndex { order.precedes(path, sourceOf[$0.id] ?? $0.path) }
                    manifest.insert(node, into: draft.id, at: position)
                    documents[path] = node.id
                    transaction.write(Data(matter.body.utf8), to: node.path)
                }
            }
            try project.commit(transaction, manifest: manifest)
            project = try Project(root: project.root, forWriting: true)
            let author = Author(name: commit.authorName.isEmpty ? "Unknown" : commit.authorName,
                                email: commit.authorEmail.isEmpty ? "unknown@msx.invalid" : commit.authorEmail)
            let time = VersionTime(date: Date(timeIntervalSince1970: TimeInterval(commit.authorTime)), offsetMinutes: commit.authorOffsetMinutes)
            let message = commit.message.trimmingCharacters(in: .whitespacesAndNewlines)
            let result = try ProjectHistory.existing(project).snapshot(message: message.isEmpty ? nil : message, author: author, time: time)
            if result.version != nil { outcome.versions += 1 }
            previous = current
        }
        outcome.documents = documents.count
        return outcome
    }

    /// The blank template's draft emptied (its sample chapter goes).
    private func emptyDraft(_ project: inout Project) throws {
        var manifest = project.manifest
        var transaction = project.transaction()
        guard let draft = manifest.roleFolder("draft") else { throw MsxError(.noDraft, "the blank template has no draft folder") }
        for child in draft.children {
            _ = manifest.remove(child.id)
            for file in child.files where FileIO.exists(try project.url(file)) { transaction.delete(file) }
        }
        try project.commit(transaction, manifest: manifest)
        project = try Project(root: project.root, forWriting: true)
    }

    /// `matter` as the document's metadata: title (else the order's, the first heading's, the file's name),
    /// synopsis, status and label (added to the project's lists), keywords, the file it came from, and every other
    /// plain value as custom metadata.
    private func apply(_ matter: FrontMatter, path: String, order: BookOrder, to node: inout BinderNode, manifest: inout Manifest) {
        node.title = matter.text("title") ?? order.titles[path] ?? Self.firstHeading(matter.body) ?? Self.title(fromFileName: Self.stem(path))
        node.synopsis = matter.text("synopsis", "summary", "description")
        node.status = matter.text("status")
        node.label = matter.text("label")
        for (value, list) in [(node.status, \Manifest.statuses), (node.label, \Manifest.labels)] {
            if let value, !manifest[keyPath: list].contains(value) { manifest[keyPath: list].append(value) }
        }
        node.keywords = matter.list("tags", "keywords")
        let known: Set<String> = ["title", "synopsis", "summary", "description", "status", "label", "tags", "keywords", "longform"]
        var custom: [String: JSONValue] = [:]
        for (key, value) in matter.values where !known.contains(key) {
            if let text = value.stringValue, !text.isEmpty { custom[key] = .string(text) }
        }
        custom[Self.sourceKey] = .string(String(path.dropFirst(prefix.count)))
        node.custom = custom
    }

    /// The imported files of a commit (paths inside the imported folder), by path.
    private func included(in commit: GitOID) throws -> [String: GitOID] {
        try repository.files(in: commit, under: prefix).filter { isIncluded(String($0.key.dropFirst(prefix.count))) }
    }

    /// The files that may state the order (Markdown and YAML), with their text.
    private func orderFiles(at commit: GitOID) throws -> [String: String] {
        var files: [String: String] = [:]
        for (path, blob) in try repository.files(in: commit, under: prefix)
            where path.hasSuffix(".md") || path.hasSuffix(".yaml") || path.hasSuffix(".yml") {
            files[path] = String(decoding: try repository.blob(blob), as: UTF8.self)
        }
        return files
    }

    private func isIncluded(_ relative: String) -> Bool {
        if !include.isEmpty { return include.contains { Glob.matches($0, relative) } }
        let parts = relative.split(separator: "/")
        guard let name = parts.last, !parts.contains(where: { $0.hasPrefix(".") }) else { return false }
        let lower = name.lowercased()
        guard lower.hasSuffix(".md") || lower.hasSuffix(".markdown") else { return false }
        let stem = lower.split(separator: ".").first.map(String.init) ?? lower
        return !["readme", "license", "licence", "changelog", "contributing", "summary", "code_of_conduct"].contains(stem)
    }

    /// A file name without its folder and extension.
    static func stem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.split(separator: ".").dropLast().joined(separator: ".").isEmpty ? name : name.split(separator: ".").dropLast().joined(separator: ".")
    }

    /// A file name as a title: its numbering and separators taken away, its first letter capitalised
    /// (`03-the-calm` → "The calm"); the name itself when nothing else is left.
    static func title(fromFileName stem: String) -> String {
        let words = stem.drop { $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " || $0 == "." }
            .replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ").trimmingCharacters(in: .whitespaces)
        guard let first = words.first else { return stem }
        return first.uppercased() + words.dropFirst()
    }

    /// The text of the first ATX heading, if the Markdown starts with one.
    private static func firstHeading(_ markdown: String) -> String? {
        guard let line = markdown.split(separator: "\n").first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }),
              line.hasPrefix("#") else { return nil }
        let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? nil : title
    }
}
