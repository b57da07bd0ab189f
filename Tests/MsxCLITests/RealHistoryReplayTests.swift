import Foundation
import MsxTestSupport
import XCTest

/// The formatting replay on a real revision history: msx's own README.md as git holds it, 21 revisions written over
/// two weeks (frozen in `Fixtures/history/readme-revisions.txt`, oldest first), each written over the document as
/// an editor would, then snapshotted (which saves the stale sidecar re-anchored, so `check` passes after it). 25 phrases are formatted at the start, each in its own colour. After every
/// revision:
/// - a phrase whose text still stands (once) in the document carries its colour over all of it;
/// - a colour is only ever on stretches that hold a word of its phrase (no run lands on words it did not cover:
///   words typed inside a phrase, or right after it, may take it, as the rules say);
/// - a phrase whose text still stands is never reported dropped, and a phrase is reported dropped only when its
///   colour is gone from the document.
final class RealHistoryReplayTests: MsxTestCase {
    override class var runsTheBuiltBinary: Bool { true }

    private struct Phrase {
        var text: String
        var words: Set<String>
        var colour: String
    }

    func testFormattedPhrasesFollowARealRevisionHistory() throws {
        let revisions = try Self.revisions()
        XCTAssertEqual(revisions.count, 21)
        let root = try makeProject()
        let (_, path) = try addDocument("Readme", revisions[0], to: root)
        let phrases = try formatPhrases(in: root)
        XCTAssertEqual(phrases.count, 25)
        try expect(0, "snapshot", "-m", "formatted", in: root)

        var kept = 0, gone = 0
        for (number, revision) in revisions.enumerated().dropFirst() {
            try write(revision, to: path, in: root)
            let shown = try expect(0, "show", "Readme", "--as", "json", in: root).json()
            let context = "revision \(number)"
            let paragraphs = shown["paragraphs"] as? [[String: Any]] ?? []
            let texts = paragraphs.map { $0["text"] as? String ?? "" }
            let regions = colouredRegions(paragraphs)
            let warnings = shown["warnings"] as? [String] ?? []
            for phrase in phrases {
                let mine = regions.filter { $0.colour == phrase.colour }
                for region in mine {
                    let words = Self.words(region.text)
                    XCTAssertFalse(words.isDisjoint(with: phrase.words),
                                   "colour of '\(phrase.text)' on '\(region.text)', none of its words; \(context)")
                }
                let occurrences = texts.enumerated().flatMap { p, text in Self.ranges(of: phrase.text, in: text).map { (p, $0) } }
                let dropped = warnings.contains { $0.contains("'\(phrase.text)'") && $0.contains("dropped") }
                if occurrences.count == 1, let (p, range) = occurrences.first {
                    kept += 1
                    XCTAssertTrue(mine.contains { $0.paragraph == p && $0.range.lowerBound <= range.lowerBound && range.upperBound <= $0.range.upperBound },
                                  "'\(phrase.text)' stands in paragraph \(p) but is not all in its colour: \(mine.map { "\($0.paragraph):\($0.range) \($0.text)" }) (stands at \(range)); \(context)")
                    XCTAssertFalse(dropped, "'\(phrase.text)' stands but was reported dropped; \(context)")
                } else if mine.isEmpty {
                    gone += 1
                }
                if dropped { XCTAssertTrue(mine.isEmpty, "'\(phrase.text)' reported dropped but still coloured; \(context)") }
            }
            // The snapshot saves the stale sidecar re-anchored: the project is clean again.
            try expect(0, "snapshot", "-m", "revision \(number)", in: root)
            try expect(0, "check", in: root)
        }
        print("real history: \(revisions.count) revisions, \(phrases.count) phrases; \(kept) checks of a phrase still standing, all in its colour; \(gone) of a phrase gone with its colour")
    }

