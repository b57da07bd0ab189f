import Foundation

/// Where a word may break across lines, by Liang's method (TeX's): digit-weighted patterns read from a hyphenation
/// dictionary in the format Debian's `hyphen-*` packages install (`/usr/share/hyphen/hyph_en_US.dic`: an encoding
/// line, optional `LEFTHYPHENMIN`/`RIGHTHYPHENMIN` lines, then one pattern a line).
struct Hyphenator: Sendable {
    private var patterns: [String: [UInt8]] = [:]
    private var longest = 0
    /// Letters kept together at a word's start and end.
    private(set) var leftMinimum = 2
    private(set) var rightMinimum = 3

    /// The folders searched for dictionaries.
    static let folders = ["/usr/share/hyphen", "/usr/local/share/hyphen"]

    /// The patterns for a language (a BCP 47 tag such as `en`, `en-GB`, `de-DE`), nil when none is installed.
    /// English without a region takes American patterns, as the dictionaries' own aliases do.
    init?(language: String, folders: [String] = folders) {
        let tag = language.replacingOccurrences(of: "-", with: "_")
        let parts = tag.split(separator: "_")
        guard let base = parts.first?.lowercased() else { return nil }
        var names = ["hyph_\(base)_\(parts.dropFirst().first?.uppercased() ?? "")", "hyph_\(base)"]
        if base == "en" { names.append("hyph_en_US") }
        let candidates = names.flatMap { name in folders.map { "\($0)/\(name).dic" } }
        guard let path = candidates.first(where: FileManager.default.isReadableFile),
              let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(dictionary: String(decoding: data, as: UTF8.self))
    }

    /// The patterns of a dictionary's text.
    init(dictionary: String) {
        for (number, line) in dictionary.split(whereSeparator: \.isNewline).enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if number == 0 || text.isEmpty || text.hasPrefix("%") || text.hasPrefix("#") { continue }
            if text == "NEXTLEVEL" { break }
            if text.hasPrefix("LEFTHYPHENMIN"), let value = Int(text.split(separator: " ").last ?? "") { leftMinimum = value; continue }
            if text.hasPrefix("RIGHTHYPHENMIN"), let value = Int(text.split(separator: " ").last ?? "") { rightMinimum = value; continue }
            // Non-standard patterns (`/` replacements) and other directives are not Liang's.
            guard !text.contains("/"), !text.contains(where: { $0.isUppercase }) else { continue }
            var letters = ""
            var weights: [UInt8] = [0]
            for character in text {
                if let digit = character.wholeNumberValue, character.isASCII {
                    weights[weights.count - 1] = UInt8(digit)
                } else {
                    letters.append(character)
                    weights.append(0)
                }
            }
            patterns[letters] = weights
            longest = max(longest, letters.count)
        }
    }

    /// The offsets (in characters of `word`) before which it may break, with a hyphen added.
    func breaks(in word: String) -> [Int] {
        let letters = Array(word.lowercased())
        guard letters.count == word.count, letters.count >= leftMinimum + rightMinimum,
              letters.allSatisfy(\.isLetter) else { return [] }
        let padded = ["."] + letters.map(String.init) + ["."]
        var weights = [UInt8](repeating: 0, count: padded.count + 1)
        for start in padded.indices {
            var key = ""
            for end in start..<min(padded.count, start + longest) {
                key += padded[end]
                guard let found = patterns[key] else { continue }
                for (offset, weight) in found.enumerated() where weight > weights[start + offset] {
                    weights[start + offset] = weight
                }
            }
        }
        // weights[i + 1] sits before letters[i] (the padding dot is position 0).
        return (leftMinimum...(letters.count - rightMinimum)).filter { weights[$0 + 1] % 2 == 1 }
    }
}
