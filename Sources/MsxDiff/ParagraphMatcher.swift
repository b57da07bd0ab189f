import MsxModel

/// Pairs the paragraphs of two versions: unchanged ones by their text, edited ones by similarity, moved ones
/// wherever they went.
enum ParagraphMatcher {
    enum Pair: Equatable {
        case same(Int, Int)
        case edited(Int, Int, moved: Bool)
        case added(Int)
        case removed(Int)
    }

    static func match(_ old: [String], _ new: [String]) -> [Pair] {
        let bags = WordBags(old: old, new: new)
        var pairs: [Pair] = []
        var removed: [Int] = []
        var added: [Int] = []
        // Compared by their bytes: canonically equivalent spellings (é and e + accent) are different bytes.
        let steps = PatienceDiff.diff(old.map(TextBytesKey.init), new.map(TextBytesKey.init))
        for step in steps {
            switch step {
            case .equal(let o, let n):
                flush(&pairs, &removed, &added, bags)
                for (i, j) in zip(o, n) { pairs.append(.same(i, j)) }
            case .delete(let o, _): removed += Array(o)
            case .insert(let n, _): added += Array(n)
            }
        }
        flush(&pairs, &removed, &added, bags)
        return recogniseMoves(pairs, old, new, bags)
    }

    /// Within one changed stretch, pairs deleted and inserted paragraphs that share most of their words, in order.
    private static func flush(_ pairs: inout [Pair], _ removed: inout [Int], _ added: inout [Int], _ bags: WordBags) {
        // Paragraphs' words are listed as they are compared; those of paragraphs paired here are not needed again
        // (moves and leftovers are looked for among the unpaired), so a long manuscript's lists are never all held.
        var next = 0
        for o in removed {
            var best: (index: Int, score: Double)?
            for k in next..<added.count {
                let score = bags.similarity(old: o, new: added[k])
                if score >= 0.5, best == nil || score > best!.score { best = (k, score) }
            }
            if let best {
                for k in next..<best.index { pairs.append(.added(added[k])) }
                pairs.append(.edited(o, added[best.index], moved: false))
                bags.forget(old: o, new: added[best.index])
                next = best.index + 1
            } else {
                pairs.append(.removed(o))
            }
        }
        for k in next..<added.count { pairs.append(.added(added[k])) }
        removed = []
        added = []
    }

    /// A paragraph deleted in one place and inserted, the same or nearly, in another is a move.
    private static func recogniseMoves(_ pairs: [Pair], _ old: [String], _ new: [String], _ bags: WordBags) -> [Pair] {
        var result = pairs
        var usedAdded = Set<Int>()
        for (i, pair) in pairs.enumerated() {
            guard case .removed(let o) = pair, !old[o].trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            var best: (position: Int, n: Int, score: Double)?
            for (j, other) in result.enumerated() {
                guard case .added(let n) = other, !usedAdded.contains(n) else { continue }
                let score = old[o].utf16.elementsEqual(new[n].utf16) ? 1 : bags.similarity(old: o, new: n)
                if score >= 0.8, best == nil || score > best!.score { best = (j, n, score) }
            }
            guard let best else { continue }
            usedAdded.insert(best.n)
            result[best.position] = .edited(o, best.n, moved: true)
            result[i] = .removed(-1)
        }
        return pairLeftovers(result.filter { $0 != .removed(-1) }, bags)
    }

    /// A deleted and an inserted paragraph still unpaired but sharing half their words are one paragraph, edited:
    /// a rewrite next to a move is an edit, not a deletion and an insertion.
    private static func pairLeftovers(_ pairs: [Pair], _ bags: WordBags) -> [Pair] {
        var result = pairs
        for (i, pair) in pairs.enumerated() {
            guard case .removed(let o) = pair else { continue }
            var best: (position: Int, n: Int, score: Double)?
            for (j, other) in result.enumerated() {
                guard case .added(let n) = other else { continue }
                let score = bags.similarity(old: o, new: n)
                if score >= 0.5, best == nil || score > best!.score { best = (j, n, score) }
            }
            guard let best else { continue }
            result[best.position] = .edited(o, best.n, moved: false)
            result[i] = .removed(-1)
        }
        return result.filter { $0 != .removed(-1) }
    }

}

