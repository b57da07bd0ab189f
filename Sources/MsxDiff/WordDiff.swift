import MsxModel

/// Word-level differences inside one paragraph, cleaned up to read like a human edit.
enum WordDiff {
    /// What a token is matched on: its word, in the units of the text it is in; the space after it is compared
    /// separately, so "together" at a sentence's end still matches "together " before added words.
    static func key(_ token: TokenSpan, in units: [UInt16]) -> ArraySlice<UInt16> {
        var end = token.range.upperBound
        while end > token.range.lowerBound + 1, units[end - 1] == 0x20 || units[end - 1] == 0x09 { end -= 1 }
        return units[token.range.lowerBound..<end]
    }

    /// The edits between two versions of a paragraph, their characters looking into `old` and `new`.
    static func edits(_ old: String, _ new: String, by unit: DiffUnit = .word) -> [DocumentDiff.TextEdit] {
        let oldUnits = UTF16Text.units(old), newUnits = UTF16Text.units(new)
        let edits: [DocumentDiff.TextEdit]
        if unit == .word, let ends = SharedEnds(oldUnits, newUnits), let shortcut = Self.edits(oldUnits, newUnits, within: ends, by: unit) {
            edits = shortcut
        } else {
            edits = Self.edits(oldUnits, newUnits, within: SharedEnds(none: oldUnits, newUnits), by: unit)!
        }
        var oldSlicer = UTF16Slicer(old, count: oldUnits.count), newSlicer = UTF16Slicer(new, count: newUnits.count)
        return edits.map { edit in
            var edit = edit
            edit.characters = edit.kind == .insert ? newSlicer.slice(edit.new) : oldSlicer.slice(edit.old)
            return edit
        }
    }

    /// The edits between two paragraphs' UTF-16 units, comparing only the tokens between the ends they share (the
    /// ends are equal text), placed but without their characters (`edits(_:_:by:)` cuts those). Nil when the
    /// shortcut could align tokens otherwise than a comparison of the whole texts: when every token of one middle
    /// matches the start of the other's, the whole comparison would go on into the shared end.
    static func edits(_ oldUnits: [UInt16], _ newUnits: [UInt16], within ends: SharedEnds, by unit: DiffUnit) -> [DocumentDiff.TextEdit]? {
        // White space rides with the word before it, so spaces never pull a word-level alignment apart
        // ("year whenever anchor after" -> "year coat whenever after" is +coat -anchor, not four words).
        func middle(_ units: [UInt16], _ end: Int) -> [TokenSpan] { Tokenizer.spans(units, ends.prefix..<end, by: unit) }
        let a = middle(oldUnits, ends.oldEnd), b = middle(newUnits, ends.newEnd)
        let oldKeys = a.map { key($0, in: oldUnits) }, newKeys = b.map { key($0, in: newUnits) }
        if ends.trims {
            var shared = 0
            while shared < oldKeys.count, shared < newKeys.count, oldKeys[shared] == newKeys[shared] { shared += 1 }
            guard (shared == oldKeys.count) == (shared == newKeys.count) else { return nil }
        }
        var edits: [DocumentDiff.TextEdit] = []
        if ends.prefix > 0 {
            edits.append(.init(kind: .equal, old: 0..<ends.prefix, new: 0..<ends.prefix))
        }
        func span(_ tokens: [TokenSpan], _ range: Range<Int>, end: Int) -> Range<Int> {
            guard !range.isEmpty else { return (range.lowerBound < tokens.count ? tokens[range.lowerBound].range.lowerBound : end)..<(range.lowerBound < tokens.count ? tokens[range.lowerBound].range.lowerBound : end) }
            return tokens[range.lowerBound].range.lowerBound..<tokens[range.upperBound - 1].range.upperBound
        }
        var ids = WordIDs()
        let oldIDs = oldKeys.map { ids.id($0) }, newIDs = newKeys.map { ids.id($0) }
        for step in MyersDiff.diff(ids: oldIDs, newIDs) {
            switch step {
            case .equal(let o, let n):
                for (i, j) in zip(o, n) {
                    let (x, y) = (a[i].range, b[j].range)
                    let word = oldKeys[i].count
                    edits.append(.init(kind: .equal, old: x.lowerBound..<(x.lowerBound + word), new: y.lowerBound..<(y.lowerBound + word)))
                    let oldSpace = (x.lowerBound + word)..<x.upperBound, newSpace = (y.lowerBound + word)..<y.upperBound
                    if oldUnits[oldSpace].elementsEqual(newUnits[newSpace]) {
                        if !oldSpace.isEmpty {
                            edits.append(.init(kind: .equal, old: oldSpace, new: newSpace))
                        }
                    } else {
                        if !oldSpace.isEmpty {
                            edits.append(.init(kind: .delete, old: oldSpace, new: newSpace.lowerBound..<newSpace.lowerBound))
                        }
                        if !newSpace.isEmpty {
                            edits.append(.init(kind: .insert, old: oldSpace.upperBound..<oldSpace.upperBound, new: newSpace))
                        }
                    }
                }
            case .delete(let o, let at):
                let r = span(a, o, end: ends.oldEnd)
                let place = span(b, at..<at, end: ends.newEnd)
                edits.append(.init(kind: .delete, old: r, new: place))
            case .insert(let n, let at):
                let r = span(b, n, end: ends.newEnd)
                let place = span(a, at..<at, end: ends.oldEnd)
                edits.append(.init(kind: .insert, old: place, new: r))
            }
        }
        if ends.oldEnd < oldUnits.count {
            edits.append(.init(kind: .equal, old: ends.oldEnd..<oldUnits.count, new: ends.newEnd..<newUnits.count))
        }
        return aligned(cleanUp(edits, oldUnits, newUnits), oldUnits, newUnits)
    }

