import Foundation
import MsxGit
import MsxModel
import MsxProject

/// What `merge --abort` did.
public struct MergeAbortResult: Sendable, Equatable {
    /// The files as they were when the merge was abandoned (resolutions and edits included), recorded as a
    /// version that `refs/msx/aborted-merge` names and no branch shows.
    public var saved: GitOID
    /// The last version, which the files are back at.
    public var version: GitOID
}

/// A merge that stopped at conflicts: its state, settling its conflicts one by one, and going back.
extension ProjectHistory {
    /// The reference that keeps the files of the last aborted merge.
    public static let abortedMergeReference = "refs/msx/aborted-merge"

    /// The merge in progress, or nil. A state left by a merge already recorded (its `ours` is no longer HEAD, as a
    /// crash right after the merge version can leave it) is not one.
    public func mergeState() throws -> MergeState? {
        let url = try project.url(MergeState.file)
        guard FileIO.exists(url) else { return nil }
        let state: MergeState
        do {
            state = try MergeState(json: try FileIO.readText(url, displayPath: MergeState.file))
        } catch let error as MsxError where error.kind == .damaged {
            throw MsxError(error.code, error.message + " (the state of a merge in progress: deleting it gives the merge up, "
                + "and the merged files stay as changes to snapshot)")
        }
        return try state.ours == head() ? state : nil
    }

    /// Throws `merge-in-progress` when a merge stopped at conflicts and is not recorded yet; removes a state left
    /// by one that is over (for commands that write).
    func refuseDuringMerge() throws {
        if let state = try mergeState() { throw Self.mergeInProgress(state) }
        if FileIO.exists(try project.url(MergeState.file)) { try removeMergeState() }
    }

    static func mergeInProgress(_ state: MergeState) -> MsxError {
        MsxError(.mergeInProgress, "the merge of \(state.label) is not finished: msx conflicts shows what is left, msx snapshot "
            + "records the merge once they are resolved, msx merge --abort goes back")
    }

    /// Removes `.msx/merge.json` (the merge is recorded or abandoned).
    func removeMergeState() throws {
        var transaction = project.transaction()
        if FileIO.exists(try project.url(MergeState.file)) { transaction.delete(MergeState.file) }
        var project = self.project
        try project.commit(transaction)
    }

    /// Settles conflicts of one document (its node id) or file (its path) by keeping `choice`: every unresolved
    /// one, or conflict `number` (again, when it was resolved before). Text is replaced where it now stands in the
    /// file, found by its words and their context; formatting takes the chosen side's value over the characters
    /// concerned. The files and the state change in one transaction.
    /// `both` settles text conflicts only: without `number`, a document's formatting conflicts stay open.
    /// - Returns: the conflicts settled, as they now are.
    /// - Throws: `no-merge`, `unknown-conflict`, `conflict-moved` when the words are no longer in the file, or
    ///   `invalid-value` for `both` on a formatting conflict or a file.
    public func resolveConflicts(of target: String, number: Int? = nil, choosing choice: ConflictChoice) throws -> [MergeState.Conflict] {
        try settle(target, number: number, resolution: MergeState.Resolution(rawValue: choice.rawValue)!)
    }

    /// Marks conflicts of one document or file as settled by hand (after the writer edited the file).
    /// - Throws: `conflict-moved` when the file still holds conflict markers.
    public func markConflictsEdited(of target: String, number: Int? = nil) throws -> [MergeState.Conflict] {
        try settle(target, number: number, resolution: .edited)
    }

    /// Goes back to the last version: the files as they are now are recorded first (on `refs/msx/aborted-merge`,
    /// with both sides as parents), then the files move back and the state goes, in one transaction.
    public func abortMerge(author explicit: Author? = nil) throws -> MergeAbortResult {
        guard let state = try mergeState() else { throw Self.noMerge }
        try claimRepository()
        return try writingRepository {
            let saved = try record([], message: "Files of the abandoned merge of \(state.label)", author: explicit,
                                   reanchoring: false, mergedWith: state, to: Self.abortedMergeReference)
            guard let kept = saved.version else { throw MsxError.noHistory }
            let files = try moveFiles(to: state.ours, from: kept) { transaction in transaction.delete(MergeState.file) }
            try repository.syncIndex(toHead: files, under: prefix)
            return MergeAbortResult(saved: kept, version: state.ours)
        }
    }

    private static var noMerge: MsxError {
        MsxError(.noMerge, "no merge is in progress (msx merge NAME or msx pull starts one)")
    }

    private func settle(_ target: String, number: Int?, resolution: MergeState.Resolution) throws -> [MergeState.Conflict] {
        guard var state = try mergeState() else { throw Self.noMerge }
        let chosen = state.conflicts.indices.filter { index in
            let entry = state.conflicts[index]
            guard entry.document == target || entry.path == target else { return false }
            // Keeping both sides means text: formatting and files stay open unless named by number.
            if number == nil, resolution == .both, [.formatting, .file, .metadata].contains(entry.conflict.kind) { return false }
            return number.map { $0 == entry.number } ?? (entry.resolution == nil)
        }
        guard let first = chosen.first else {
            if resolution == .both, state.unresolved.contains(where: { $0.document == target || $0.path == target }) {
                throw MsxError(.invalidValue, "only formatting or files are left to settle there, and they cannot keep both "
                    + "sides: choose --ours or --theirs")
            }
            let titles = state.conflicts.first { $0.document == target || $0.path == target }?.title
            throw MsxError(.unknownConflict, titles.map { title in
                number.map { "'\(title)' has no conflict \($0) (msx conflicts lists them)" } ?? "every conflict of '\(title)' is resolved"
            } ?? "the merge has no conflict in \(target) (msx conflicts lists them)")
        }
        var transaction = project.transaction()
        let entry = state.conflicts[first]
        let fields = chosen.filter { state.conflicts[$0].conflict.kind == .metadata }
        let rest = chosen.filter { state.conflicts[$0].conflict.kind != .metadata }
        var manifest = project.manifest
        if entry.document == nil {
            try settleFile(entry, resolution, into: &transaction)
        } else if let node = project.manifest.node(id: target) {
            manifest = try settleFields(of: node, fields.map { state.conflicts[$0] }, resolution, in: manifest)
            if !rest.isEmpty { try settleDocument(node, &state, rest, resolution, into: &transaction) }
        } else {
            throw MsxError(.unknownConflict, "'\(entry.title)' is no longer in the binder: restore it, or msx merge --abort")
        }
        for index in chosen { state.conflicts[index].resolution = resolution }
        transaction.write(Data(state.json.utf8), to: MergeState.file)
        var project = self.project
        try project.commit(transaction, manifest: manifest)
        return chosen.map { state.conflicts[$0] }
    }

