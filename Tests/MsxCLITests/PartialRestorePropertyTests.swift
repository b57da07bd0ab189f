import Foundation
import MsxTestSupport
import XCTest

/// `restore --formatting-only` and `restore --text-only` against an attributed-string oracle, on random pairs of
/// versions: each word carries bold, italic, a code span and a link (written in the Markdown), underline (in the
/// sidecar), and each paragraph a kind (plain, heading, block quote one or two deep, list item). The oracle is the test's own: words are unique, so the
/// words two versions share are found by identity, and
/// - `--formatting-only` gives today's words; a word the version has takes the version's formatting, the others
///   keep today's; every paragraph takes the version's kind;
/// - `--text-only` gives the version's words; a word today has keeps today's formatting, the others keep the
///   version's; every paragraph keeps today's kind.
/// Edits are made away from formatted words (a word typed at a phrase's edge may take its formatting, which is a
/// rule of its own, tested elsewhere).
final class PartialRestorePropertyTests: HistoryTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private enum Kind: String, CaseIterable { case plain, heading, quote, nestedQuote, item }

    private struct Word: Equatable {
        var text: String
        var bold = false, italic = false, underline = false, code = false
        var link: String?

        /// The Markdown-held formatting, which decides where the Markdown writes a phrase's markup.
        var markup: [String] { [bold ? "b" : "", italic ? "i" : "", code ? "c" : "", link ?? ""] }
    }

    private struct Paragraph: Equatable, CustomStringConvertible {
        var kind: Kind
        var words: [Word]

        /// "heading: **bold** *italic* _underlined_ `code` [linked](URL) plain".
        var description: String {
            "\(kind): " + words.map { word in
                let marks = (word.bold ? "**" : "") + (word.italic ? "*" : "") + (word.underline ? "_" : "") + (word.code ? "`" : "")
                let linked = marks + word.text + String(marks.reversed())
                return word.link.map { "[\(linked)](\($0))" } ?? linked
            }.joined(separator: " ")
        }
    }

    func testPartialRestoresMatchTheOracle() throws {
        var random = seededGenerator(20_261_130)
        for trial in 0..<scaled(6) {
            try runTrial(trial, textOnly: trial % 2 == 1, &random)
        }
    }

    private func runTrial(_ trial: Int, textOnly: Bool, _ random: inout SeededGenerator) throws {
        var next = 100_000 + trial * 1_000
        func fresh() -> Word { next += 1; return Word(text: ProseWords.word(next)) }
        // The version: words only, for now.
        var version = (0..<Int.random(in: 2...4, using: &random)).map { _ in
            Paragraph(kind: Kind.allCases.randomElement(using: &random)!, words: (0..<Int.random(in: 6...12, using: &random)).map { _ in fresh() })
        }
        // Today: the version's words edited in place, a few per paragraph; words beside an edit stay plain in both.
        var today = version
        var plain = Set<String>()
        for k in today.indices {
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let at = Int.random(in: 0..<today[k].words.count, using: &random)
                for neighbour in max(0, at - 1)...min(today[k].words.count - 1, at + 1) { plain.insert(today[k].words[neighbour].text) }
                switch Int.random(in: 0..<3, using: &random) {
                case 0: today[k].words[at] = fresh()
                case 1 where today[k].words.count > 3: today[k].words.remove(at: at)
                default: today[k].words.insert(fresh(), at: at)
                }
                plain.formUnion(today[k].words.map(\.text).filter { word in !version.flatMap(\.words).contains { $0.text == word } })
            }
            if Int.random(in: 0..<3, using: &random) == 0 { today[k].kind = Kind.allCases.randomElement(using: &random)! }
        }
        // Formatting: phrases of one to three words, never on a plain word, no bold in a heading and no italic in a
        // quote (their styles say so already) in either version.
        func format(_ paragraphs: inout [Paragraph], other: [Paragraph], _ random: inout SeededGenerator) {
            for k in paragraphs.indices {
                let kinds = [paragraphs[k].kind, other[k].kind]
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    let length = Int.random(in: 1...3, using: &random)
                    guard paragraphs[k].words.count > length else { continue }
                    let start = Int.random(in: 0...(paragraphs[k].words.count - length), using: &random)
                    let range = start..<start + length
                    guard !range.contains(where: { plain.contains(paragraphs[k].words[$0].text) }) else { continue }
                    let on = Int.random(in: 0..<4, using: &random) > 0
                    switch Int.random(in: 0..<5, using: &random) {
                    case 0 where !kinds.contains(.heading): for i in range { paragraphs[k].words[i].bold = on }
                    case 1 where !kinds.contains(.quote) && !kinds.contains(.nestedQuote): for i in range { paragraphs[k].words[i].italic = on }
                    case 2: for i in range { paragraphs[k].words[i].code = on }
                    case 3:
                        let url = on ? "https://example.org/page\(Int.random(in: 1...3, using: &random))" : nil
                        for i in range { paragraphs[k].words[i].link = url }
                    default: for i in range { paragraphs[k].words[i].underline = on }
                    }
                }
            }
        }
        format(&version, other: today, &random)
        // Today starts from the version's formatting on the words it kept, then changes some of it.
        for k in today.indices {
            for i in today[k].words.indices {
                if let kept = version[k].words.first(where: { $0.text == today[k].words[i].text }) { today[k].words[i] = kept }
            }
        }
        format(&today, other: version, &random)

        let root = try makeProject(name: "book\(trial)")
        let id = try addDocument("Doc", "placeholder\n", to: root).id
        try record(version, id: id, in: root)
        let versionID = try revision(in: root)
        try record(today, id: id, in: root)

        let (source, target) = textOnly ? (today, version) : (version, today)
        let expected = target.indices.map { k in
            Paragraph(kind: source[k].kind, words: target[k].words.map { word in source[k].words.first { $0.text == word.text } ?? word })
        }
        try expect(0, "restore", id, "--to", versionID, textOnly ? "--text-only" : "--formatting-only", in: root)
        let context = "\(textOnly ? "--text-only" : "--formatting-only") trial \(trial)\nversion:\n\(markdown(version))\ntoday:\n\(markdown(today))\nnow:\n\((try? read("contents/draft/doc.md", in: root)) ?? "")"
        XCTAssertEqual(try reading(id, in: root).map(\.description), expected.map(Self.resolved).map(\.description), context)
        try expect(0, "check", in: root)
    }

    /// Writes `paragraphs` as the document's Markdown, its underlines through `msx format`, and snapshots.
    private func record(_ paragraphs: [Paragraph], id: String, in root: URL) throws {
        try write(markdown(paragraphs), to: "contents/draft/doc.md", in: root)
        try expect(0, "format", id, "--paragraph", "1-\(paragraphs.count)", "--no-underline", in: root)
        for paragraph in paragraphs {
            var i = 0
            while i < paragraph.words.count {
                guard paragraph.words[i].underline else { i += 1; continue }
                var end = i
                while end + 1 < paragraph.words.count, paragraph.words[end + 1].underline { end += 1 }
                let phrase = paragraph.words[i...end].map(\.text).joined(separator: " ")
                try expect(0, "format", id, "--match", phrase, "--underline", in: root)
                i = end + 1
            }
        }
        try expect(0, "snapshot", "-m", "version", in: root)
    }

    private func markdown(_ paragraphs: [Paragraph]) -> String {
        paragraphs.map { paragraph in
            let prefix = [Kind.plain: "", .heading: "## ", .quote: "> ", .nestedQuote: "> > ", .item: "- "][paragraph.kind]!
            var out = prefix
            var i = 0
            while i < paragraph.words.count {
                let word = paragraph.words[i]
                var end = i
                while end + 1 < paragraph.words.count, paragraph.words[end + 1].markup == word.markup { end += 1 }
                let marker = (word.bold ? "**" : "") + (word.italic ? "*" : "") + (word.code ? "`" : "")
                let phrase = marker + paragraph.words[i...end].map(\.text).joined(separator: " ") + String(marker.reversed())
                out += (i > 0 ? " " : "") + (word.link.map { "[\(phrase)](\($0))" } ?? phrase)
                i = end + 1
            }
            return out
        }.joined(separator: "\n\n") + "\n"
    }

    /// A paragraph as `show` resolves it: a heading's words bold and a quotation's italic by their styles.
    private static func resolved(_ paragraph: Paragraph) -> Paragraph {
        var paragraph = paragraph
        for i in paragraph.words.indices {
            paragraph.words[i].bold = paragraph.words[i].bold || paragraph.kind == .heading
            paragraph.words[i].italic = paragraph.words[i].italic || paragraph.kind == .quote || paragraph.kind == .nestedQuote
        }
        return paragraph
    }

    /// The document as `show --as json` reads it, word by word (a word whose letters differ in formatting reads as
    /// `mixed:WORD`, which no oracle word is).
    private func reading(_ id: String, in root: URL) throws -> [Paragraph] {
        try paragraphs(of: id, in: root).map { paragraph in
            let style = (paragraph["attributes"] as? [String: Any])?["style"] as? String
            let kind: Kind = switch paragraph["kind"] as? String {
            case "heading": .heading
            case "listItem": .item
            default: style != "Block Quote" ? .plain : (paragraph["attributes"] as? [String: Any])?["quoteDepth"] as? Int == 2 ? .nestedQuote : .quote
            }
            var letters: [(Character, Word)] = []
            for run in paragraph["runs"] as? [[String: Any]] ?? [] {
                let attributes = run["attributes"] as? [String: Any] ?? [:]
                let look = Word(text: "", bold: attributes["bold"] as? Bool ?? false, italic: attributes["italic"] as? Bool ?? false,
                                underline: attributes["underline"] is String, code: attributes["code"] as? Bool ?? false,
                                link: attributes["link"] as? String)
                for character in run["text"] as? String ?? "" { letters.append((character, look)) }
            }
            var words: [Word] = []
            var current: [(Character, Word)] = []
            for entry in letters + [(" ", Word(text: ""))] {
                guard entry.0 == " " else { current.append(entry); continue }
                guard let first = current.first else { continue }
                var word = first.1
                word.text = String(current.map(\.0))
                if current.contains(where: { $0.1 != first.1 }) { word.text = "mixed:" + word.text }
                words.append(word)
                current = []
            }
            return Paragraph(kind: kind, words: words)
        }
    }
}
