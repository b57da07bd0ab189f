import Foundation
import MsxModel

/// Finds the binder node a writer means: an id or unique id prefix, a title (case-insensitive) or a path.
public struct ReferenceResolver {
    let manifest: Manifest
    /// The folder relative paths are read from (the working directory), as a project-relative path.
    let workingPath: String?

    /// Resolves references against `manifest`; relative paths start at `workingPath` (project-relative) when given.
    public init(manifest: Manifest, workingPath: String?) {
        self.manifest = manifest
        self.workingPath = workingPath
    }

    /// Whether trashed nodes should win over live ones with the same title (for `untrash`).
    public enum Preference { case live, trashed }

    /// The node `reference` names.
    /// - Throws: a user error when nothing matches, or when several nodes do (listing them).
    public func resolve(_ reference: String, prefer preference: Preference = .live) throws -> BinderNode {
        let entries = manifest.entries
        let matches = self.matches(reference, in: entries, prefer: preference)
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            let suggestion = Suggestion.closest(to: reference, in: entries.map(\.node.title)).map { "; did you mean '\($0)'?" } ?? ""
            throw MsxError(.unknownReference, "no document or folder matches '\(reference)'\(suggestion)")
        }
        let list = matches.map { "\($0.id) \($0.title) (\($0.path))" }.joined(separator: "; ")
        throw MsxError(.ambiguousReference, "'\(reference)' matches \(matches.count) nodes: \(list); use an id")
    }

    /// The document `reference` names when it names exactly one, else nil (no suggestion worked out: for a text
    /// that may or may not be a reference, such as `REF@REV` whole).
    public func documentIfAny(_ reference: String) -> BinderNode? {
        let matches = self.matches(reference, in: manifest.entries, prefer: .live)
        return matches.count == 1 && matches[0].kind == .document ? matches[0] : nil
    }

    /// The nodes `reference` may name: its id exactly, else ids it begins, titles in any case and paths; several
    /// narrowed to the preferred (live or trashed) ones when that leaves one.
    ///
    /// Each node is looked at where it lies in `entries` (copying a thousand entries out, for each way of naming,
    /// cost more than the comparisons).
    private func matches(_ reference: String, in entries: [BinderEntry], prefer preference: Preference) -> [BinderNode] {
        if let exact = entries.indices.first(where: { entries[$0].node.id == reference }) { return [entries[exact].node] }
        var matches: [BinderNode] = []
        func add(_ index: Int) { if !matches.contains(where: { $0.id == entries[index].node.id }) { matches.append(entries[index].node) } }
        let lowered = reference.lowercased()
        if reference.count >= 4, reference.allSatisfy(\.isHexDigit) {
            for index in entries.indices where entries[index].node.id.hasPrefix(lowered) { add(index) }
        }
        for index in entries.indices where Self.title(entries[index].node.title, lowercasedIs: lowered) { add(index) }
        for path in candidatePaths(reference) {
            for index in entries.indices where entries[index].node.path == path { add(index) }
        }
        if matches.count > 1 {
            let trashed = matches.filter { manifest.isTrashed($0.id) }
            let live = matches.filter { !manifest.isTrashed($0.id) }
            let preferred = preference == .live ? live : trashed
            if preferred.count == 1 { return preferred }
        }
        return matches
    }

    /// The node, which must be a document.
    public func document(_ reference: String) throws -> BinderNode {
        let node = try resolve(reference)
        guard node.kind == .document else {
            throw MsxError(.notADocument, "'\(node.title)' is a folder, not a document")
        }
        return node
    }

    /// The node, which must be a folder.
    public func folder(_ reference: String) throws -> BinderNode {
        let node = try resolve(reference)
        guard node.kind == .folder else {
            throw MsxError(.notAFolder, "'\(node.title)' is a document, not a folder")
        }
        return node
    }

    /// Whether `title.lowercased()` is `lowered`: compared byte by byte when both are ASCII (nearly always), where
    /// making the lower-case copy of every title of a thousand-node binder cost more than the rest of the search.
    static func title(_ title: String, lowercasedIs lowered: String) -> Bool {
        var (title, lowered) = (title, lowered)
        let compared = title.withUTF8 { title in
            lowered.withUTF8 { lowered -> Bool? in
                guard title.allSatisfy({ $0 < 0x80 }), lowered.allSatisfy({ $0 < 0x80 }) else { return nil }
                guard title.count == lowered.count else { return false }
                for index in title.indices {
                    let byte = title[index]
                    if (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) != lowered[index] { return false }
                }
                return true
            }
        }
        return compared ?? (title.lowercased() == lowered)
    }

    /// Project-relative paths a path-like reference could mean.
    private func candidatePaths(_ reference: String) -> [String] {
        var trimmed = reference
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        var result = [trimmed, "contents/" + trimmed]
        if let workingPath, !workingPath.isEmpty {
            result.append((workingPath + "/" + trimmed).split(separator: "/").reduce(into: [String]()) { parts, part in
                if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(String(part)) }
            }.joined(separator: "/"))
        }
        return result.flatMap { [$0, $0 + ".md"] }
    }
}

extension Project {
    /// A resolver reading relative paths from `workingDirectory`.
    public func references(from workingDirectory: URL? = nil) -> ReferenceResolver {
        ReferenceResolver(manifest: manifest, workingPath: workingDirectory.flatMap { paths.relative($0) })
    }
}

extension Project {
    /// The folder a command adds to: `reference` when given (relative to `workingDirectory`), else the Draft.
    public func destinationFolder(_ reference: String?, from workingDirectory: URL) throws -> BinderNode {
        if let reference { return try references(from: workingDirectory).folder(reference) }
        guard let draft = manifest.roleFolder("draft") else {
            throw MsxError(.noDraft, "manuscript.json: the binder has no Draft folder")
        }
        return draft
    }
}
