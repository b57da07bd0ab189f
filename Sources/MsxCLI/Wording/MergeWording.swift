import Foundation
import MsxKit

/// What merges say: a merge recorded, or one stopped at conflicts (the report of `pull`, `sync` and `merge`), and
/// each conflict as two versions of a passage to choose from (`conflicts`, `resolve`).
enum MergeWording {
    /// `{"outcome": "merged", "to", "conflicts", "kept"}`.
    static func json(_ result: MergeResult) -> JSONValue {
        ["outcome": "merged", "to": .string(result.version.description),
         "conflicts": .array(result.conflicts.map(JSONValue.string)), "kept": .array(result.kept.map(JSONValue.string))]
    }

    /// `{"outcome": "conflicted", "label", "ours", "theirs", "conflicts": [conflict...], "binderConflicts", "kept"}`.
    static func json(_ state: MergeState) -> JSONValue {
        ["outcome": "conflicted", "label": .string(state.label), "ours": .string(state.ours.description),
         "theirs": .string(state.theirs.description), "conflicts": .array(state.conflicts.map { .object($0.json) }),
         "binderConflicts": .array(state.binderConflicts.map(JSONValue.string)), "kept": .array(state.kept.map(JSONValue.string))]
    }

    /// The lines of a merge that was recorded.
    static func report(_ result: MergeResult, merging what: String, to console: Console) {
        console.line("merged \(what) as \(result.version.short)")
        for line in result.conflicts + result.kept { console.note("note: \(line)") }
    }

    /// The lines of a merge stopped at conflicts; the command exits 1.
    static func report(_ state: MergeState, to console: Console) {
        console.exitStatus = 1
        let count = state.conflicts.count
        let kinds = Set(state.conflicts.map { $0.conflict.kind == .deleted ? .text : $0.conflict.kind })
        let names: [(MergeConflict.Kind, String)] = [(.text, "words"), (.formatting, "formatting"), (.metadata, "binder fields"),
                                                     (.file, "files")]
        let what = names.filter { kinds.contains($0.0) }.map(\.1).joined(separator: " or ")
        console.line("merged \(state.label) into the files, but both sides changed the same \(what) in \(count) "
            + "place\(count == 1 ? "" : "s"); nothing is recorded yet:")
        var seen: [String: Int] = [:]
        for entry in state.conflicts { seen[entry.path, default: 0] += 1 }
        for entry in state.conflicts where entry.number == 1 {
            console.line("  \(entry.title): \(seen[entry.path] ?? 1) (\(summary(entry.conflict)))")
        }
        for line in state.binderConflicts + state.kept { console.note("note: \(line)") }
        console.line("msx conflicts shows each, msx resolve REF --ours|--theirs|--both settles it, msx snapshot then records "
            + "the merge (msx merge --abort goes back)")
    }

    /// A conflict in a few words: "'calm that evening' became 'black' here and 'grey' there".
    static func summary(_ conflict: MergeConflict) -> String {
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

    /// One conflict for `msx conflicts`: its number, the passage with its context, and each side word by word.
    static func lines(_ entry: MergeState.Conflict, console: Console) -> [String] {
        let conflict = entry.conflict
        let status = entry.resolution.map { " (resolved: \($0.rawValue))" } ?? ""
        var lines = ["  \(entry.number). \(summary(conflict))\(status)"]
        guard conflict.kind != .file, conflict.kind != .metadata else { return lines }
        let context = { (text: String) in "…" + flat(conflict.before.suffix(30)) + text + flat(conflict.after.prefix(30)) + "…" }
        switch conflict.kind {
        case .formatting:
            lines.append("       " + context(console.paint(flat(conflict.placed), "1")))
        default:
            if !conflict.base.isEmpty { lines.append("     base:  " + context(console.paint(flat(conflict.base), "2"))) }
            lines.append("     here:  " + context(console.paint(flat(conflict.ours), "32")))
            lines.append("     there: " + context(console.paint(flat(conflict.theirs), "34")))
        }
        return lines
    }

    private static func flat<S: StringProtocol>(_ text: S) -> String {
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
