import MsxModel

/// Font names as RTF font tables give them, turned into family names. Cocoa writes PostScript names
/// ("Palatino-Roman", "Helvetica-Bold", "TimesNewRomanPSMT"): the part after the hyphen only names the face, and
/// the family is the rest with its words spaced ("Times New Roman"). Names with a space are family names already.
enum RTFFontName {
    /// The family `name` belongs to; `isPostScript` says the name is a PostScript name even without a face suffix
    /// ("HelveticaNeue" in a Cocoa file).
    static func family(_ name: String, isPostScript: Bool = false) -> String {
        let trimmed = name.trimmingSpaces
        guard !trimmed.contains(" ") else { return trimmed }
        var base = Substring(trimmed)
        var isPostScript = isPostScript
        if let hyphen = base.firstIndex(of: "-"), hyphen != base.startIndex {
            base = base[..<hyphen]
            isPostScript = true
        }
        for suffix in ["PSMT", "MT"] where base.count > suffix.count && base.hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
            isPostScript = true
            break
        }
        return isPostScript ? spacedWords(base) : String(base)
    }

    /// "TimesNewRoman" → "Times New Roman", "ITCFranklin" → "ITC Franklin".
    private static func spacedWords(_ name: Substring) -> String {
        let letters = Array(name)
        var result = ""
        for (index, letter) in letters.enumerated() {
            if index > 0, letter.isUppercase {
                let previous = letters[index - 1]
                let nextIsLowercase = index + 1 < letters.count && letters[index + 1].isLowercase
                if previous.isLowercase || (previous.isUppercase && nextIsLowercase) { result.append(" ") }
            }
            result.append(letter)
        }
        return result
    }
}

extension String {
    /// This string without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
