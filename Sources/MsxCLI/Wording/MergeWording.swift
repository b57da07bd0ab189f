import Foundation
import MsxKit

/// What merges say on a terminal: a merge recorded, or one stopped at conflicts (`pull`, `sync` and `merge`), and
/// each conflict as two versions of a passage to choose from (`conflicts`, `resolve`).
extension MergeWording {
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
}
