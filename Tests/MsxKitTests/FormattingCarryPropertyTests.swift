import MsxTestSupport
import XCTest
@testable import MsxModel

/// Formatting carried from a base text to an edited one agrees, character by character, with an oracle: an
/// attributed string that applies the same edits knowing which characters it inserts, deletes and keeps.
///
/// The oracle's rules are the ones docs/format.md gives: a run whose words (letters and digits) are all gone is
/// dropped; typed text takes the looks (bold, underline, colour) of the
/// character before it in its paragraph, and a link only when the characters on both sides carry it; retyped words
/// take a look only when they replace its last words, and a link only from both sides; a change of
/// case keeps formatting; a split paragraph keeps its paragraph attributes on both halves, a joined one its first
/// half's, a moved one its own.
///
/// Inserted text is Greek with no-break spaces, so no inserted character can be mistaken for an old one; edit
/// scripts whose result could honestly be read two ways (deleting "a a" from "a a a") are skipped and counted.
final class FormattingCarryPropertyTests: SeededTestCase {
    /// The attributes that go on into text typed right after them (the looks: docs/format.md 6.5), written out here
    /// and not read from the rule under test; links, pictures, footnotes, code and comments do not.
    private static let expanding: Set<String> = ["bold", "italic", "strikethrough", "underline", "fontFamily", "fontSize",
                                                 "foregroundColor", "backgroundColor", "verticalAlign", "smallCaps", "allCaps"]
    private static let fixed: Set<String> = ["link", "image", "footnote", "code", "annotation"]

    private static func expands(_ key: AttributeKey) -> Bool { expanding.contains(key.rawValue) }

    /// Each attribute, typed after by hand: the carried run grows over the typed word exactly when the table says.
    func testEveryAttributeExpandsAsTheTableSays() {
        let keys = AttributeKey.character.union([.link, .image, .footnote, .code, .annotation])
        XCTAssertEqual(Set(keys.map(\.rawValue)), Self.expanding.union(Self.fixed), "every character attribute is in the table")
        for key in keys {
            var formatting = DocumentFormatting(paragraphCount: 1)
            formatting.paragraphs[0].set([key: .string("x")], over: 4..<9)
            let carried = Anchoring.carry(formatting, from: ["The storm came."], to: ["The stormy wind came."]).formatting
            let covered = carried.paragraphs[0].runs.filter { $0.attributes[key] != nil }.map(\.range)
            XCTAssertEqual(covered, [Self.expands(key) ? 4..<15 : 4..<9], key.rawValue)
        }
    }

    private struct Cell: Equatable {
        var unit: UInt16
        var attributes: Attributes
    }

    private struct Paragraph {
        var characters: [Cell]
        var attributes: Attributes
        /// For each character, its place in the original text (nil for typed text).
        var origins: [Int?]
        /// The looks of the paragraph break after it: none for the original breaks, what typing there would take for
        /// a break made by a split (so splitting inside a phrase and joining again is one space typed inside it).
        var breakAttributes: Attributes = [:]
        /// Which original paragraph break follows it (nil for one a split or a move made).
        var breakOrigin: Int?
    }

    private let looks: [Attributes] = [
        [.underline: .string("single")], [.foregroundColor: .string("#8B0000")], [.fontSize: .number(14)],
        [.backgroundColor: .string("#FFFF00")], [.link: .string("https://example.com/a")], [.footnote: .string("n1")],
    ]
    private let paragraphLooks: [Attributes] = [
        [.alignment: .string("center")], [.style: .string("Epigraph")], [.firstLineHeadIndent: .number(0)],
    ]

