import MsxModel

/// A sentence deleted in one place and inserted, word for word, in another (in the same paragraph or another one):
/// shown as a move, its words counted as moved rather than removed and added.
public struct SentenceMove: Sendable, Equatable {
    public var oldParagraph: Int
    public var newParagraph: Int
    /// UTF-16 ranges of the sentence (without the white space around it) in the old and the new paragraph.
    public var old: Range<Int>
    public var new: Range<Int>
    public var text: String
}

extension DocumentDiff {
    /// Sentences of at least `minimumWords` words that a change deletes somewhere and inserts elsewhere: shown as
    /// moves, their words counted as moved.
    mutating func recogniseSentenceMoves(old: [String], new: [String]) {
        for move in Self.sentenceMoves(operations, structure, old: old, new: new) {
            let words = WordCount.count(move.text)
            sentenceMoves.append(move)
            wordsAdded -= words
            wordsRemoved -= words
            wordsMoved += words
        }
    }

    /// The sentences of at least `minimumWords` words that `operations` delete somewhere and insert elsewhere.
    static func sentenceMoves(_ operations: [ParagraphOperation], _ structure: [StructureChange], old: [String], new: [String],
                              minimumWords: Int = 4) -> [SentenceMove] {
        // A split's or join's sentences changed paragraph by design: they are not moves.
        let splitOld = Set(structure.flatMap(\.oldParagraphs)), splitNew = Set(structure.flatMap(\.newParagraphs))
        // The stretches each side could hold a moved sentence in, gathered before any is read sentence by sentence: a
        // move needs a sentence on both sides, and a change that only adds (or only takes away) text has none to read.
        var deletedStretches: [(paragraph: Int, text: Substring, base: Int)] = []
        var insertedStretches: [(paragraph: Int, text: Substring, base: Int)] = []
        for operation in operations {
            switch operation {
            case .modify(let o, let n, let edits), .move(let o, let n, let edits):
                guard !splitOld.contains(o), !splitNew.contains(n) else { continue }
                for edit in edits where edit.kind == .delete { deletedStretches.append((o, edit.characters, edit.old.lowerBound)) }
                for edit in edits where edit.kind == .insert { insertedStretches.append((n, edit.characters, edit.new.lowerBound)) }
            case .delete(let o) where !splitOld.contains(o):
                deletedStretches.append((o, old[o][...], 0))
            case .insert(let n) where !splitNew.contains(n):
                insertedStretches.append((n, new[n][...], 0))
            default:
                continue
            }
        }
        // A stretch of fewer words than a move needs holds no sentence that could be one (a sentence's words are
        // among its stretch's): most edits are a word or two, and are not read sentence by sentence.
        deletedStretches.removeAll { WordCount.count($0.text) < minimumWords }
        guard !deletedStretches.isEmpty else { return [] }
        insertedStretches.removeAll { WordCount.count($0.text) < minimumWords }
        guard !insertedStretches.isEmpty else { return [] }
        var deleted: [String: [(paragraph: Int, range: Range<Int>)]] = [:]
        for stretch in deletedStretches {
            for (range, text) in Self.sentences(of: String(stretch.text), at: stretch.base) {
                deleted[text, default: []].append((stretch.paragraph, range))
            }
        }
        var inserted: [(paragraph: Int, range: Range<Int>, text: String)] = []
        for stretch in insertedStretches {
            inserted += Self.sentences(of: String(stretch.text), at: stretch.base).map { (stretch.paragraph, $0.0, $0.1) }
        }
        var moves: [SentenceMove] = []
        for sentence in inserted {
            guard var places = deleted[sentence.text], !places.isEmpty else { continue }
            let words = WordCount.count(sentence.text)
            guard words >= minimumWords else { continue }
            let from = places.removeFirst()
            deleted[sentence.text] = places
            moves.append(SentenceMove(oldParagraph: from.paragraph, newParagraph: sentence.paragraph, old: from.range,
                                      new: sentence.range, text: sentence.text))
        }
        return moves
    }

    /// The whole sentences in a stretch of text (white space trimmed), with their ranges offset by `base`.
    private static func sentences(of text: String, at base: Int) -> [(Range<Int>, String)] {
        Tokenizer.pieces(text, by: .sentence).compactMap { token in
            let units = UTF16Text.units(token.text)
            var lower = 0, upper = units.count
            while lower < upper, units[lower] == 0x20 || units[lower] == 0x09 || units[lower] == 0x2028 { lower += 1 }
            while upper > lower, units[upper - 1] == 0x20 || units[upper - 1] == 0x09 || units[upper - 1] == 0x2028 { upper -= 1 }
            guard lower < upper else { return nil }
            let range = (base + token.range.lowerBound + lower)..<(base + token.range.lowerBound + upper)
            return (range, UTF16Text.string(units[lower..<upper]))
        }
    }
}
