/// Word-level differences inside one paragraph, cleaned up to read like a human edit.
enum WordDiff {
    static func edits(_ old: String, _ new: String) -> [DocumentDiff.TextEdit] {
        let a = Tokenizer.tokens(old), b = Tokenizer.tokens(new)
        var edits: [DocumentDiff.TextEdit] = []
        let oldUnits = Array(old.utf16), newUnits = Array(new.utf16)
        func span(_ tokens: [Token], _ range: Range<Int>, end: Int) -> Range<Int> {
            guard !range.isEmpty else { return (range.lowerBound < tokens.count ? tokens[range.lowerBound].range.lowerBound : end)..<(range.lowerBound < tokens.count ? tokens[range.lowerBound].range.lowerBound : end) }
            return tokens[range.lowerBound].range.lowerBound..<tokens[range.upperBound - 1].range.upperBound
        }
        for step in MyersDiff.diff(a.map(\.text), b.map(\.text)) {
            switch step {
            case .equal(let o, let n):
                let r = span(a, o, end: oldUnits.count)
                edits.append(.init(kind: .equal, old: r, new: span(b, n, end: newUnits.count), text: Context.slice(oldUnits, r.lowerBound, r.upperBound)))
            case .delete(let o, let at):
                let r = span(a, o, end: oldUnits.count)
                let place = span(b, at..<at, end: newUnits.count)
                edits.append(.init(kind: .delete, old: r, new: place, text: Context.slice(oldUnits, r.lowerBound, r.upperBound)))
            case .insert(let n, let at):
                let r = span(b, n, end: newUnits.count)
                let place = span(a, at..<at, end: oldUnits.count)
                edits.append(.init(kind: .insert, old: place, new: r, text: Context.slice(newUnits, r.lowerBound, r.upperBound)))
            }
        }
        return cleanUp(edits, oldUnits, newUnits)
    }

    /// Semantic clean-up: an equal stretch of only white space or one short token stranded between two changes is
    /// folded into them, so "the [-big-]{+red+} [-dog-]{+cat+}" reads "the [-big dog-]{+red cat+}".
    private static func cleanUp(_ edits: [DocumentDiff.TextEdit], _ oldUnits: [UInt16], _ newUnits: [UInt16]) -> [DocumentDiff.TextEdit] {
        var result: [DocumentDiff.TextEdit] = []
        var i = 0
        while i < edits.count {
            let edit = edits[i]
            let stranded = edit.kind == .equal && i > 0 && i + 1 < edits.count && edits[i - 1].kind != .equal
                && edits[i + 1].kind != .equal && (edit.text.allSatisfy(\.isWhitespace) || edit.text.count <= 2)
            if stranded {
                result.append(.init(kind: .delete, old: edit.old, new: edit.new.lowerBound..<edit.new.lowerBound, text: edit.text))
                result.append(.init(kind: .insert, old: edit.old.upperBound..<edit.old.upperBound, new: edit.new, text: edit.text))
            } else {
                result.append(edit)
            }
            i += 1
        }
        return regroup(result, oldUnits, newUnits)
    }

    /// Within each run of changes, all deletions first, then all insertions, merged.
    private static func regroup(_ edits: [DocumentDiff.TextEdit], _ oldUnits: [UInt16], _ newUnits: [UInt16]) -> [DocumentDiff.TextEdit] {
        var result: [DocumentDiff.TextEdit] = []
        var pending: [DocumentDiff.TextEdit] = []
        func flush() {
            guard !pending.isEmpty else { return }
            let oldStart = pending.map(\.old.lowerBound).min()!, oldEnd = pending.map(\.old.upperBound).max()!
            let newStart = pending.map(\.new.lowerBound).min()!, newEnd = pending.map(\.new.upperBound).max()!
            if pending.contains(where: { $0.kind == .delete }) {
                result.append(.init(kind: .delete, old: oldStart..<oldEnd, new: newStart..<newStart, text: Context.slice(oldUnits, oldStart, oldEnd)))
            }
            if pending.contains(where: { $0.kind == .insert }) {
                result.append(.init(kind: .insert, old: oldEnd..<oldEnd, new: newStart..<newEnd, text: Context.slice(newUnits, newStart, newEnd)))
            }
            pending = []
        }
        for edit in edits {
            if edit.kind == .equal { flush(); result.append(edit) } else { pending.append(edit) }
        }
        flush()
        return result
    }
}