    /// The text two versions of a paragraph begin with and the text they end with, each cut where a word starts
    /// after white space (an ASCII letter or digit after a space, tab or line break, the space not joined to a
    /// Prepend scalar before it): there both tokenizers start a token and nothing before the cut changes the tokens
    /// after it, so the middle's tokens are the whole text's.
    /// Each end stops one word short of the longest it could be, so a word inserted or deleted next to it still has
    /// a different word beside it in the middles.
    struct SharedEnds {
        /// UTF-16 units both texts begin with.
        var prefix: Int
        /// Where the end both texts share starts in each (their length when they share none).
        var oldEnd: Int
        var newEnd: Int

        /// Whether any shared text is left out of the comparison.
        var trims: Bool { prefix > 0 || oldEnd < oldLength }
        private var oldLength: Int

        /// Nothing shared: the whole texts are compared.
        init(none old: [UInt16], _ new: [UInt16]) {
            (prefix, oldEnd, newEnd, oldLength) = (0, old.count, new.count, old.count)
        }

        /// The shared ends of two texts; nil when they share none worth leaving out.
        init?(_ old: [UInt16], _ new: [UInt16]) {
            var common = 0
            while common < old.count, common < new.count, old[common] == new[common] { common += 1 }
            prefix = Self.secondCut(in: stride(from: common, to: 0, by: -1)) { Self.isCut(old, $0) && Self.isCut(new, $0) } ?? 0
            var shared = 0
            while shared < old.count - prefix, shared < new.count - prefix, old[old.count - 1 - shared] == new[new.count - 1 - shared] {
                shared += 1
            }
            let suffix = Self.secondCut(in: stride(from: shared, to: 0, by: -1)) {
                Self.isCut(old, old.count - $0) && Self.isCut(new, new.count - $0)
            } ?? 0
            (oldEnd, newEnd, oldLength) = (old.count - suffix, new.count - suffix, old.count)
            guard trims else { return nil }
        }

        /// The second place, in the order given, where a cut is allowed.
        private static func secondCut(in places: StrideTo<Int>, _ allowed: (Int) -> Bool) -> Int? {
            var found = 0
            for place in places where allowed(place) {
                found += 1
                if found == 2 { return place }
            }
            return nil
        }

        private static func isCut(_ units: [UInt16], _ i: Int) -> Bool {
            guard i > 0, i < units.count else { return false }
            let before = units[i - 1], at = units[i]
            let afterSpace = before == 0x20 || before == 0x09 || before == 0x0A || before == 0x0D
            // A space is one character with a Prepend scalar before it (U+0D4E and others, all from U+0600 on):
            // there a word token runs on across the space.
            let spaceStandsAlone = before != 0x20 || i < 2 || units[i - 2] < 0x600
            return afterSpace && spaceStandsAlone && ((0x30...0x39).contains(at) || (0x41...0x5A).contains(at) || (0x61...0x7A).contains(at))
        }
    }

    /// Slides a lone insertion or deletion along the text it repeats to where it reads best, as a writer would
    /// mark it: "quay.{+ She did not sleep.+}" rather than "quay{+. She did not sleep+}.".
    private static func aligned(_ edits: [DocumentDiff.TextEdit], _ oldUnits: [UInt16], _ newUnits: [UInt16]) -> [DocumentDiff.TextEdit] {
        var edits = edits
        for i in edits.indices where i > 0 && i + 1 < edits.count && edits[i].kind != .equal
            && edits[i - 1].kind == .equal && edits[i + 1].kind == .equal {
            let insert = edits[i].kind == .insert
            let units = insert ? newUnits : oldUnits
            let range = insert ? edits[i].new : edits[i].old
            let before = insert ? edits[i - 1].new : edits[i - 1].old, after = insert ? edits[i + 1].new : edits[i + 1].old
            var best = (shift: 0, score: score(units, range.lowerBound) + score(units, range.upperBound))
            var shift = 0
            while range.lowerBound + shift > before.lowerBound, units[range.lowerBound + shift - 1] == units[range.upperBound + shift - 1] {
                shift -= 1
                let s = score(units, range.lowerBound + shift) + score(units, range.upperBound + shift)
                if s > best.score { best = (shift, s) }
            }
            shift = 0
            while range.upperBound + shift < after.upperBound, units[range.lowerBound + shift] == units[range.upperBound + shift] {
                shift += 1
                let s = score(units, range.lowerBound + shift) + score(units, range.upperBound + shift)
                if s > best.score { best = (shift, s) }
            }
            guard best.shift != 0 else { continue }
            let k = best.shift
            // Both neighbours are equal text: moving the change by k units moves the same k units between them.
            edits[i - 1].old = edits[i - 1].old.lowerBound..<(edits[i - 1].old.upperBound + k)
            edits[i - 1].new = edits[i - 1].new.lowerBound..<(edits[i - 1].new.upperBound + k)
            edits[i + 1].old = (edits[i + 1].old.lowerBound + k)..<edits[i + 1].old.upperBound
            edits[i + 1].new = (edits[i + 1].new.lowerBound + k)..<edits[i + 1].new.upperBound
            if insert {
                edits[i].new = (range.lowerBound + k)..<(range.upperBound + k)
                edits[i].old = edits[i - 1].old.upperBound..<edits[i - 1].old.upperBound
            } else {
                edits[i].old = (range.lowerBound + k)..<(range.upperBound + k)
                edits[i].new = edits[i - 1].new.upperBound..<edits[i - 1].new.upperBound
            }
        }
        return edits.filter { !($0.kind == .equal && $0.old.isEmpty && $0.new.isEmpty) }
    }

