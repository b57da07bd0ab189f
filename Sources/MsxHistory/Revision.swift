import Foundation
import MsxModel
import MsxProject

extension ProjectHistory {
    /// Resolves a revision as writers type it: a short or full version id, a milestone name, `~N` (a document's Nth
    /// snapshot before its last one), `{2026-11-01}` (the version current at the end of that day, local time), or
    /// `HEAD`.
    /// - Parameter documentID: the document `~N` counts snapshots of (the whole project when nil).
    public func resolve(_ revision: String, for documentID: String? = nil) throws -> GitOID {
        let spec = revision.trimmingCharacters(in: .whitespaces)
        guard let headID = try head() else { throw MsxError.noHistory }
        if spec.hasPrefix("~"), let n = Int(spec.dropFirst()), n >= 0 {
            let limit = LogFilter(limit: n + 1)
            let versions = try documentID.map { try log(of: $0, limit, withChanges: false).map(\.version) } ?? repository.history(from: headID)
            guard n < versions.count else {
                throw MsxError(.unknownRevision, "there is no version \(spec): only \(versions.count) snapshot\(versions.count == 1 ? "" : "s")")
            }
            return versions[n]
        }
        if spec.hasPrefix("{"), spec.hasSuffix("}") {
            return try version(atEndOf: String(spec.dropFirst().dropLast()), from: headID)
        }
        // A milestone by its name, any case, as titles are matched.
        let tags = try repository.tags()
        for tag in tags where Milestone.displayName(of: tag) == spec || tag.refName == spec { return tag.target }
        for tag in tags where Milestone.displayName(of: tag).lowercased() == spec.lowercased() { return tag.target }
        if let id = try repository.resolve(spec) { return id }
        let suggestion = Suggestion.closest(to: spec, in: tags.map { Milestone.displayName(of: $0) }).map { "; did you mean the milestone '\($0)'?" } ?? ""
        throw MsxError(.unknownRevision, "no version '\(spec)' in this project's history\(suggestion)")
    }

    /// The newest version made on or before the end of `day` (YYYY-MM-DD, local time).
    private func version(atEndOf day: String, from headID: GitOID) throws -> GitOID {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "yyyy-MM-dd"
        guard let start = formatter.date(from: day) else {
            throw MsxError(.invalidDate, "'\(day)' is not a date like 2026-11-01")
        }
        let end = Int64(Calendar.current.date(byAdding: .day, value: 1, to: start)!.timeIntervalSince1970)
        for id in try repository.history(from: headID) where try repository.commit(id).time < end { return id }
        throw MsxError(.unknownRevision, "the project has no version from \(day) or before")
    }

    /// A document as it was at `revision`: its binder node then, and its model.
    /// - Throws: a user error when the document did not exist at that version.
    public func document(_ documentID: String, at version: GitOID) throws -> (node: BinderNode, document: RichDocument, manifest: Manifest) {
        guard let manifest = try manifest(at: version) else {
            throw MsxError(.notAtRevision, "the project did not exist at version \(version.short)")
        }
        guard let node = manifest.node(id: documentID), node.kind == .document, let document = try document(node, at: version) else {
            throw MsxError(.notAtRevision, "the document did not exist at version \(version.short)")
        }
        return (node, document, manifest)
    }

    /// Finds a document for `REF@REV`: in today's binder, or, for one deleted since, in the binder of that version.
    public func documentID(for reference: String, at version: GitOID, workingDirectory: URL?) throws -> String {
        do {
            return try project.references(from: workingDirectory).document(reference).id
        } catch let error as MsxError where error.code == .unknownReference {
            guard let manifest = try manifest(at: version) else { throw error }
            return try ReferenceResolver(manifest: manifest, workingPath: nil).document(reference).id
        }
    }
}

extension ProjectHistory {
    /// Finds a document by reference in today's binder or, for one deleted since, in the newest version that had it.
    public func documentID(for reference: String, workingDirectory: URL?) throws -> String {
        do {
            return try project.references(from: workingDirectory).document(reference).id
        } catch let error as MsxError where error.code == .unknownReference {
            guard let headID = try head() else { throw error }
            for version in try repository.history(from: headID) {
                guard let manifest = try manifest(at: version) else { continue }
                if let node = try? ReferenceResolver(manifest: manifest, workingPath: nil).document(reference) { return node.id }
            }
            throw error
        }
    }
}

/// `REF@REV`: the last `@` separates them, so titles may contain `@`.
public enum RevisionReference {
    public static func split(_ text: String) -> (reference: String, revision: String?) {
        guard let at = text.lastIndex(of: "@") else { return (text, nil) }
        let revision = String(text[text.index(after: at)...])
        let reference = String(text[..<at])
        guard !reference.isEmpty, !revision.isEmpty else { return (text, nil) }
        return (reference, revision)
    }
}
