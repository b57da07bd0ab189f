import MsxTestSupport
import XCTest
@testable import MsxModel

/// The merge contract (`docs/merge.md`) against an exact oracle that knows nothing of how msx merges: random prose
/// documents with coloured words, two random edit scripts recorded in base coordinates (words replaced, typed and
/// deleted; paragraphs added; words recoloured). The oracle groups the edits of both sides that overlap or touch
/// (no unchanged word between them; new paragraphs at one place); a group of one side's edits, or of edits both
/// sides made alike, applies once; any other group is a conflict whose `--ours` and `--theirs` resolutions are that
/// side's edits there.
final class MergeContractPropertyTests: SeededTestCase {
    /// One edit in base coordinates: words `range` of paragraph `paragraph` become `words`; or, when `range` is nil,
    /// new paragraphs `paragraphs` go before base paragraph `paragraph` (after the last, at the paragraph count).
    private struct Edit: Equatable {
        var paragraph: Int
        var range: Range<Int>?
        var words: [String] = []
        var paragraphs: [[String]] = []

        /// The closed interval of word gaps an edit spans: edits whose intervals meet touch.
        var gaps: ClosedRange<Int>? { range.map { $0.lowerBound...$0.upperBound } }
    }

    private struct Script {
        var edits: [Edit] = []
        /// Base words recoloured, and new words typed in a colour.
        var colours: [String: String] = [:]
    }

    private struct Document {
        var paragraphs: [[String]]
        var colours: [String: String]

        var version: DocumentMerge.Version {
            let texts = paragraphs.map { $0.joined(separator: " ") }
            var formatting = DocumentFormatting(paragraphCount: paragraphs.count)
            for (k, words) in paragraphs.enumerated() {
                var offset = 0
                for word in words {
                    if let colour = colours[word] {
                        formatting.paragraphs[k].set([.foregroundColor: .string(colour)], over: offset..<offset + word.utf16.count)
                    }
                    offset += word.utf16.count + 1
                }
            }
            let sidecar = formatting.sidecar(texts: texts)
            return .init(markdown: texts.joined(separator: "\n\n") + "\n", sidecar: sidecar.isEmpty ? nil : sidecar)
        }
    }

    // MARK: The oracle

    /// A group of edits that overlap or touch, with the side each came from.
    private struct Group {
        var ours: [Edit] = []
        var theirs: [Edit] = []
        var isConflict: Bool { !ours.isEmpty && !theirs.isEmpty && ours != theirs }
    }

    /// The groups of one paragraph's word edits, or of one gap's new paragraphs, in base order.
    private func groups(_ ours: [Edit], _ theirs: [Edit]) -> [Group] {
        var groups: [Group] = []
        var tagged = (ours.map { ($0, true) } + theirs.map { ($0, false) })
        tagged.sort { a, b in
            let (x, y) = (a.0.gaps ?? a.0.paragraph...a.0.paragraph, b.0.gaps ?? b.0.paragraph...b.0.paragraph)
            return x.lowerBound != y.lowerBound ? x.lowerBound < y.lowerBound : x.upperBound < y.upperBound
        }
        var reach = Int.min
        for (edit, isOurs) in tagged {
            let span = edit.gaps ?? edit.paragraph...edit.paragraph
            if groups.isEmpty || span.lowerBound > reach { groups.append(Group()) }
            if isOurs { groups[groups.count - 1].ours.append(edit) } else { groups[groups.count - 1].theirs.append(edit) }
            reach = max(reach, span.upperBound)
        }
        return groups
    }

    /// The document every side's edits give, each conflict group settled as `choice` says.
    private func expected(base: Document, ours: Script, theirs: Script, choice: ConflictChoice) -> (paragraphs: [[String]], conflicts: Int) {
        var conflicts = 0
        func chosen(_ group: Group) -> [Edit] {
            guard group.isConflict else { return group.ours.isEmpty ? group.theirs : group.ours }
            conflicts += 1
            return choice == .ours ? group.ours : group.theirs
        }
        var result: [[String]] = []
        for k in 0...base.paragraphs.count {
            let insertions = groups(ours.edits.filter { $0.range == nil && $0.paragraph == k },
                                    theirs.edits.filter { $0.range == nil && $0.paragraph == k })
            for group in insertions { result += chosen(group).flatMap(\.paragraphs) }
            guard k < base.paragraphs.count else { break }
            var words = base.paragraphs[k]
            let edits = groups(ours.edits.filter { $0.range != nil && $0.paragraph == k },
                               theirs.edits.filter { $0.range != nil && $0.paragraph == k }).flatMap(chosen)
            for edit in edits.sorted(by: { $0.range!.lowerBound > $1.range!.lowerBound || ($0.range!.lowerBound == $1.range!.lowerBound && !$0.range!.isEmpty) }) {
                words.replaceSubrange(edit.range!, with: edit.words)
            }
            result.append(words)
        }
        return (result, conflicts)
    }

