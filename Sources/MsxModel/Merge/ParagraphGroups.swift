/// Which base paragraphs are merged together as one text, and which group each side's blocks belong to.
///
/// A block belongs to the base paragraphs whose own words it holds (words found in no other base paragraph): a
/// block holding the words of two is a join, two blocks holding the words of one are a split, a block holding a
/// paragraph's words elsewhere is a move. Base paragraphs one block brings together form one group. A block with
/// too few such words to tell (a short line of common words) takes the paragraph the character alignment paired it
/// with, if any; otherwise it is new.
struct ParagraphGroups {
    private var parent: [Int]
    /// Each word found in exactly one base paragraph, with that paragraph.
    private let homes: [String: Int]
    /// How many such words each base paragraph has.
    private let ownWords: [Int]

    init(base: [String], words: (String) -> [String]) {
        parent = Array(base.indices)
        var homes: [String: Int] = [:]
        for (k, paragraph) in base.enumerated() {
            for word in Set(words(paragraph)) { homes[word] = homes[word] == nil ? k : -1 }
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
            var shared: [Int: Int] = [:]
            for word in Set(words(block)) { if let home = homes[word] { shared[home, default: 0] += 1 } }
            // Two own words, or half of a short paragraph's, say where a block's text comes from.
            let homes = shared.filter { $0.value >= min(2, max(1, (ownWords[$0.key] + 1) / 2)) }.keys.sorted()
            guard !homes.isEmpty else { return paired[b] }
            join(homes)
            return homes[0]
        }
    }
}
