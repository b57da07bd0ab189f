import Foundation

/// Words added and removed between two texts, counted as a writer would: each word's count before and after
/// (moving a sentence adds and removes nothing), words being `WordCount`'s. This is the one rule by which diff,
/// snapshot trailers, log and stats count changes, so that `added - removed` is always the change in the count.
package enum WordDelta {
    /// The words of a text, counted the same way.
    package static func count(_ text: String) -> Int { WordCount.count(text) }

    package static func between(_ old: String, _ new: String) -> (added: Int, removed: Int) { between([(old, new)]) }

    /// The words added and removed between the old texts and the new ones, taken together (a word that leaves one
    /// pair and arrives in another is neither): each pair's texts are cut to the stretches they differ in first, so
    /// a document's paragraphs, each paired with what it became ("" for one added or deleted), are counted where
    /// they changed.
    package static func between(_ pairs: [(old: String, new: String)]) -> (added: Int, removed: Int) {
        let middles = pairs.map { differingStretches($0.old, $0.new) }
        // Words only added (or only removed), as when a chapter grows by a scene, cancel nothing: they are counted.
        if middles.allSatisfy({ $0.0.isEmpty }) { return (middles.reduce(0) { $0 + WordCount.count($1.1) }, 0) }
        if middles.allSatisfy({ $0.1.isEmpty }) { return (0, middles.reduce(0) { $0 + WordCount.count($1.0) }) }
        // Each word's count on either side, by the word's number (words equal as Strings are share one).
        var numbers = WordNumbers()
        var before: [Int] = [], after: [Int] = []
        for (oldMiddle, newMiddle) in middles {
            count(oldMiddle, into: &before, &numbers)
            count(newMiddle, into: &after, &numbers)
        }
        var added = 0, removed = 0
        for number in 0..<numbers.count {
            let was = number < before.count ? before[number] : 0, now = number < after.count ? after[number] : 0
            added += max(0, now - was)
            removed += max(0, was - now)
        }
        return (added, removed)
    }

    /// The two texts without the stretch they begin with alike and the one they end with alike, each cut at a space
    /// or line break: the words there are the same on both sides and cancel out, so a long chapter edited in one
    /// place is counted in that place. A cut is made only where an ASCII space or line break meets ASCII text (no mark
    /// can join what follows to it), so the words on either side of it are the words of the whole.
    static func differingStretches(_ old: String, _ new: String) -> (Substring, Substring) {
        var (old, new) = (old, new)
        let cuts = old.withUTF8 { a in
            new.withUTF8 { b -> (prefix: Int, oldEnd: Int, newEnd: Int) in
                func isBreak(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") }
                let shorter = min(a.count, b.count)
                var same = 0
                while same < shorter && a[same] == b[same] { same += 1 }
                // The prefix ends just after a break that follows ASCII (or the start) and comes before ASCII (or the
                // end) on both sides: no mark after it, and no prepended sign before it, makes it part of a word.
                var prefix = same
                while prefix > 0 && !(isBreak(a[prefix - 1]) && (prefix == 1 || a[prefix - 2] < 0x80)
                                      && (prefix == a.count || a[prefix] < 0x80) && (prefix == b.count || b[prefix] < 0x80)) {
                    prefix -= 1
                }
                var suffix = 0
                while suffix < shorter - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
                // The suffix starts with a break that follows ASCII (or the start) on both sides: a space or line
                // break starts a character of its own there (after a prepended sign it would not).
                func afterASCII(_ text: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool { start == 0 || text[start - 1] < 0x80 }
                while suffix > 0 && !(isBreak(a[a.count - suffix]) && afterASCII(a, a.count - suffix) && afterASCII(b, b.count - suffix)) {
                    suffix -= 1
                }
                return (prefix, a.count - suffix, b.count - suffix)
            }
        }
        func stretch(_ text: String, _ start: Int, _ end: Int) -> Substring {
            text[text.utf8.index(text.utf8.startIndex, offsetBy: start)..<text.utf8.index(text.utf8.startIndex, offsetBy: end)]
        }
        return (stretch(old, cuts.prefix, cuts.oldEnd), stretch(new, cuts.prefix, cuts.newEnd))
    }

    /// Adds each word of `text` (`WordCount`'s) to how often it occurs, by its number.
    private static func count(_ text: Substring, into counts: inout [Int], _ numbers: inout WordNumbers) {
        var text = text
        text.withUTF8 { bytes in
            WordCount.forEachWord(in: bytes) { range in
                let number = numbers.number(ofBytes: UnsafeBufferPointer(rebasing: bytes[range]))
                if number >= counts.count { counts += repeatElement(0, count: number + 1 - counts.count) }
                counts[number] += 1
            }
        }
    }
}