/// Each paragraph's words, listed once (pairing compares a paragraph with many others) as numbers, repeats kept, so
/// that two paragraphs' shared words are counted in one pass over each list, with no table of words per paragraph.
final class WordBags {
    private let old: [String], new: [String]
    /// Each paragraph's words as numbers, in the paragraph's order, one number for each distinct word.
    private var oldBags: [Int: [Int]] = [:], newBags: [Int: [Int]] = [:]
    /// How often each word (by number) is in the old paragraph being compared; all zero between comparisons.
    private var counts: [Int] = []
    /// The number of each word met so far, by String equality (words written with canonically equivalent
    /// characters are one word): two bags are then compared number by number, where comparing the words
    /// themselves cost more than reading them.
    private var numbers = WordNumbers()

    init(old: [String], new: [String]) {
        self.old = old
        self.new = new
    }

    /// The share of words two paragraphs have in common (Dice coefficient over word multisets).
    func similarity(old o: Int, new n: Int) -> Double {
        let a = bag(&oldBags, o, old), b = bag(&newBags, n, new)
        let total = a.count + b.count
        guard total > 0 else { return 1 }
        if counts.count < numbers.count { counts += repeatElement(0, count: numbers.count - counts.count) }
        // Counted in a buffer of their own: the class's array, read in the loop, is checked at every access.
        let common = counts.withUnsafeMutableBufferPointer { counts in
            for word in a { counts[word] += 1 }
            var common = 0
            for word in b where counts[word] > 0 {
                counts[word] -= 1
                common += 1
            }
            for word in a { counts[word] = 0 }
            return common
        }
        return Double(2 * common) / Double(total)
    }

    /// Forgets the words of two paragraphs paired with each other.
    func forget(old o: Int, new n: Int) {
        oldBags[o] = nil
        newBags[n] = nil
    }

    private func bag(_ cache: inout [Int: [Int]], _ i: Int, _ texts: [String]) -> [Int] {
        if let bag = cache[i] { return bag }
        let bag = bag(of: texts[i])
        cache[i] = bag
        return bag
    }

    /// A paragraph's words as their numbers: plain prose read from its bytes, other text from its tokens.
    private func bag(of text: String) -> [Int] {
        var copy = text, bag: [Int] = []
        // The numbers are taken out of the object while a paragraph is read: a stored property changed for every word
        // has its exclusive access checked at every word, which cost a sixth of the reading.
        var numbers = WordNumbers()
        swap(&numbers, &self.numbers)
        defer { swap(&numbers, &self.numbers) }
        let read = copy.withUTF8 { bytes in Tokenizer.simpleWords(bytes) { bag.append(numbers.number(ofBytes: $0)) } }
        if !read { bag = Tokenizer.words(text).map { numbers.number($0) } }
        return bag
    }
}

/// A paragraph's text as a dictionary key, compared by its bytes and hashed once (alignment looks each key up
/// several times). The text is shared, not copied: a long manuscript's paragraphs are not held twice.
struct TextBytesKey: Hashable {
    let text: String
    private let hash: Int

    init(_ text: String) {
        self.text = text
        var bytes = text
        hash = bytes.withUTF8(Self.hash)
    }

    /// Where each process's hashes start: a text cannot be written to collide with another on every run.
    private static let seed = UInt64.random(in: .min ... .max)

    /// The bytes folded eight at a time by multiplying (every paragraph of both versions is hashed whole, and the
    /// standard library's hasher reads a byte at a time), the length and the bytes after the last eight included;
    /// the 64 bits are then given to `Hasher`, which spreads them over the table.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        func fold(_ hash: UInt64, _ word: UInt64) -> UInt64 {
            let mixed = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            return mixed ^ (mixed &>> 32)
        }
        var folded = fold(seed, UInt64(bytes.count))
        var i = 0
        while i + 8 <= bytes.count {
            folded = fold(folded, UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)))
            i += 8
        }
        var tail: UInt64 = 0
        for byte in bytes[i...] { tail = tail << 8 | UInt64(byte) }
        var hasher = Hasher()
        hasher.combine(fold(folded, tail))
        return hasher.finalize()
    }

    static func == (a: TextBytesKey, b: TextBytesKey) -> Bool { a.hash == b.hash && ByteSearch.sameBytes(a.text, b.text) }
    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
