import Foundation
import MsxHistory
import MsxModel

/// What merges say in every front end: a merge recorded or stopped at conflicts as JSON (the report of `pull`,
/// `sync` and `merge`), and a conflict in a few words.
public enum MergeWording {
    /// `{"outcome": "merged", "to", "conflicts", "kept"}`.
    public static func json(_ result: MergeResult) -> JSONValue {
        ["outcome": "merged", "to": .string(result.version.description),
         "conflicts": .array(result.conflicts.map(JSONValue.string)), "kept": .array(result.kept.map(JSONValue.string))]
    }

    /// `{"outcome": "conflicted", "label", "ours", "theirs", "conflicts": [conflict...], "binderConflicts", "kept"}`.
    public static func json(_ state: MergeState) -> JSONValue {
        ["outcome": "conflicted", "label": .string(state.label), "ours": .string(state.ours.description),
         "theirs": .string(state.theirs.description), "conflicts": .array(state.conflicts.map { .object($0.json) }),
         "binderConflicts": .array(state.binderConflicts.map(JSONValue.string)), "kept": .array(state.kept.map(JSONValue.string))]
    }

    /// A conflict in a few words: "'calm that evening' became 'black' here and 'grey' there".
    public static func summary(_ conflict: MergeConflict) -> String {
        switch conflict.kind {
        case .text where conflict.base.isEmpty:
            "'\(short(conflict.ours))' was added here and '\(short(conflict.theirs))' there"
        case .text: "'\(short(conflict.base))' became '\(short(conflict.ours))' here and '\(short(conflict.theirs))' there"
        case .deleted where conflict.ours.isEmpty:
            "'\(short(conflict.base))' was deleted here and changed there"
        case .deleted: "'\(short(conflict.base))' was changed here and deleted there"
        case .formatting:
            "\(conflict.attribute?.rawValue ?? "formatting") of '\(short(conflict.placed))' is \(value(conflict.oursValue)) here "
                + "and \(value(conflict.theirsValue)) there"
        case .metadata:
            "its \(conflict.field ?? "field") became '\(short(conflict.ours))' here and '\(short(conflict.theirs))' there"
                + (conflict.base.isEmpty ? "" : " (was '\(short(conflict.base))')")
        case .file: "the file was changed on both sides"
        }
    }

    /// Paragraph breaks as ¶, line breaks as spaces: a passage on one line.
    public static func flat<S: StringProtocol>(_ text: S) -> String {
        text.replacingOccurrences(of: "\n\n", with: " ¶ ").replacingOccurrences(of: "\n", with: " ")
    }

    private static func short(_ text: String) -> String {
        let flat = flat(text).trimmingCharacters(in: .whitespaces)
        return flat.count > 60 ? String(flat.prefix(57)) + "..." : flat
    }

    private static func value(_ value: JSONValue?) -> String {
        switch value {
        case .string(let text)?: text
        case .number(let number)?: JSONWriter.format(number)
        case .bool(let flag)?: flag ? "on" : "off"
        case .null?, nil: "unset"
        default: "set"
        }
    }
}