    // MARK: Random documents and scripts

    private func randomScript(for base: Document, side: Int, copying other: Script?, random: inout SeededGenerator) -> Script {
        var script = Script(), fresh = side * 100_000
        func newWords(_ count: Int) -> [String] { (0..<count).map { _ in fresh += 1; return ProseWords.word(fresh) } }
        for (k, words) in base.paragraphs.enumerated() {
            // Edits at least one unchanged word apart, leaving half the paragraph's words (three at least) and its first.
            var position = Int.random(in: 0...3, using: &random)
            while position < words.count, Bool.random(using: &random) {
                let length = min(Int.random(in: 0...3, using: &random), words.count - position)
                let kind = Int.random(in: 0..<3, using: &random)
                let replacement = kind == 0 && length > 0 && position > 0 ? [] : newWords(Int.random(in: 1...3, using: &random))
                let edit = Edit(paragraph: k, range: position..<position + length, words: replacement)
                guard keepsHalf(script.edits + [edit], of: base) else { break }
                script.edits.append(edit)
                position += length + 1 + Int.random(in: 0...6, using: &random)
            }
        }
        for _ in 0..<Int.random(in: 0...1, using: &random) {
            let count = Int.random(in: 1...2, using: &random)
            script.edits.append(Edit(paragraph: Int.random(in: 0...base.paragraphs.count, using: &random), range: nil,
                                     paragraphs: (0..<count).map { _ in newWords(Int.random(in: 4...8, using: &random)) }))
        }
        // Some of the other side's edits made alike, where they touch none of this side's.
        if let other, Bool.random(using: &random) {
            for edit in other.edits where Int.random(in: 0..<3, using: &random) == 0 {
                let clashes = script.edits.contains { mine in
                    guard mine.paragraph == edit.paragraph, (mine.range == nil) == (edit.range == nil) else { return false }
                    guard let a = mine.gaps, let b = edit.gaps else { return true }
                    return a.overlaps(b) || a.upperBound + 1 == b.lowerBound || b.upperBound + 1 == a.lowerBound
                }
                if !clashes, keepsHalf(script.edits + [edit], of: base) { script.edits.append(edit) }
            }
        }
        let colour = side == 1 ? "#aa0000" : "#0000aa"
        for (k, words) in base.paragraphs.enumerated() {
            for (i, word) in words.enumerated() where (i + k) % 2 == side - 1 && Int.random(in: 0..<8, using: &random) == 0 {
                script.colours[word] = colour
            }
        }
        for edit in script.edits {
            for word in edit.words + edit.paragraphs.flatMap({ $0 }) where Int.random(in: 0..<4, using: &random) == 0 {
                script.colours[word] = other?.colours[word] ?? colour
            }
        }
        return script
    }

    /// Whether edits leave every paragraph half its words, three at least: enough for any reader to know it again.
    private func keepsHalf(_ edits: [Edit], of base: Document) -> Bool {
        base.paragraphs.indices.allSatisfy { k in
            let changed = edits.filter { $0.paragraph == k }.reduce(0) { $0 + ($1.range?.count ?? 0) }
            let unchanged = base.paragraphs[k].count - changed
            return unchanged >= 3 && 2 * unchanged >= base.paragraphs[k].count
        }
    }

    private func applying(_ script: Script, to base: Document) -> Document {
        let (paragraphs, _) = expected(base: base, ours: script, theirs: Script(), choice: .ours)
        return Document(paragraphs: paragraphs, colours: base.colours.merging(script.colours) { $1 })
    }

    // MARK: The property

