import MsxTestSupport
import XCTest
@testable import MsxModel

/// Random concurrent edit scripts on both sides of one document (words replaced, typed and
/// deleted; paragraphs added, deleted, moved, split and joined; words coloured): no word either side kept is lost,
/// no colour either side set on surviving words is lost, and merging the other way round gives the same words.
final class DocumentMergePropertyTests: SeededTestCase {
    /// A document as paragraphs of unique words (each word one token, so every word can be followed; `ProseWords`,
    /// as long and as varied as prose's, since moved text is recognised from 16 characters on).
    private struct Draft {
        var paragraphs: [[String]]
        var coloured: [String: String] = [:]

        var markdown: String { paragraphs.map { $0.joined(separator: " ") }.joined(separator: "\n\n") + "\n" }

        var version: DocumentMerge.Version {
            var formatting = DocumentFormatting(paragraphCount: paragraphs.count)
            for (k, words) in paragraphs.enumerated() {
                var offset = 0
                for word in words {
                    if let colour = coloured[word] { formatting.paragraphs[k].set([.foregroundColor: .string(colour)], over: offset..<offset + word.utf16.count) }
                    offset += word.utf16.count + 1
                }
            }
            let sidecar = formatting.sidecar(texts: paragraphs.map { $0.joined(separator: " ") })
            return .init(markdown: markdown, sidecar: sidecar.isEmpty ? nil : sidecar)
        }

        var words: [String] { paragraphs.flatMap { $0 } }
    }

    private func edit(_ draft: inout Draft, side: String, random: inout SeededGenerator) {
        var fresh = 0
        // Each side types words of its own: numbers from 100,000 (ours) and 200,000 (theirs), the base's below.
        func newWord() -> String { fresh += 1; return ProseWords.word((side == "o" ? 100_000 : 200_000) + fresh) }
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            guard !draft.paragraphs.isEmpty else { draft.paragraphs.append([newWord()]); continue }
            let k = Int.random(in: 0..<draft.paragraphs.count, using: &random)
            let count = draft.paragraphs[k].count
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1: if count > 0 { draft.paragraphs[k][Int.random(in: 0..<count, using: &random)] = newWord() }
            case 2, 3: draft.paragraphs[k].insert(newWord(), at: Int.random(in: 0...count, using: &random))
            case 4: if count > 1 { draft.paragraphs[k].remove(at: Int.random(in: 0..<count, using: &random)) }
            case 5:
                let paragraph = draft.paragraphs.remove(at: k)
                draft.paragraphs.insert(paragraph, at: Int.random(in: 0...draft.paragraphs.count, using: &random))
            case 6:
                if count > 3 {
                    let cut = Int.random(in: 1..<count, using: &random)
                    let tail = Array(draft.paragraphs[k][cut...])
                    draft.paragraphs[k].removeSubrange(cut...)
                    draft.paragraphs.insert(tail, at: k + 1)
                }
            case 7:
                if k + 1 < draft.paragraphs.count { draft.paragraphs[k] += draft.paragraphs.remove(at: k + 1) }
            default:
                draft.paragraphs.insert((0..<Int.random(in: 3...8, using: &random)).map { _ in newWord() },
                                        at: Int.random(in: 0...draft.paragraphs.count, using: &random))
            }
        }
        draft.paragraphs.removeAll { $0.isEmpty }
        let words = draft.words
        for _ in 0..<Int.random(in: 0...3, using: &random) where !words.isEmpty {
            draft.coloured[words.randomElement(using: &random)!] = side == "o" ? "#aa0000" : "#0000aa"
        }
    }

    func testNoWordOrColourIsLostAndTheMergeIsSymmetric() {
        var random = seededGenerator(1313)
        var conflictFree = 0, sameOrder = 0, colouredWords = 0, lostColours = 0
        let rounds = scaled(400)
        for round in 0..<rounds {
            var next = 0
            let base = Draft(paragraphs: (0..<Int.random(in: 1...6, using: &random)).map { _ in
                (0..<Int.random(in: 2...10, using: &random)).map { _ in next += 1; return ProseWords.word(next) }
            })
            var ours = base, theirs = base
            edit(&ours, side: "o", random: &random)
            edit(&theirs, side: "t", random: &random)
            let merged = DocumentMerge.merge(base: base.version, ours: ours.version, theirs: theirs.version)
            let swapped = DocumentMerge.merge(base: base.version, ours: theirs.version, theirs: ours.version)
            let words = Set(MarkdownDocument(merged.markdown).blocks.flatMap { $0.text.split(separator: " ").map(String.init) })
            let inConflicts = Set(merged.conflicts.filter { $0.kind != .formatting }.flatMap { TextMerge.tokens($0.ours + " " + $0.theirs) })
            let context = "round \(round): coloured base \(base.coloured) ours \(ours.coloured) theirs \(theirs.coloured)\nbase \(base.paragraphs)\nours \(ours.paragraphs)\ntheirs \(theirs.paragraphs)\nmerged \(merged.markdown.debugDescription)\nconflicts \(merged.conflicts.map { ($0.kind, $0.base, $0.ours, $0.theirs) })"
            // Words kept by both sides are in the file; words either side wrote are in the file or in a conflict.
            for word in Set(ours.words).intersection(theirs.words) {
                XCTAssertTrue(words.contains(word), "\(word) lost, \(context)")
            }
            for word in Set(ours.words + theirs.words).subtracting(base.words) {
                XCTAssertTrue(words.contains(word) || inConflicts.contains(word), "new \(word) lost, \(context)")
            }
            // A colour one side set on a word that survives, and the other side did not set, is on the word.
            let found = merged.wordColours
            for (draft, other) in [(ours, theirs), (theirs, ours)] {
                for (word, colour) in draft.coloured where other.coloured[word] == nil && words.contains(word) {
                    colouredWords += 1
                    guard found[word] ?? nil != colour else { continue }
                    // Never another colour; a colour dropped is counted. The residue (about 0.2% at MSX_TEST_SCALE=10,
                    // nearly all in merges with a conflict, where a passage is in the file once and in the conflict
                    // again) is where the character alignment lost the words and they are not unique enough to be
                    // placed by their own.
                    XCTAssertNil(found[word] ?? nil, "colour of \(word), \(context)")
                    lostColours += 1
                    // A merge without conflicts loses none: each word has its writer's formatting.
                    XCTAssertFalse(merged.conflicts.isEmpty, "colour of \(word) lost in a merge without conflicts, \(context)")
                }
            }
            // Both ways round, without conflicts: the same words (and mostly the same order; new paragraphs of both
            // sides at one place are ordered by their text, paragraphs moved on both sides go where this side put them).
            let swappedWords = Set(MarkdownDocument(swapped.markdown).blocks.flatMap { $0.text.split(separator: " ").map(String.init) })
            if merged.conflicts.isEmpty && swapped.conflicts.isEmpty {
                conflictFree += 1
                XCTAssertEqual(words, swappedWords, context)
                if merged.markdown == swapped.markdown { sameOrder += 1 }
            }
        }
        print("document merge: \(conflictFree) of \(rounds) merges without conflicts; \(sameOrder) of those in the same order "
            + "both ways; \(lostColours) of \(colouredWords) coloured words lost their colour")
        XCTAssertLessThanOrEqual(lostColours * 200, colouredWords, "more than 0.5% of coloured words lost their colour")
    }
}
