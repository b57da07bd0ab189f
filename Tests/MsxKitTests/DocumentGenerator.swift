import MsxTestSupport
@testable import MsxConvert
@testable import MsxDiff
@testable import MsxHistory
@testable import MsxModel
@testable import MsxProject

/// Generates writer-like documents for property tests: common words that repeat, rarer invented ones, Markdown
/// emphasis, lists, quotes and headings, and sidecar formatting mixing every attribute.
struct DocumentGenerator {
    var random: SeededGenerator

    static let common = ["the", "and", "a", "of", "to", "in", "she", "was", "it", "storm", "sea", "light"]

    mutating func word() -> String {
        if Int.random(in: 0..<10, using: &random) < 4 { return Self.common.randomElement(using: &random)! }
        let letters = Array("abcdefghijklmnopqrstuvwxyzéø")
        let length = Int.random(in: 3...9, using: &random)
        var word = String((0..<length).map { _ in letters.randomElement(using: &random)! })
        if Int.random(in: 0..<30, using: &random) == 0 { word += ["🌊", "東京", "👍🏽"].randomElement(using: &random)! }
        return word
    }

    /// A paragraph's Markdown: words, some wrapped in emphasis, ending with punctuation.
    mutating func inline() -> String {
        var parts: [String] = []
        for _ in 0..<Int.random(in: 1...14, using: &random) {
            let w = word()
            switch Int.random(in: 0..<12, using: &random) {
            case 0: parts.append("**\(w)**")
            case 1: parts.append("*\(w)*")
            case 2: parts.append("_\(w)_")
            case 3: parts.append("`\(w)`")
            case 4: parts.append("~~\(w)~~")
            default: parts.append(w)
            }
        }
        return parts.joined(separator: " ") + [".", "!", "?", ",", ""].randomElement(using: &random)!
    }

    /// A whole Markdown document of `paragraphs` blocks.
    mutating func markdown(paragraphs: Int) -> String {
        var blocks: [String] = []
        for _ in 0..<paragraphs {
            let text = inline()
            switch Int.random(in: 0..<10, using: &random) {
            case 0: blocks.append("## " + text)
            case 1: blocks.append("> " + text)
            case 2: blocks.append("- " + text)
            case 3: blocks.append("1. " + text)
            case 4: blocks.append("- [ ] " + text)
            // A list item of two paragraphs.
            case 5 where Int.random(in: 0..<2, using: &random) == 0: blocks.append("- " + text + "\n\n  " + inline())
            default: blocks.append(text)
            }
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// Random sidecar formatting on word boundaries of `texts`.
    mutating func formatting(for texts: [String]) -> DocumentFormatting {
        var formatting = DocumentFormatting(paragraphCount: texts.count)
        for (i, text) in texts.enumerated() {
            let length = text.utf16.count
            guard length > 0 else { continue }
            if Int.random(in: 0..<3, using: &random) == 0 {
                formatting.paragraphs[i].attributes = [
                    [.alignment: "center"], [.firstLineHeadIndent: 18, .lineHeightMultiple: 1.5],
                    [.style: "Epigraph", .paragraphSpacing: 6], [.tabStops: [36, 72]], [.tailIndent: -36],
                ].randomElement(using: &random)!
            }
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let start = Int.random(in: 0..<length, using: &random)
                let end = min(length, start + Int.random(in: 1...12, using: &random))
                let range = text.widenedToGraphemes(start..<end)
                let attributes: Attributes = [
                    [.underline: "single"], [.underline: "thick", .fontSize: 15], [.fontFamily: "Baskerville"],
                    [.foregroundColor: "#8B0000"], [.backgroundColor: "#FFFF00", .underline: "double"],
                ].randomElement(using: &random)!
                formatting.paragraphs[i].set(attributes, over: range)
            }
        }
        return formatting
    }
}