    /// How good a place a cut between `units[i - 1]` and `units[i]` is: paragraph edges, then sentence starts and
    /// ends, then spaces, then punctuation.
    private static func score(_ units: [UInt16], _ i: Int) -> Int {
        guard i > 0, i < units.count else { return 6 }
        func isSpace(_ u: UInt16) -> Bool { u == 0x20 || u == 0x09 || u == 0x2028 }
        func ends(_ u: UInt16) -> Bool { u == 0x2E || u == 0x21 || u == 0x3F || u == 0x3002 }
        let previous = units[i - 1], next = units[i]
        if isSpace(previous) && i >= 2 && ends(units[i - 2]) { return 5 }
        if ends(previous) && isSpace(next) { return 4 }
        if isSpace(previous) || isSpace(next) { return 2 }
        let alnum = { (u: UInt16) in (0x30...0x39).contains(u) || (0x41...0x5A).contains(u) || (0x61...0x7A).contains(u) || u > 0x7F }
        return alnum(previous) && alnum(next) ? 0 : 1
    }

    /// Semantic clean-up: an equal stretch of only white space or one short token stranded between two changes is
    /// folded into them, so "the [-big-]{+red+} [-dog-]{+cat+}" reads "the [-big dog-]{+red cat+}".
    private static func cleanUp(_ edits: [DocumentDiff.TextEdit], _ oldUnits: [UInt16], _ newUnits: [UInt16]) -> [DocumentDiff.TextEdit] {
        var result: [DocumentDiff.TextEdit] = []
        var i = 0
        while i < edits.count {
            let edit = edits[i]
            let between = edit.kind == .equal && i > 0 && i + 1 < edits.count && edits[i - 1].kind != .equal && edits[i + 1].kind != .equal
            if between, case let text = Context.slice(oldUnits, edit.old.lowerBound, edit.old.upperBound), text.allSatisfy(\.isWhitespace) || text.count <= 2 {
                result.append(.init(kind: .delete, old: edit.old, new: edit.new.lowerBound..<edit.new.lowerBound))
                result.append(.init(kind: .insert, old: edit.old.upperBound..<edit.old.upperBound, new: edit.new))
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
            let deletes = pending.contains { $0.kind == .delete }, inserts = pending.contains { $0.kind == .insert }
            // White space both sides end with is not part of the change: "[-dark-]{+grey+} storm".
            var shared = 0
            if deletes && inserts {
                while shared < oldEnd - oldStart, shared < newEnd - newStart,
                    oldUnits[oldEnd - 1 - shared] == newUnits[newEnd - 1 - shared], oldUnits[oldEnd - 1 - shared] == 0x20
                {
                    shared += 1
                }
            }
            if deletes && oldEnd - shared > oldStart {
                result.append(.init(kind: .delete, old: oldStart..<(oldEnd - shared), new: newStart..<newStart))
            }
            if inserts && newEnd - shared > newStart {
                result.append(.init(kind: .insert, old: (oldEnd - shared)..<(oldEnd - shared), new: newStart..<(newEnd - shared)))
            }
            if shared > 0 {
                result.append(.init(kind: .equal, old: (oldEnd - shared)..<oldEnd, new: (newEnd - shared)..<newEnd))
            }
            pending = []
        }
        for edit in edits {
            guard edit.kind == .equal else { pending.append(edit); continue }
            flush()
            if let last = result.last, last.kind == .equal, last.old.upperBound == edit.old.lowerBound, last.new.upperBound == edit.new.lowerBound {
                result[result.count - 1].old = last.old.lowerBound..<edit.old.upperBound
                result[result.count - 1].new = last.new.lowerBound..<edit.new.upperBound
            } else {
                result.append(edit)
            }
        }
        flush()
        return result
    }
}
