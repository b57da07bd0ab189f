import Foundation
import MsxModel

/// A document whose file was renamed or moved outside msx (`mv`, a file manager, an editor's "save as" followed by a
/// delete), found again at `path` by its words.
public struct HandRename: Sendable, Equatable {
    /// The document as the binder lists it (at its recorded path).
    public var node: BinderNode
    /// Where its Markdown is now (project-relative).
    public var path: String
    /// How much of its last recorded text the file still holds, from 0 to 1 (1: every word, and no more).
    public var similarity: Double

    public init(node: BinderNode, path: String, similarity: Double) {
        (self.node, self.path, self.similarity) = (node, path, similarity)
    }
}

/// Pairs documents whose file is gone with Markdown files the binder does not list, as git pairs a deleted file with
/// an added one: by how many words they share, not by identical bytes, and with no need for an earlier command to
/// have seen the file before it moved.
public enum HandRenameMatching {
    /// The least share of words (of the longer text) that makes a file the missing document's: git's default.
    public static let threshold = 0.5

    /// The share of words `a` and `b` have in common, counted with repeats, of the longer one's words (0 when either
    /// has none).
    public static func similarity(_ a: WordBag, _ b: WordBag) -> Double {
        guard a.count > 0, b.count > 0 else { return 0 }
        let (small, large) = a.counts.count <= b.counts.count ? (a, b) : (b, a)
        var shared = 0
        for (word, count) in small.counts { shared += min(count, large.counts[word] ?? 0) }
        return Double(shared) / Double(max(a.count, b.count))
    }

    /// The pairs, best first: each missing document takes the stray file most like one of its recorded texts
    /// (`threshold` or more), a tie going to the file of the same name; a document with no such file takes one of its
    /// own file name, if any is left. Each file goes to one document at most.
    /// - Parameters:
    ///   - missing: each missing document with the texts it was last known by (its last version's, the one its
    ///     sidecar was anchored to, ...).
    ///   - strays: each stray file's path and its text.
    ///   - byName: whether a file of the missing document's own name is its file even when the words differ (true
    ///     for files the binder does not list; false for documents it lists, which have an identity of their own).
    public static func pairs(missing: [(node: BinderNode, texts: [String])], strays: [(path: String, text: String)],
                             byName: Bool = true) -> [HandRename] {
        guard !missing.isEmpty, !strays.isEmpty else { return [] }
        let strayBags = strays.map { WordBag($0.text) }
        struct Candidate { var document: Int; var stray: Int; var score: Double; var sameName: Bool }
        var candidates: [Candidate] = []
        for (d, entry) in missing.enumerated() {
            let bags = entry.texts.map(WordBag.init)
            let name = fileName(entry.node.path)
            for (s, stray) in strays.enumerated() {
                let sameName = byName && fileName(stray.path) == name
                let score = bags.map { similarity($0, strayBags[s]) }.max() ?? 0
                // An empty document and an empty file are the same text only by name.
                let identical = entry.texts.contains(stray.text) && !stray.text.isEmpty
                if score >= threshold || identical || sameName {
                    candidates.append(Candidate(document: d, stray: s, score: identical ? 1 : score, sameName: sameName))
                }
            }
        }
        // Likeness first, then the name: a file renamed and one of the same name moved elsewhere both find theirs.
        candidates.sort { a, b in
            let aLike = a.score >= threshold, bLike = b.score >= threshold
            if aLike != bLike { return aLike }
            if a.score != b.score { return a.score > b.score }
            if a.sameName != b.sameName { return a.sameName }
            return (a.document, a.stray) < (b.document, b.stray)
        }
        var taken = Set<Int>(), placed = Set<Int>()
        var result: [HandRename] = []
        for candidate in candidates where !placed.contains(candidate.document) && !taken.contains(candidate.stray) {
            placed.insert(candidate.document)
            taken.insert(candidate.stray)
            result.append(HandRename(node: missing[candidate.document].node, path: strays[candidate.stray].path, similarity: candidate.score))
        }
        return result
    }

    static func fileName(_ path: String) -> Substring { path.split(separator: "/").last ?? Substring(path) }
}

/// A text's words (runs of letters, digits and marks), counted with repeats, for telling how alike two texts are.
public struct WordBag: Sendable {
    public private(set) var counts: [Substring: Int] = [:]
    public private(set) var count = 0

    public init(_ text: String) {
        var start: String.Index?
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        func close(at end: String.Index) {
            guard let from = start else { return }
            counts[text[from..<end], default: 0] += 1
            count += 1
            start = nil
        }
        while index < scalars.endIndex {
            let properties = scalars[index].properties
            let isWordCharacter = properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
            if isWordCharacter, start == nil { start = index } else if !isWordCharacter { close(at: index) }
            index = scalars.index(after: index)
        }
        close(at: scalars.endIndex)
    }
}

