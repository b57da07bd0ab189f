/// Which base paragraphs are merged together as one text, and which group each side's blocks belong to.
///
/// A block belongs to the base paragraphs whose own words it holds (words found in no other base paragraph): a
/// block holding the words of two is a join, two blocks holding the words of one are a split, a block holding a
/// paragraph's words elsewhere is a move. Base paragraphs one block brings together form one group. Three such words
/// tell (or two, when they are half of a short paragraph's): one word in common is chance. A block with too few
/// (a short line of common words) takes the paragraph the character alignment paired it with, when they share half
/// their words; otherwise it is new.
struct ParagraphGroups {
    private var parent: [Int]
    /// Each word found in exactly one base paragraph, with that paragraph.
    private let homes: [String: Int]
    /// How many such words each base paragraph has.
    private let ownWords: [Int]
    /// Each base paragraph's words.
    private let baseWords: [[String: Int]]

    init(base: [String], words: (String) -> [String]) {
        parent = Array(base.indices)
        baseWords = base.map { paragraph in words(paragraph).reduce(into: [:]) { $0[$1, default: 0] += 1 } }
        var homes: [String: Int] = [:]
        for (k, counts) in baseWords.enumerated() {
            for word in counts.keys { homes[word] = homes[word] == nil ? k : -1 }
        }
        self.homes = homes.filter { $0.value >= 0 }
        var own = [Int](repeating: 0, count: base.count)
        for home in self.homes.values { own[home] += 1 }
        ownWords = own
    }

    /// The group of base paragraph `paragraph` (its lowest member).
    mutating func root(_ paragraph: Int) -> Int {
        var i = paragraph
        while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
        return i
    }

    private mutating func join(_ paragraphs: [Int]) {
        for other in paragraphs.dropFirst() {
            let (a, b) = (root(paragraphs[0]), root(other))
            parent[max(a, b)] = min(a, b)
        }
    }

    /// For each of a side's blocks, a base paragraph it comes from (nil when new); joins the base paragraphs the
    /// blocks bring together.
    mutating func sources(of blocks: [String], alignment: TextAlignment, words: (String) -> [String]) -> [Int?] {
        var paired = [Int?](repeating: nil, count: blocks.count)
        for segment in alignment.segments {
            guard let first = segment.old.first else { continue }
            for block in segment.new { paired[block] = first }
        }
        return blocks.enumerated().map { b, block in
            let blockWords = words(block)
            var shared: [Int: Int] = [:]
            for word in Set(blockWords) { if let home = homes[word] { shared[home, default: 0] += 1 } }
            // Three own words, or two that are half of a short paragraph's, say where a block's text comes from.
            let homes = shared.filter { $0.value >= 3 || ($0.value == 2 && 2 * $0.value >= ownWords[$0.key]) }.keys.sorted()
            guard !homes.isEmpty else { return paired[b].flatMap { sharesHalf(blockWords, $0) ? $0 : nil } }
            join(homes)
            return homes[0]
        }
    }

    /// Whether a block and a base paragraph share half the words of either (a pairing worth following).
    private func sharesHalf(_ blockWords: [String], _ paragraph: Int) -> Bool {
        var left = baseWords[paragraph], shared = 0
        for word in blockWords where left[word, default: 0] > 0 {
            left[word]! -= 1
            shared += 1
        }
        let paragraphCount = baseWords[paragraph].values.reduce(0, +)
        return 2 * shared >= min(blockWords.count, paragraphCount) && shared > 0 || blockWords.isEmpty && paragraphCount == 0
    }
}