    /// Formats 25 phrases of two to four words of the first revision's prose, each found once, in 25 colours.
    private func formatPhrases(in root: URL) throws -> [Phrase] {
        let paragraphs = try paragraphs(of: "Readme", in: root)
        let prose = paragraphs.filter { ["paragraph", "listItem"].contains($0["kind"] as? String ?? "") }.map { $0["text"] as? String ?? "" }
        let whole = paragraphs.map { $0["text"] as? String ?? "" }.joined(separator: "\n")
        var random = SeededGenerator(seed: 2_611)
        var phrases: [Phrase] = []
        for _ in 0..<2_000 where phrases.count < 25 {
            guard let text = prose.randomElement(using: &random) else { break }
            let words = text.split(separator: " ").map(String.init)
            guard words.count >= 6 else { continue }
            let count = Int.random(in: 2...4, using: &random), first = Int.random(in: 0...(words.count - count), using: &random)
            let candidate = words[first..<first + count]
            // Plain words only (no punctuation to trip over), found once, not overlapping a phrase already taken.
            guard candidate.allSatisfy({ $0.count >= 3 && $0.allSatisfy(\.isLetter) }) else { continue }
            let phrase = candidate.joined(separator: " ")
            guard Self.ranges(of: phrase, in: whole).count == 1,
                  !phrases.contains(where: { $0.text.contains(phrase) || phrase.contains($0.text) || !$0.words.isDisjoint(with: Self.words(phrase)) })
            else { continue }
            let colour = String(format: "#20%02X%02X", phrases.count * 9, 255 - phrases.count)
            try expect(0, "format", "Readme", "--match", phrase, "--color", colour, in: root)
            phrases.append(Phrase(text: phrase, words: Self.words(phrase), colour: colour))
        }
        return phrases
    }

    /// Maximal stretches of one colour, per paragraph, with their text (UTF-16 offsets).
    private func colouredRegions(_ paragraphs: [[String: Any]]) -> [(paragraph: Int, range: Range<Int>, colour: String, text: String)] {
        var regions: [(paragraph: Int, range: Range<Int>, colour: String, text: String)] = []
        for (p, paragraph) in paragraphs.enumerated() {
            let units = Array((paragraph["text"] as? String ?? "").utf16)
            for run in paragraph["runs"] as? [[String: Any]] ?? [] {
                guard let colour = (run["attributes"] as? [String: Any])?["foregroundColor"] as? String,
                      let start = run["start"] as? Int, let end = run["end"] as? Int, start < end, end <= units.count else { continue }
                if let last = regions.last, last.paragraph == p, last.colour == colour, last.range.upperBound == start {
                    regions[regions.count - 1].range = last.range.lowerBound..<end
                } else {
                    regions.append((p, start..<end, colour, ""))
                }
            }
            for k in regions.indices where regions[k].paragraph == p {
                regions[k].text = String(decoding: units[regions[k].range], as: UTF16.self)
            }
        }
        return regions
    }

    /// The UTF-16 ranges where `phrase` stands in `text` as whole words.
    private static func ranges(of phrase: String, in text: String) -> [Range<Int>] {
        let units = Array(text.utf16), needle = Array(phrase.utf16)
        guard needle.count <= units.count else { return [] }
        func isLetter(_ i: Int) -> Bool { i >= 0 && i < units.count && Character(Unicode.Scalar(units[i]) ?? " ").isLetter }
        return (0...(units.count - needle.count)).filter { start in
            units[start..<start + needle.count].elementsEqual(needle) && !isLetter(start - 1) && !isLetter(start + needle.count)
        }.map { $0..<$0 + needle.count }
    }

    private static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init))
    }

    /// The revisions of the fixture, oldest first.
    private static func revisions() throws -> [String] {
        let file = MsxRunner.packageRoot.appendingPathComponent("Tests/MsxCLITests/Fixtures/history/readme-revisions.txt")
        let text = try String(contentsOf: file, encoding: .utf8)
        return text.components(separatedBy: "\n").reduce(into: [String]()) { revisions, line in
            if line.hasPrefix("%%% msx revision ") { revisions.append("") } else if !revisions.isEmpty { revisions[revisions.count - 1] += line + "\n" }
        }
    }
}