extension Project {
    /// Documents whose file is gone but whose words are found in a Markdown file the binder does not list.
    /// - Parameter recordedText: the document's text in its last version, when there is a history (nil: unknown).
    ///   The text its sidecar was last anchored to, and the last text a command counted, are asked too.
    public func handRenames(recordedText: (BinderNode) -> String? = { _ in nil }) throws -> [HandRename] {
        let missing = manifest.entries.filter(isMissingDocument).map(\.node)
        guard !missing.isEmpty else { return [] }
        let strays = try strayDocuments()
        guard !strays.isEmpty else { return [] }
        let strayTexts = strays.compactMap { path -> (path: String, text: String)? in
            guard let url = try? url(path), let text = try? FileIO.readDocument(url, displayPath: path) else { return nil }
            return (path, text)
        }
        return HandRenameMatching.pairs(missing: knownTexts(of: missing, candidates: strayTexts, recordedText: recordedText), strays: strayTexts)
    }

    /// Documents whose file is gone but whose words are in a document the binder lists under another id: taken in
    /// as a new document (by `msx add`, or by an older msx's `check --repair`) after a rename outside msx. Each pair's
    /// `path` is that document's.
    /// - Parameter missing: the documents to look for (those not found as renames by hand).
    public func adoptedElsewhere(_ missing: [BinderNode], recordedText: (BinderNode) -> String?) throws -> [HandRename] {
        guard !missing.isEmpty else { return [] }
        let present = try manifest.entries.map(\.node).filter { node in try node.kind == .document && FileIO.exists(url(node.path)) }
        let texts = present.compactMap { node -> (path: String, text: String)? in
            guard let url = try? url(node.path), let text = try? FileIO.readDocument(url, displayPath: node.path) else { return nil }
            return (node.path, text)
        }
        return HandRenameMatching.pairs(missing: knownTexts(of: missing, candidates: texts, recordedText: recordedText), strays: texts, byName: false)
    }

    /// Each missing document with the texts it was last known by: its last version's, the one its sidecar was
    /// anchored to, and (the count cache keeps only a hash of the last text it read) a candidate that is exactly that.
    private func knownTexts(of missing: [BinderNode], candidates: [(path: String, text: String)],
                            recordedText: (BinderNode) -> String?) -> [(node: BinderNode, texts: [String])] {
        let counted = WordCountCache(paths: paths)
        return missing.map { node in
            var texts = [recordedText(node), anchoredText(of: node)].compactMap { $0 }
            if let hash = counted.entries[node.path]?.hash, let same = candidates.first(where: { TextHash.fnv1a64($0.text) == hash }) {
                texts.append(same.text)
            }
            return (node, texts)
        }
    }

    /// Whether `entry` is a document whose file is gone. A path that cannot be checked (one leading outside the
    /// project, say) is not missing: the commands that read it say what is wrong with it.
    public func isMissingDocument(_ entry: BinderEntry) -> Bool {
        entry.node.kind == .document && ((try? fileStatus(entry.node.path)).map { $0.info == nil } ?? false)
    }

    /// Whether `isMissingDocument` holds for some entry of the binder. A document whose path, as written, is a
    /// regular file is not missing, whatever `fileStatus` makes of its path; only the others are asked of
    /// `isMissingDocument`, whose checks of the path cost more than the lstat(2) itself.
    public func hasMissingDocument() -> Bool {
        // By index: an entry taken out of the list is a copy of every field of its node.
        let entries = manifest.entries
        return entries.indices.contains { index in
            entries[index].node.kind == .document && !paths.isRegularFileAsWritten(entries[index].node.path)
                && isMissingDocument(entries[index])
        }
    }

    /// The text `node`'s sidecar was anchored to, its paragraphs a line each (nil: no sidecar, or no base kept).
    private func anchoredText(of node: BinderNode) -> String? {
        guard let sidecar = try? loadSidecar(node), let id = sidecar.base, let paragraphs = bases.paragraphs(for: id) ?? lookUpBase?(id, node)
        else { return nil }
        return paragraphs.joined(separator: "\n\n")
    }

    /// This project as it reads with `renames` taken: each document at the path where its file was found (folders
    /// made for directories the binder lacks), its sidecar and notes read from where they are, in memory only.
    public func viewing(_ renames: [HandRename]) -> Project {
        guard !renames.isEmpty else { return self }
        var view = self
        _ = view.manifest.reattach(renames) { path in (try? url(path)).map(FileIO.exists) ?? false }
        for rename in renames { view.handRenamed[rename.node.id] = rename.node }
        return view
    }
}

extension Project {
    /// Puts each document of `renames` at the path where its file was found, keeping its id, history, metadata and
    /// place (see `Manifest.reattach`), and moves its sidecar and notes there (unless they were moved along by hand),
    /// in one transaction under the project's lock. Says nothing and writes nothing when `renames` is empty.
    public mutating func reattach(_ renames: [HandRename]) throws {
        guard !renames.isEmpty else { return }
        let lock = try lock()
        defer { withExtendedLifetime(lock) {} }
        var manifest = manifest
        var transaction = transaction()
        try stageReattaching(renames, manifest: &manifest, into: &transaction)
        try commit(transaction, manifest: manifest)
    }

