/// The changes from one text to another as replacements (in the manner of ProseMirror's step maps), and how a
/// formatted range of the old text maps onto the new one.
///
/// Formatting follows its words (Peritext's rules): text inserted strictly inside a range takes its formatting; text
/// typed right after its last surviving character (or replacing the range's first or last characters) continues it
/// when the attribute expands (bold, underline, colour, fonts) and stays outside when it does not (links,
/// footnotes); text typed before a range, or replacing words beyond it, never joins it. A deletion inside a range shrinks it, and a
/// range whose every character is gone maps to nothing.
public struct ChangeMap: Sendable, Equatable {
    /// One replacement: `oldLength` UTF-16 units at `start` of the old text became `newLength` units.
    public struct Replacement: Sendable, Equatable {
        public var start: Int
        public var oldLength: Int
        public var newLength: Int

        public init(start: Int, oldLength: Int, newLength: Int) {
            self.start = start
            self.oldLength = oldLength
            self.newLength = newLength
        }

        package var oldEnd: Int { start + oldLength }
        package var delta: Int { newLength - oldLength }
    }

    /// How a formatted range treats text typed right after it.
    public enum Edges: Sendable {
        /// The text continues the range (bold, underline, colour, fonts).
        case expandsAtEnd
        /// The text stays outside (links, footnotes).
        case fixed
    }

    /// The replacements in order, none empty, none touching another (touching ones are one replacement).
    public let replacements: [Replacement]

    /// - Precondition: `replacements` are in order of `start` and do not overlap.
    public init(_ replacements: [Replacement]) {
        var merged: [Replacement] = []
        for r in replacements where r.oldLength > 0 || r.newLength > 0 {
            if let last = merged.last, last.oldEnd == r.start {
                merged[merged.count - 1] = Replacement(start: last.start, oldLength: last.oldLength + r.oldLength,
                                                       newLength: last.newLength + r.newLength)
            } else {
                merged.append(r)
            }
        }
        self.replacements = merged
    }

    /// Where the formatted range `range` of the old text lies in the new text, or nil when every character of it is
    /// gone. Text typed after the range that it continues stops at the first of `stops` (new-text positions of
    /// paragraph breaks), so formatting never runs on into a paragraph typed after it.
    public func map(_ range: Range<Int>, edges: Edges, stoppingAt stops: [Int] = []) -> Range<Int>? {
        var pieces: [Piece] = []
        var shift = 0
        var position = range.lowerBound
        func keep(upTo end: Int) {
            guard position < end else { return }
            pieces.append(Piece(new: position + shift..<end + shift, keptOldEnd: end))
            position = end
        }
        for r in replacements {
            if r.start < range.lowerBound || (r.start == range.lowerBound && r.oldLength == 0) {
                // Begins before the range (or is typed right before it): its text stays outside; what it deleted of
                // the range is gone.
                position = max(position, r.oldEnd)
                shift += r.delta
                continue
            }
            if r.start > range.upperBound { break }
            keep(upTo: min(r.start, range.upperBound))
            if r.newLength > 0 {
                pieces.append(Piece(new: r.start + shift..<r.start + shift + r.newLength, insertedAt: r.start,
                                    replacesOnlyTheRange: r.oldEnd <= range.upperBound))
            }
            shift += r.delta
            position = max(position, r.oldEnd)
            if r.start == range.upperBound { break }
        }
        keep(upTo: range.upperBound)

        guard var first = pieces.firstIndex(where: \.isKept), let last = pieces.lastIndex(where: \.isKept) else { return nil }
        // Text replacing the range's first characters joins it as text replacing its last ones does: both edges of
        // a phrase take the word typed over them alike.
        if edges == .expandsAtEnd, first > 0, pieces[first - 1].insertedAt == range.lowerBound, pieces[first - 1].replacesOnlyTheRange {
            first -= 1
        }
        var upper = pieces[last].new.upperBound
        if edges == .expandsAtEnd, last + 1 < pieces.count, pieces[last + 1].insertedAt == pieces[last].keptOldEnd,
            pieces[last + 1].replacesOnlyTheRange
        {
            let typed = pieces[last + 1].new
            upper = stops.first { typed.contains($0) } ?? typed.upperBound
        }
        return pieces[first].new.lowerBound..<upper
    }

    /// The stretches of the new text that are characters of the old `range`, kept.
    public func keptStretches(in range: Range<Int>) -> [Range<Int>] {
        var stretches: [Range<Int>] = []
        var shift = 0
        var position = range.lowerBound
        for r in replacements {
            if r.oldEnd <= position && r.start < position || r.oldEnd < position {
                shift += r.delta
                continue
            }
            if r.start >= range.upperBound { break }
            if position < r.start { stretches.append(position + shift..<r.start + shift) }
            position = max(position, r.oldEnd)
            shift += r.delta
        }
        if position < range.upperBound { stretches.append(position + shift..<range.upperBound + shift) }
        return stretches
    }

    /// The stretches of the old `range` whose characters are kept (in old positions).
    public func keptOldStretches(in range: Range<Int>) -> [Range<Int>] {
        var stretches: [Range<Int>] = []
        var position = range.lowerBound
        for r in replacements where r.oldLength > 0 && r.oldEnd > position {
            if r.start >= range.upperBound { break }
            if position < r.start { stretches.append(position..<r.start) }
            position = max(position, r.oldEnd)
        }
        if position < range.upperBound { stretches.append(position..<range.upperBound) }
        return stretches
    }

    /// The stretches of the new text that replacements inserted.
    public var insertedStretches: [Range<Int>] {
        var shift = 0
        return replacements.compactMap { r in
            defer { shift += r.delta }
            return r.newLength > 0 ? r.start + shift..<r.start + shift + r.newLength : nil
        }
    }

    /// A stretch of the new text around a range: characters kept from the old text, or text a replacement inserted.
    private struct Piece {
        var new: Range<Int>
        /// For kept characters: the old position just after them.
        var keptOldEnd: Int?
        /// For inserted text: the old position it was inserted at.
        var insertedAt: Int?
        /// For inserted text: whether what it replaced (if anything) lay inside the range.
        var replacesOnlyTheRange = false

        init(new: Range<Int>, keptOldEnd: Int) {
            self.new = new
            self.keptOldEnd = keptOldEnd
        }

        init(new: Range<Int>, insertedAt: Int, replacesOnlyTheRange: Bool) {
            self.new = new
            self.insertedAt = insertedAt
            self.replacesOnlyTheRange = replacesOnlyTheRange
        }

        var isKept: Bool { keptOldEnd != nil }
    }
}