    /// A file msx does not read: this side's stays, or the other's is written (or removed, when it has none).
    private func settleFile(_ entry: MergeState.Conflict, _ resolution: MergeState.Resolution, into transaction: inout FileTransaction) throws {
        switch resolution {
        case .ours, .edited: return
        case .both: throw MsxError(.invalidValue, "'\(entry.path)' cannot hold both sides: choose --ours or --theirs")
        case .theirs:
            if let theirs = GitOID(hex: entry.conflict.theirs) {
                transaction.write(try repository.blob(theirs), to: entry.path)
            } else if FileIO.exists(try project.url(entry.path)) {
                transaction.delete(entry.path)
            }
        }
    }

    /// Binder fields: each takes the chosen side's value (this side's is already there; by hand, the writer set it).
    private func settleFields(of node: BinderNode, _ entries: [MergeState.Conflict], _ resolution: MergeState.Resolution,
                              in manifest: Manifest) throws -> Manifest {
        guard resolution == .theirs || resolution == .both, !entries.isEmpty else { return manifest }
        if resolution == .both { throw MsxError(.invalidValue, "a binder field cannot keep both values: choose --ours or --theirs") }
        var changed = node
        for entry in entries {
            guard let field = entry.conflict.field else { continue }
            changed = try changed.setting(field, to: entry.conflict.theirsValue ?? .null)
        }
        var manifest = manifest
        manifest.update(node.id) { $0 = changed }
        return manifest
    }

    /// A document: chosen text in place of each conflict's (latest in the file first, so earlier offsets hold),
    /// then chosen formatting values; the sidecar is re-anchored onto the new text and saved with it.
    private func settleDocument(_ node: BinderNode, _ state: inout MergeState, _ chosen: [Int], _ resolution: MergeState.Resolution,
                                into transaction: inout FileTransaction) throws {
        let original = try FileIO.readDocument(try project.url(node.path), displayPath: node.path)
        var text = original
        if resolution == .edited {
            if text.split(separator: "\n").contains(where: { $0.hasPrefix("<<<<<<< ") || $0.hasPrefix(">>>>>>> ") }) {
                throw MsxError(.conflictMoved, "\(node.path) still holds conflict markers (<<<<<<<): choose between the versions, "
                    + "remove the markers, then resolve again")
            }
            return
        }
        let choice = ConflictChoice(rawValue: resolution.rawValue)!
        let textual = chosen.filter { state.conflicts[$0].conflict.kind != .formatting }
            .sorted { state.conflicts[$0].conflict.offset > state.conflicts[$1].conflict.offset }
        for index in textual {
            let conflict = state.conflicts[index].conflict
            let replacement = conflict.replacement(choosing: choice)
            guard replacement != conflict.placed else { continue }
            guard let range = conflict.locate(in: text, expected: conflict.offset) else { throw moved(state.conflicts[index]) }
            var units = Array(text.utf16)
            units.replaceSubrange(range, with: Array(replacement.utf16))
            text = String(decoding: units, as: UTF16.self)
            state.conflicts[index].conflict.placed = replacement
            state.conflicts[index].conflict.offset = range.lowerBound
        }
        var document = try project.document(node, markdown: text)
        for index in chosen where state.conflicts[index].conflict.kind == .formatting {
            let conflict = state.conflicts[index].conflict
            guard let key = conflict.attribute, let paragraph = conflict.paragraph else { continue }
            if choice == .both { throw MsxError(.invalidValue, "a formatting conflict cannot keep both values: choose --ours or --theirs") }
            let value = (choice == .ours ? conflict.oursValue : conflict.theirsValue) ?? .null
            let texts = document.paragraphTexts
            let expected = texts.prefix(paragraph).reduce(0) { $0 + $1.utf16.count + 1 } + conflict.offset
            guard let range = conflict.locate(in: texts.joined(separator: "\n"), expected: expected) else {
                throw moved(state.conflicts[index])
            }
            let request = AttributeKey.paragraph.contains(key)
                ? FormatRequest(selection: .range(range), paragraph: [key: value])
                : FormatRequest(selection: .range(range), character: [key: value])
            var formatter = DocumentFormatter(document: document, styles: project.styleSheet)
            try formatter.apply(request, to: try DocumentFormatter.targets(of: request.selection, in: texts, title: node.title))
            document = formatter.result
        }
        let markdown = document.markdown.sourceText
        try project.stage(document, markdown: markdown == original ? nil : markdown, for: node, into: &transaction)
    }

    private func moved(_ entry: MergeState.Conflict) -> MsxError {
        MsxError(.conflictMoved, "the words of conflict \(entry.number) of '\(entry.title)' were changed since the merge: "
            + "settle it in the file, then msx resolve '\(entry.title)' \(entry.number) --edit")
    }
}