    /// `reattach(_:)` staged into `transaction`, the binder changes made to `manifest`.
    package func stageReattaching(_ renames: [HandRename], manifest: inout Manifest, into transaction: inout FileTransaction) throws {
        let placed = manifest.reattach(renames) { path in (try? url(path)).map(FileIO.exists) ?? false }
        for (rename, (withFolder, now)) in zip(renames, placed) {
            // Where it was listed, or where its folder's move took it.
            for (index, to) in now.companionPaths.enumerated() where try !FileIO.exists(url(to)) {
                let sources = [rename.node.companionPaths[index], withFolder.companionPaths[index]]
                if let from = try sources.first(where: { try FileIO.exists(url($0)) }) { transaction.move(from, to: to) }
            }
        }
    }
}

extension Manifest {
    /// Takes `renames`: first each folder whose directory was renamed or moved as a whole (into a folder of the
    /// binder) goes to where most of its documents were found, keeping its id and place; then each document goes
    /// where it was found (`reattach(_:)`).
    /// - Parameter directoryExists: whether a project-relative directory exists.
    /// - Returns: for each rename, the document as its folder's move left it, and as it is now.
    package mutating func reattach(_ renames: [HandRename], directoryExists: (String) -> Bool) -> [(withFolder: BinderNode, now: BinderNode)] {
        for id in entries.filter({ $0.node.kind == .folder && $0.node.role == nil }).map(\.node.id) {
            guard let folder = node(id: id), !directoryExists(folder.path) else { continue }
            let prefix = folder.path + "/"
            var found: [String: Int] = [:]
            for rename in renames where rename.node.path.hasPrefix(prefix) {
                let inside = rename.node.path.dropFirst(prefix.count)
                if rename.path.hasSuffix("/" + inside) { found[String(rename.path.dropLast(inside.count + 1)), default: 0] += 1 }
            }
            guard let target = found.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key, self.folder(at: target) == nil else { continue }
            let parentPath = target.split(separator: "/").dropLast().joined(separator: "/")
            let slug = String(target.split(separator: "/").last!)
            let parentID = entries.first { $0.node.id == id }?.parentID
            if parentPath == Manifest.contentsFolder || self.folder(at: parentPath)?.id == parentID {
                update(id) { $0.relocate(under: parentPath, slug: slug) }
            } else if let parent = self.folder(at: parentPath), var moved = remove(id) {
                moved.relocate(under: parentPath, slug: slug)
                insert(moved, into: parent.id)
            }
        }
        return renames.map { rename in
            guard let current = node(id: rename.node.id) else { return (rename.node, rename.node) }
            if current.path == rename.path { return (current, current) }
            var moved = rename
            moved.node = current
            return (current, reattach(moved))
        }
    }

    /// Puts the document of `rename` at its new path, keeping its id and metadata: in its place among its siblings
    /// when only its name changed, else at the end of the folder whose directory holds the file, made (with any
    /// folders above it the binder lacks) where the document was when the binder has none.
    /// - Returns: the document as it is now.
    @discardableResult
    package mutating func reattach(_ rename: HandRename) -> BinderNode {
        let node = rename.node
        let directory = rename.path.split(separator: "/").dropLast().joined(separator: "/")
        let slug = String(rename.path.split(separator: "/").last!.dropLast(3))
        let parentID = entries.first { $0.node.id == node.id }?.parentID
        var moved = node
        moved.relocate(under: directory, slug: slug)
        if let folder = folder(at: directory), folder.id == parentID {
            update(node.id) { $0.relocate(under: directory, slug: slug) }
            return moved
        }
        guard let parentID, let position = self.node(id: parentID)?.children.firstIndex(where: { $0.id == node.id }) else {
            return node
        }
        _ = remove(node.id)
        if let folder = folder(at: directory) {
            insert(moved, into: folder.id)
            return moved
        }
        // The deepest folder the binder has above the file, and the folders below it to make.
        var components = directory.split(separator: "/").map(String.init)
        var missingNames: [String] = []
        // contents/ itself is the binder's top level, never a folder of it.
        while components.count > 1, folder(at: components.joined(separator: "/")) == nil {
            missingNames.insert(components.removeLast(), at: 0)
        }
        var taken = allIDs
        var made: [BinderNode] = []
        var path = components.joined(separator: "/")
        for name in missingNames {
            path += "/" + name
            var folder = BinderNode(id: Identifier.make(avoiding: taken), kind: .folder, title: ProjectChecker.title(fromSlug: name), path: path)
            folder.children = []
            taken.insert(folder.id)
            made.append(folder)
        }
        // Nested from the deepest up, the document inside the deepest.
        var subtree = moved
        for var folder in made.reversed() {
            folder.children = [subtree]
            subtree = folder
        }
        if let container = self.folder(at: components.joined(separator: "/")) {
            insert(subtree, into: container.id, at: container.id == parentID ? position : nil)
        } else {
            // Outside every folder of the binder (straight under contents/): at the top level, before the Trash.
            binder.insert(subtree, at: binder.firstIndex { $0.role == "trash" } ?? binder.count)
        }
        return moved
    }

    /// The binder folder whose directory is `path`.
    package func folder(at path: String) -> BinderNode? {
        entries.first { $0.node.kind == .folder && $0.node.path == path }?.node
    }
}