    /// `make test` runs 3,000 rounds; `make soak` (MSX_TEST_SCALE=50) runs fifty times as many.
    func testEachEditLandsOnceAndEveryClashIsAConflictWhoseSidesAreEachSidesEdits() {
        var random = seededGenerator(3636)
        let rounds = scaled(3_000)
        var clean = 0, conflicted = 0, alike = 0, colouredWords = 0, spurious = 0
        for round in 0..<rounds {
            var next = 0
            let paragraphs = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                (0..<Int.random(in: 5...14, using: &random)).map { _ in next += 1; return ProseWords.word(next) }
            }
            var colours: [String: String] = [:]
            for word in paragraphs.flatMap({ $0 }) where Int.random(in: 0..<6, using: &random) == 0 { colours[word] = "#008800" }
            let base = Document(paragraphs: paragraphs, colours: colours)
            let ourScript = randomScript(for: base, side: 1, copying: nil, random: &random)
            let theirScript = randomScript(for: base, side: 2, copying: ourScript, random: &random)
            let (ours, theirs) = (applying(ourScript, to: base), applying(theirScript, to: base))
            let merged = DocumentMerge.merge(base: base.version, ours: ours.version, theirs: theirs.version)
            let textConflicts = merged.conflicts.filter { $0.kind != .formatting }
            let oracleOurs = expected(base: base, ours: ourScript, theirs: theirScript, choice: .ours)
            let oracleTheirs = expected(base: base, ours: ourScript, theirs: theirScript, choice: .theirs)
            let context = "round \(round)\nbase \(base.version.markdown.debugDescription)\nours \(ours.version.markdown.debugDescription)\n"
                + "theirs \(theirs.version.markdown.debugDescription)\nmerged \(merged.markdown.debugDescription)\n"
                + "conflicts \(textConflicts.map { ($0.base, $0.ours, $0.theirs) })"
            if ourScript.edits.contains(where: theirScript.edits.contains) { alike += 1 }
            XCTAssertEqual(textConflicts.count, oracleOurs.conflicts, "conflicts, \(context)")
            let markdown = { (paragraphs: [[String]]) in paragraphs.map { $0.joined(separator: " ") }.joined(separator: "\n\n") + "\n" }
            if oracleOurs.conflicts == 0 {
                clean += 1
                XCTAssertEqual(merged.markdown, markdown(oracleOurs.paragraphs), context)
                // Every word carries the colour its side gave it, or the base's; no side set two colours on one
                // word, so a formatting conflict would be spurious.
                XCTAssertEqual(merged.conflicts.count, 0, "a formatting conflict, \(context)")
                guard merged.conflicts.isEmpty else { spurious += 1; continue }
                let found = merged.wordColours
                for word in oracleOurs.paragraphs.flatMap({ $0 }) {
                    let colour = theirScript.colours[word] ?? ourScript.colours[word] ?? base.colours[word]
                    if colour != nil { colouredWords += 1 }
                    XCTAssertEqual(found[word] ?? nil, colour, "colour of \(word), \(context)")
                }
            } else {
                conflicted += 1
                guard textConflicts.count == oracleOurs.conflicts else { continue }
                XCTAssertEqual(resolving(merged.markdown, textConflicts, .ours), markdown(oracleOurs.paragraphs), "--ours, \(context)")
                XCTAssertEqual(resolving(merged.markdown, textConflicts, .theirs), markdown(oracleTheirs.paragraphs), "--theirs, \(context)")
            }
        }
        print("merge contract (seed \(ProcessInfo.processInfo.environment["MSX_TEST_SEED"] ?? "3636")): \(rounds) merges, "
            + "\(clean) clean (\(colouredWords) coloured words checked; \(spurious) with a spurious formatting conflict), "
            + "\(conflicted) with conflicts, \(alike) with edits made alike")
    }

    /// The merged text with every text conflict settled as `choice` says, the last first so offsets hold.
    private func resolving(_ markdown: String, _ conflicts: [MergeConflict], _ choice: ConflictChoice) -> String {
        var units = Array(markdown.utf16)
        for conflict in conflicts.sorted(by: { $0.offset > $1.offset }) {
            units.replaceSubrange(conflict.offset..<conflict.offset + conflict.placed.utf16.count,
                                  with: Array(conflict.replacement(choosing: choice).utf16))
        }
        return String(decoding: units, as: UTF16.self)
    }
}
