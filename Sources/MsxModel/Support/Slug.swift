import Foundation

/// File names from titles: lowercase ASCII letters, digits and hyphens.
public enum Slug {
    /// The slug of `title`; accents are transliterated ("Café" -> "cafe"), other characters become hyphens.
    public static func make(_ title: String) -> String {
        var spelled = title.lowercased()
        for (letter, spelling) in Self.spellings { spelled = spelled.replacingOccurrences(of: letter, with: spelling) }
        let latin = spelled.applyingTransform(.toLatin, reverse: false) ?? spelled
        let folded = latin.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var slug = ""
        var pendingHyphen = false
        for scalar in folded.lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                if pendingHyphen && !slug.isEmpty { slug.append("-") }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            } else if scalar != "'" && scalar != "\u{2019}" {
                pendingHyphen = true
            }
        }
        if slug.count > 60 {
            slug = String(slug.prefix(60))
            while slug.hasSuffix("-") { slug.removeLast() }
        }
        return slug.isEmpty ? "untitled" : slug
    }

    /// Letters whose usual ASCII spelling is not their base letter.
    private static let spellings = [("ß", "ss"), ("æ", "ae"), ("œ", "oe"), ("ø", "o"), ("þ", "th"), ("ł", "l"), ("đ", "d")]

    /// A slug for `title` not in `taken`, adding `-2`, `-3`, ... as needed.
    public static func unique(_ title: String, taken: Set<String>) -> String {
        let base = make(title)
        if !taken.contains(base) { return base }
        var n = 2
        while taken.contains("\(base)-\(n)") { n += 1 }
        return "\(base)-\(n)"
    }
}