    func testFormattingFollowsEveryEditLikeTheOracle() {
        var random = seededGenerator(1_107)
        var checked = 0, skipped = 0, survivors = 0, typed = 0, typedAgreeing = 0, dropped = 0
        var paragraphsChecked = 0, lostCharacters = 0, lostParagraphs = 0
        var lostExamples: [String] = []
        // Formatting a character or paragraph never had: never acceptable.
        var misplacedCharacters = 0, misplacedParagraphs = 0, misplacedDocuments = 0
        var misplacedExamples: [String] = []
        for iteration in 0..<scaled(2_000) {
            var original = makeDocument(&random)
            let base = original.map(text)
            let formatting = documentFormatting(original)
            var origin = 0
            for p in original.indices {
                original[p].breakOrigin = p
                original[p].origins = original[p].characters.indices.map { _ in defer { origin += 1 }; return origin }
            }
            var edited = original
            var script: [String] = []
            var restructured = (moved: false, cut: false)
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                script.append(edit(&edited, &random, restructured: &restructured))
                tidy(&edited)
            }
            guard isUnambiguous(original, edited) else { skipped += 1; continue }
            dropRunsWithoutWords(formatting, original, &edited)
            checked += 1
            let result = Anchoring.carry(formatting, from: base, to: edited.map(text))
            dropped += result.lost.count
            let context = "iteration \(iteration); edits: \(script)\nbase: \(base)\nedited: \(edited.map(text))"
            var lostHere = false, misplacedHere = false
            for (k, paragraph) in edited.enumerated() {
                let actual = result.formatting.paragraphs[k]
                // A paragraph takes the attributes of the paragraph its first surviving character comes from (both
                // halves of a split keep them, a join keeps the first's). One with no old character left reads
                // exactly like one typed new.
                if let first = paragraph.origins.lazy.compactMap({ $0 }).first {
                    let source = original.first { $0.origins.contains(first) }!
                    paragraphsChecked += 1
                    if actual.attributes != source.attributes {
                        guard actual.attributes.isEmpty else {
                            misplacedParagraphs += 1
                            if misplacedExamples.count < 5 { misplacedExamples.append("paragraph \(k) got \(actual.attributes), oracle \(source.attributes); \(context)") }
                            continue
                        }
                        lostParagraphs += 1
                        lostHere = true
                    }
                }
                for (i, character) in paragraph.characters.enumerated() {
                    let got = actual.runs.first { $0.range.contains(i) }?.attributes ?? [:]
                    guard paragraph.origins[i] != nil else {
                        // Typed text: what it takes depends on the order it was typed and deleted in, which the
                        // files do not keep; the rules are checked one by one in ChangeMapTests.
                        typed += 1
                        if got == character.attributes { typedAgreeing += 1 }
                        continue
                    }
                    survivors += 1
                    guard got != character.attributes else { continue }
                    // Formatting a character never had is never acceptable; formatting that could not be followed
                    // is dropped (and reported to the writer) and counted here.
                    guard got.allSatisfy({ character.attributes[$0.key] == $0.value }) else {
                        misplacedCharacters += 1
                        if !misplacedHere, misplacedExamples.count < 5 {
                            misplacedExamples.append("paragraph \(k) unit \(i) ('\(text(paragraph))'): got \(got), oracle \(character.attributes); \(context)")
                        }
                        misplacedHere = true
                        continue
                    }
                    lostCharacters += 1
                    lostHere = true
                }
            }
            if lostHere, lostExamples.count < 3 { lostExamples.append(context) }
            if misplacedHere { misplacedDocuments += 1 }
        }
        XCTAssertGreaterThan(checked, skipped * 4, "too many ambiguous scripts: \(skipped) of \(checked + skipped)")
        print("""
            carried formatting on \(survivors) surviving characters of \(checked) documents: \(misplacedCharacters) characters \
            (in \(misplacedDocuments) documents) and \(misplacedParagraphs) paragraphs given formatting they never had; \
            \(survivors - lostCharacters) matched the oracle, \(lostCharacters) lost their formatting; paragraph attributes: \
            \(paragraphsChecked - lostParagraphs) of \(paragraphsChecked) matched, \(lostParagraphs) lost (\(skipped) ambiguous \
            scripts skipped, \(dropped) runs or paragraph formats reported dropped; typed text agreeing: \(typedAgreeing) of \(typed))
            """ + lostExamples.map { "\nlost in: \($0)" }.joined() + misplacedExamples.map { "\nmisplaced: \($0)" }.joined())
        // Known and open: over seeds 1-24 (about 44,000 documents), 6 documents still give a character or a
        // paragraph formatting they never had, each a paragraph joined to the next and split again elsewhere with
        // text replaced across the old break in the same revision (seeds 7, 8, 10, 11, 12, 22).
        XCTAssertEqual(misplacedCharacters, 0, "characters given formatting they never had")
        XCTAssertEqual(misplacedParagraphs, 0, "paragraphs given attributes they never had")
        // The goal is all of them. What is left: remnants of words that a deletion joined to typed text, which msx
        // takes for a word retyped (in real text they mostly are), and paragraphs split or joined and edited hard in
        // the same revision. Seeds 1-24: 0.008% to 0.024%.
        XCTAssertLessThanOrEqual(lostCharacters * 3_000, survivors, "more than 0.033% of surviving characters lost their formatting")
        XCTAssertLessThanOrEqual(lostParagraphs * 1_000, paragraphsChecked * 2, "more than 0.2% of paragraphs lost their attributes")
    }

    /// A run whose letters and digits are all gone is dropped, spaces and punctuation left of it included (its
    /// words are gone): the rule the oracle shares with msx.
    private func dropRunsWithoutWords(_ formatting: DocumentFormatting, _ original: [Paragraph], _ edited: inout [Paragraph]) {
        var where_: [Int: (paragraph: Int, unit: Int)] = [:]
        for (k, paragraph) in edited.enumerated() {
            for (i, origin) in paragraph.origins.enumerated() { if let origin { where_[origin] = (k, i) } }
        }
        for (p, paragraph) in formatting.paragraphs.enumerated() {
            for run in paragraph.runs {
                let origins = run.range.map { original[p].origins[$0]! }
                let words = run.range.filter { TextTokens.isWord(UInt32(original[p].characters[$0].unit)) }.map { original[p].origins[$0]! }
                guard !words.isEmpty, words.allSatisfy({ where_[$0] == nil }) else { continue }
                for origin in origins {
                    if let (k, i) = where_[origin] { edited[k].characters[i].attributes = [:] }
                }
            }
        }
    }

    /// What Markdown does to a paragraph: no space at either end, and one left with no text is none.
    private func tidy(_ doc: inout [Paragraph]) {
        for k in doc.indices {
            while doc[k].characters.last?.unit == 0x20 { delete(doc[k].characters.count - 1..<doc[k].characters.count, from: &doc[k]) }
            while doc[k].characters.first?.unit == 0x20 { delete(0..<1, from: &doc[k]) }
        }
        for k in doc.indices.reversed() where doc[k].characters.isEmpty && doc.count > 1 {
            if k > 0 { doc[k - 1].breakOrigin = nil }
            doc.remove(at: k)
        }
    }

    // MARK: The document and its edits

    /// Letters for the original text, each used once per document, so that the only characters two places share
    /// are spaces and commas: which letter survived an edit is then a fact, not a guess (real text, where letters
    /// repeat, is the business of the revision-history replay). Letters with a case come first.
    private static let letters: [UInt16] = {
        let cased = Array(0x0430...0x045F) + Array(0x0561...0x0586) + Array(0x2C30...0x2C5E) + Array(0x61...0x7A)
            + Array(0xE0...0xF6) + Array(0xF8...0xFE)
        let uncased = Array(0x4E00...0x4FFF)
        return (cased + uncased).map(UInt16.init)
    }()

    private func makeDocument(_ random: inout SeededGenerator) -> [Paragraph] {
        var unused = Self.letters[..<220].shuffled(using: &random) + Self.letters[220...]
        return (0..<Int.random(in: 1...6, using: &random)).map { _ in
            var words: [String] = []
            for _ in 0..<Int.random(in: 6...20, using: &random) {
                let word = String(decoding: (0..<Int.random(in: 1...7, using: &random)).map { _ in unused.removeFirst() }, as: UTF16.self)
                words.append(Bool.random(using: &random) && Int.random(in: 0..<4, using: &random) == 0 ? word + "," : word)
            }
            var characters = words.joined(separator: " ").utf16.map { Cell(unit: $0, attributes: [:]) }
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let lower = Int.random(in: 0..<characters.count, using: &random)
                let upper = Int.random(in: lower + 1...min(characters.count, lower + 12), using: &random)
                let look = looks.randomElement(using: &random)!
                for i in lower..<upper { characters[i].attributes.merge(look) { $1 } }
            }
            let attributes = Int.random(in: 0..<3, using: &random) == 0 ? paragraphLooks.randomElement(using: &random)! : [:]
            return Paragraph(characters: characters, attributes: attributes, origins: [])
        }
    }

    private func text(_ paragraph: Paragraph) -> String { String(decoding: paragraph.characters.map(\.unit), as: UTF16.self) }

    private func documentFormatting(_ paragraphs: [Paragraph]) -> DocumentFormatting {
        var formatting = DocumentFormatting(paragraphCount: paragraphs.count)
        for (p, paragraph) in paragraphs.enumerated() {
            formatting.paragraphs[p].attributes = paragraph.attributes
            for (i, character) in paragraph.characters.enumerated() where !character.attributes.isEmpty {
                formatting.paragraphs[p].assign(character.attributes, over: i..<i + 1)
            }
        }
        return formatting
    }

    /// Applies one random edit, as a writer's editor would, and names it. A script either moves paragraphs or splits
    /// and joins them, not both: a paragraph moved and split or joined in the same revision is found again only in
    /// part.
    private func edit(_ doc: inout [Paragraph], _ random: inout SeededGenerator, restructured: inout (moved: Bool, cut: Bool)) -> String {
        let p = Int.random(in: 0..<doc.count, using: &random)
        let length = doc[p].characters.count
        switch Int.random(in: 0..<9, using: &random) {
        case 0, 1:
            let at = Int.random(in: 0...length, using: &random)
            let typed = greek(&random)
            insert(typed, into: &doc[p], at: at)
            return "insert '\(typed)' at \(p):\(at)"
        case 2 where length > 0, 3 where length > 0:
            let lower = Int.random(in: 0..<length, using: &random)
            let upper = Int.random(in: lower + 1...min(length, lower + 10), using: &random)
            delete(lower..<upper, from: &doc[p])
            return "delete \(p):\(lower)..<\(upper)"
        case 4 where length > 0:
            let words = wordRanges(doc[p])
            guard let first = words.randomElement(using: &random) else { return "nothing" }
            let last = words.filter { $0.lowerBound >= first.lowerBound }.prefix(3).randomElement(using: &random)!
            let typed = greek(&random)
            // Retyped words continue a look when they replace its own last words (as typing over the end of an
            // underlined phrase does) or its own first words with more of it after them (typing over its start);
            // a link or footnote only when it goes on on both sides.
            let cells = doc[p].characters
            let before = first.lowerBound > 0 ? cells[first.lowerBound - 1].attributes : [:]
            let firstReplaced = cells[first.lowerBound].attributes
            let lastReplaced = cells[last.upperBound - 1].attributes
            let after = last.upperBound < cells.count ? cells[last.upperBound].attributes : [:]
            var attributes = before.filter { key, value in Self.expands(key) ? lastReplaced[key] == value : after[key] == value }
            for (key, value) in firstReplaced where Self.expands(key) && before[key] != value && lastReplaced[key] == value && after[key] == value {
                attributes[key] = value
            }
            delete(first.lowerBound..<last.upperBound, from: &doc[p])
            insert(typed, into: &doc[p], at: first.lowerBound, attributes: attributes)
            return "replace \(p):\(first.lowerBound)..<\(last.upperBound) with '\(typed)'"
        case 5 where length > 1 && !restructured.moved:
            restructured.cut = true
            let at = Int.random(in: 1..<length, using: &random)
            var second = doc[p]
            doc[p].breakAttributes = typedAttributes(in: doc[p], at: at)
            doc[p].breakOrigin = nil
            second.characters.removeFirst(at)
            second.origins.removeFirst(at)
            doc[p].characters.removeLast(length - at)
            doc[p].origins.removeLast(length - at)
            doc.insert(second, at: p + 1)
            return "split \(p) at \(at)"
        case 6 where p + 1 < doc.count && !restructured.moved:
            restructured.cut = true
            let second = doc.remove(at: p + 1)
            doc[p].characters.append(Cell(unit: 0x20, attributes: doc[p].breakAttributes))
            doc[p].origins.append(nil)
            doc[p].breakAttributes = second.breakAttributes
            doc[p].breakOrigin = second.breakOrigin
            doc[p].characters += second.characters
            doc[p].origins += second.origins
            return "join \(p) and \(p + 1)"
        case 7 where doc.count > 1 && wordRanges(doc[p]).count >= 3 && !restructured.cut:
            // (A paragraph of one or two words that moved and was edited too is not told from new text.)
            let to = Int.random(in: 0..<doc.count, using: &random)
            guard to != p else { return "nothing" }
            restructured.moved = true
            var moved = doc.remove(at: p)
            moved.breakAttributes = [:]
            moved.breakOrigin = nil
            if p > 0 {
                doc[p - 1].breakAttributes = [:]
                doc[p - 1].breakOrigin = nil
            }
            doc.insert(moved, at: to)
            return "move \(p) to \(to)"
        case 8 where length > 0:
            let lower = Int.random(in: 0..<length, using: &random)
            let upper = Int.random(in: lower + 1...min(length, lower + 8), using: &random)
            for i in lower..<upper { doc[p].characters[i].unit = Self.uppercased(doc[p].characters[i].unit) }
            return "uppercase \(p):\(lower)..<\(upper)"
        default:
            return "nothing"
        }
    }

    /// Typed text: the looks of the character before it; a link or footnote only from both sides.
    private func insert(_ typed: String, into paragraph: inout Paragraph, at offset: Int, attributes given: Attributes? = nil) {
        let attributes = given ?? typedAttributes(in: paragraph, at: offset)
        let units = typed.utf16.map { Cell(unit: $0, attributes: attributes) }
        paragraph.characters.insert(contentsOf: units, at: offset)
        paragraph.origins.insert(contentsOf: units.map { _ in nil }, at: offset)
    }

    /// A letter in upper case, when that is one unit that folds back to it.
    private static func uppercased(_ unit: UInt16) -> UInt16 {
        guard let scalar = Unicode.Scalar(unit), let upper = scalar.properties.uppercaseMapping.unicodeScalars.first,
            scalar.properties.uppercaseMapping.unicodeScalars.count == 1, upper.value <= 0xFFFF,
            TextTokens.folded(upper.value) == UInt32(unit)
        else { return unit }
        return UInt16(upper.value)
    }

    private func typedAttributes(in paragraph: Paragraph, at offset: Int) -> Attributes {
        guard offset > 0 else { return [:] }
        let before = paragraph.characters[offset - 1].attributes
        let after = offset < paragraph.characters.count ? paragraph.characters[offset].attributes : paragraph.breakAttributes
        return before.filter { key, value in Self.expands(key) || after[key] == value }
    }

    private func delete(_ range: Range<Int>, from paragraph: inout Paragraph) {
        paragraph.characters.removeSubrange(range)
        paragraph.origins.removeSubrange(range)
    }

    private func greek(_ random: inout SeededGenerator) -> String {
        let words = (0..<Int.random(in: 1...3, using: &random)).map { _ in
            String((0..<Int.random(in: 1...5, using: &random)).map { _ in "αβγδεζηθικλμνξοπρστυφχψω".randomElement(using: &random)! })
        }
        return words.joined(separator: "\u{00A0}")
    }

    private func wordRanges(_ paragraph: Paragraph) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        for (i, c) in paragraph.characters.enumerated() {
            let isWord = c.unit != 0x20 && c.unit != 0x2C && c.unit != 0xA0
            if isWord, start == nil { start = i }
            if !isWord, let s = start { ranges.append(s..<i); start = nil }
        }
        if let s = start { ranges.append(s..<paragraph.characters.count) }
        return ranges
    }

    /// Whether the edit leaves only one reading: no deleted stretch of old characters could slide onto an equal
    /// character that survived next to it (after "a b a" loses an "a", which one went?), and the paragraphs that
    /// survive with all their characters keep their order or moved as a whole.
    private func isUnambiguous(_ original: [Paragraph], _ edited: [Paragraph]) -> Bool {
        // Each original paragraph's surviving characters, in order, must fit its text in one way only: the
        // leftmost and the rightmost fit agree (after "a, b, c" lost "b, ", the kept ", " is the first or the second).
        let position = Dictionary(uniqueKeysWithValues: edited.flatMap { p in p.origins.enumerated().compactMap { i, o in
            o.map { ($0, p.characters[i].unit) } } })
        for paragraph in original {
            let units = paragraph.characters.map { TextTokensProbe.folded($0.unit) }
            let kept = paragraph.origins.compactMap { o in position[o!].map { TextTokensProbe.folded($0) } }
            var left: [Int] = [], right: [Int] = []
            var i = 0
            for unit in kept {
                while units[i] != unit { i += 1 }
                left.append(i)
                i += 1
            }
            i = units.count - 1
            for unit in kept.reversed() {
                while units[i] != unit { i -= 1 }
                right.append(i)
                i -= 1
            }
            // Either fit will do where the characters it could be carry the same formatting.
            for (k, (l, r)) in zip(left, right.reversed()).enumerated() where l != r {
                let looks = (l...r).filter { units[$0] == kept[k] }.map { paragraph.characters[$0].attributes }
                if Set(looks.map { "\($0.sorted { $0.key < $1.key })" }).count > 1 { return false }
            }
        }
        // Typed text that begins (ends) with the character kept just after (before) it could equally sit one
        // place further (the space a join makes beside a kept space).
        for paragraph in edited {
            let units = paragraph.characters.map { TextTokensProbe.folded($0.unit) }
            var i = 0
            while i < units.count {
                guard paragraph.origins[i] == nil else { i += 1; continue }
                var end = i
                while end < units.count, paragraph.origins[end] == nil { end += 1 }
                if i > 0, units[i - 1] == units[end - 1] { return false }
                if end < units.count, units[end] == units[i] { return false }
                i = end
            }
        }
        // A paragraph break removed on one side of a character and made on its other side ("a|b c" becoming
        // "a b|c") reads as well as the character moving across the break: undecidable, so skipped.
        let keptBreaks = Set(edited.compactMap(\.breakOrigin))
        var beforeRemovedBreak = Set<Int>(), afterRemovedBreak = Set<Int>()
        for (p, paragraph) in original.enumerated() where p + 1 < original.count && !keptBreaks.contains(p) {
            if let last = paragraph.origins.last { beforeRemovedBreak.insert(last!) }
            if let first = original[p + 1].origins.first { afterRemovedBreak.insert(first!) }
        }
        for (k, paragraph) in edited.enumerated() where k + 1 < edited.count && paragraph.breakOrigin == nil {
            if let first = edited[k + 1].origins.first ?? nil, beforeRemovedBreak.contains(first) { return false }
            if let last = paragraph.origins.last ?? nil, afterRemovedBreak.contains(last) { return false }
        }
        let texts = edited.map(text)
        return Set(texts).count == texts.count
    }
}

/// The comparison's case folding, as the tests see it.
private enum TextTokensProbe {
    static func folded(_ unit: UInt16) -> UInt16 { UInt16(TextTokens.folded(UInt32(unit))) }
}
