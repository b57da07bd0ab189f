import Foundation
import MsxGit
import MsxModel
import MsxProject

extension ProjectHistory {
    /// Resolves a revision in the one grammar every command takes (docs/cli.md, "Naming a version"): git's `REV`
    /// syntax (`HEAD`, `HEAD~2`, `HEAD^`, a short or full id, a milestone by name in any case, `REV@{2026-11-01}`)
    /// and msx's `~N` (a document's Nth snapshot before its last) and `{2026-11-01}` (the version current at the end
    /// of that day, local time).
    /// - Parameter documentID: the document `~N` counts snapshots of (the whole project when nil).
    public func resolve(_ revision: String, for documentID: String? = nil) throws -> GitOID {
        let spec = revision.trimmingHorizontalSpace()
        guard let headID = try head() else { throw MsxError.noHistory }
        if let milestone = try milestone(named: spec) { return milestone }
        let expression = RevisionExpression(spec)
        var id: GitOID
        switch expression.base {
        case .head: id = headID
        case .counted(let n): id = try countedVersion(n, spec: spec, documentID: documentID, headID: headID)
        case .name(let name):
            if name.hasSuffix("}"), let open = name.lastIndex(of: "{") {
                throw MsxError(.invalidDate, "'\(name[name.index(after: open)...].dropLast())' is not a date like 2026-11-01, today, yesterday or 3 days ago")
            }
            guard let named = try milestone(named: name) ?? repository.resolve(name) else {
                let milestones = try repository.tags().map { Milestone.displayName(of: $0) }
                let suggestion = Suggestion.closest(to: name, in: milestones).map { "; did you mean the milestone '\($0)'?" } ?? ""
                throw MsxError(.unknownRevision, "no version '\(spec)' in this project's history\(suggestion)")
            }
            id = named
        }
        for step in expression.steps { id = try walk(step, from: id, spec: spec) }
        return id
    }

    /// A milestone by its name (exact, then in any case, as titles are matched) or its full ref name.
    private func milestone(named name: String) throws -> GitOID? {
        let tags = try repository.tags()
        if let tag = tags.first(where: { Milestone.displayName(of: $0) == name || $0.refName == name }) { return tag.target }
        return tags.first { Milestone.displayName(of: $0).lowercased() == name.lowercased() }?.target
    }

    /// `~N` alone: the document's Nth snapshot before its last, or the project's without a document.
    private func countedVersion(_ n: Int, spec: String, documentID: String?, headID: GitOID) throws -> GitOID {
        let versions = try documentID.map { try versionIDs(of: $0, limit: n + 1) }
            ?? firstVersions(n + 1, from: headID)
        guard n < versions.count else {
            throw MsxError(.unknownRevision, "there is no version \(spec): only \(versions.count) snapshot\(versions.count == 1 ? "" : "s")")
        }
        return versions[n]
    }

    /// The first `count` versions of the project's history from `start`, newest first.
    private func firstVersions(_ count: Int, from start: GitOID) throws -> [GitOID] {
        let walk = try repository.history(from: start)
        var result: [GitOID] = []
        while result.count < count, let id = try walk.next() { result.append(id) }
        return result
    }

    /// One step of git's revision syntax from `id`.
    private func walk(_ step: RevisionExpression.Step, from id: GitOID, spec: String) throws -> GitOID {
        switch step {
        case .ancestor(let n):
            var current = id
            for taken in 0..<n {
                guard let parent = try repository.commit(current).parents.first else {
                    let end = taken == 0 ? "\(current.short) is the first version"
                        : "the history ends \(taken) version\(taken == 1 ? "" : "s") back"
                    throw MsxError(.unknownRevision, "there is no version \(spec): \(end)")
                }
                current = parent
            }
            return current
        case .parent(let n):
            guard n > 0 else { return id }
            let parents = try repository.commit(id).parents
            guard n <= parents.count else {
                throw MsxError(.unknownRevision, "there is no version \(spec): version \(id.short) has \(parents.count) parent\(parents.count == 1 ? "" : "s")")
            }
            return parents[n - 1]
        case .onOrBefore(let day):
            let walk = try repository.history(from: id)
            while let version = try walk.next() {
                if try repository.commit(version).time < day.end { return version }
            }
            throw MsxError(.unknownRevision, "the project has no version from \(day.text) or before")
        }
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
    /// A document named as every command names one, `REF` or `REF@REV`: its id, and the revision named with it (nil
    /// when none was). A title that contains '@' names its document; only when the whole text names none is its last
    /// '@' read as a revision.
    public func documentReference(_ text: String, workingDirectory: URL?) throws -> (id: String, revision: String?) {
        if let node = try? project.references(from: workingDirectory).document(text) { return (node.id, nil) }
        let (reference, revision) = RevisionReference.split(text)
        guard let revision else { return (try documentID(for: text, workingDirectory: workingDirectory), nil) }
        let today = try? project.references(from: workingDirectory).document(reference).id
        let version = try resolve(revision, for: today)
        return (try documentID(for: reference, at: version, workingDirectory: workingDirectory), revision)
    }

    /// Finds a document by reference in today's binder or, for one deleted since, in the newest version that had it.
    public func documentID(for reference: String, workingDirectory: URL?) throws -> String {
        do {
            return try project.references(from: workingDirectory).document(reference).id
        } catch let error as MsxError where error.code == .unknownReference {
            guard let headID = try head() else { throw error }
            // Each binder is asked once, however many versions share it, and without working out a suggestion, so
            // that a typo in a long history costs a look-up per binder, not per version.
            var asked = Set<GitOID>()
            let walk = try repository.history(from: headID)
            while let version = try walk.next() {
                guard let blob = try repository.entry(at: gitPath(Manifest.fileName), in: version), asked.insert(blob).inserted,
                      let manifest = try manifest(at: version)
                else { continue }
                if let node = ReferenceResolver(manifest: manifest, workingPath: nil).documentIfAny(reference) { return node.id }
            }
            throw error
        }
    }
}

/// `REF@REV`: the last `@` separates them, so titles may contain `@`; an `@` that begins `@{DATE}` belongs to the
/// revision (`Storm@HEAD@{yesterday}`).
public enum RevisionReference {
    public static func split(_ text: String) -> (reference: String, revision: String?) {
        guard let at = text.indices.last(where: { text[$0] == "@" && !text[text.index(after: $0)...].hasPrefix("{") })
            ?? text.firstIndex(of: "@") else { return (text, nil) }
        let revision = String(text[text.index(after: at)...])
        let reference = String(text[..<at])
        guard !reference.isEmpty, !revision.isEmpty else { return (text, nil) }
        return (reference, revision)
    }
}
