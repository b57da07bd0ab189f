import Foundation
import MsxGit
import MsxModel
import MsxProject

/// A merge that stopped at conflicts, kept in `.msx/merge.json` from the moment its files are written until
/// `snapshot` records it (with both parents) or `merge --abort` goes back. The last version (HEAD) does not move
/// meanwhile; a state whose `ours` is no longer HEAD (a merge recorded by a command a crash cut short, or HEAD moved
/// by git) is ignored, and removed by the next command that writes.
public struct MergeState: Sendable, Equatable {
    /// How the writer settled a conflict.
    public enum Resolution: String, Sendable {
        case ours, theirs, both
        /// By hand, in an editor.
        case edited
    }

    /// One conflict, numbered within its document (or file) as `conflicts` lists it.
    public struct Conflict: Sendable, Equatable {
        /// Its number within its document (or file), from 1.
        public var number: Int
        /// The document's node id; nil for a file msx does not read.
        public var document: String?
        public var title: String
        /// The document's `.md` (or the file's path), project-relative.
        public var path: String
        /// What each side made of the passage, and where the file holds it.
        public var conflict: MergeConflict
        /// How it was settled, or nil while it is open.
        public var resolution: Resolution?

        /// The conflict's fields (`MergeConflict.json`) with its number, document, title, path and resolution.
        public var json: [String: JSONValue] {
            var object = conflict.json
            object["number"] = .int(number)
            object["document"] = .optional(document)
            object["title"] = .string(title)
            object["path"] = .string(path)
            object["resolution"] = .optional(resolution?.rawValue)
            return object
        }
    }

    /// The file holding the state, project-relative.
    public static let file = ".msx/merge.json"
    static let formatVersion = 1

    /// This side's last version when the merge began, and the other side's.
    public var ours: GitOID
    public var theirs: GitOID
    /// The merged files as the merge wrote them (a version no branch names): the version that records the merge is
    /// made from it and the writer's changes since.
    public var merged: GitOID
    /// What was merged, as the writer named it ("'origin'", "draft 'ending'").
    public var label: String
    /// Binder fields both sides changed differently (this side's kept), and nodes one side deleted and the other
    /// changed (kept), as `MergeResult` reports them.
    public var binderConflicts: [String]
    public var kept: [String]
    public var conflicts: [Conflict]

    /// The conflicts nobody settled yet.
    public var unresolved: [Conflict] { conflicts.filter { $0.resolution == nil } }

    /// The message of the merge version.
    public var message: String { "Merge \(label)" }

    /// The state as written to `file`.
    var json: String {
        let conflicts = conflicts.map { JSONValue.object($0.json) }
        let object: JSONValue = [
            "formatVersion": .int(Self.formatVersion), "ours": .string(ours.description), "theirs": .string(theirs.description),
            "merged": .string(merged.description), "label": .string(label),
            "binderConflicts": .array(binderConflicts.map(JSONValue.string)), "kept": .array(kept.map(JSONValue.string)),
            "conflicts": .array(conflicts),
        ]
        return JSONWriter.string(object) + "\n"
    }

    init(ours: GitOID, theirs: GitOID, merged: GitOID, label: String, binderConflicts: [String], kept: [String],
         conflicts: [Conflict]) {
        (self.ours, self.theirs, self.merged, self.label) = (ours, theirs, merged, label)
        (self.binderConflicts, self.kept, self.conflicts) = (binderConflicts, kept, conflicts)
    }

    /// Reads the state written by `json`.
    init(json text: String) throws {
        let file = Self.file
        let reader = try JSONReader(try JSONReader.parse(text, file: file), file: file)
        try reader.checkFormatVersion(supported: Self.formatVersion)
        func version(_ key: String) throws -> GitOID {
            guard let id = GitOID(hex: try reader.requiredString(key)) else { throw reader.fail(key, "a version id") }
            return id
        }
        (ours, theirs, merged) = (try version("ours"), try version("theirs"), try version("merged"))
        label = try reader.requiredString("label")
        binderConflicts = try reader.strings("binderConflicts")
        kept = try reader.strings("kept")
        conflicts = try reader.array("conflicts").enumerated().map { index, value in
            let path = "conflicts[\(index)]"
            let entry = try JSONReader(value, file: file, path: path)
            let resolution = try entry.string("resolution")
            guard resolution == nil || Resolution(rawValue: resolution!) != nil else {
                throw entry.fail("resolution", "ours, theirs, both, edited or null")
            }
            let file = try entry.requiredString("path")
            // Never msx's or git's own files, nor the manifest: a resolution writes to this path.
            let first = file.split(separator: "/").first.map { $0.lowercased() } ?? ""
            guard RelativePath.isPlain(file), first != ".msx", first != ".git", file != Manifest.fileName else {
                throw entry.fail("path", "a plain path of a document or file of the project")
            }
            guard try entry.requiredInt("number") >= 1 else { throw entry.fail("number", "1 or more") }
            return Conflict(number: try entry.requiredInt("number"), document: try entry.string("document"),
                            title: try entry.requiredString("title"), path: file,
                            conflict: try MergeConflict(json: value, file: file, path: path),
                            resolution: resolution.flatMap(Resolution.init(rawValue:)))
        }
    }
}
