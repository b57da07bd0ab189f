/// Decodes the HTML entity references writers actually type (`&amp;`, `&mdash;`, `&#8212;`, `&#x2014;`), so the
/// inline mapper can match an entity in the source to the character cmark put in the text.
enum HTMLEntity {
    private static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "\u{A9}",
        "reg": "\u{AE}", "trade": "\u{2122}", "mdash": "\u{2014}", "ndash": "\u{2013}", "hellip": "\u{2026}",
        "lsquo": "\u{2018}", "rsquo": "\u{2019}", "ldquo": "\u{201C}", "rdquo": "\u{201D}", "laquo": "\u{AB}",
        "raquo": "\u{BB}", "sect": "\u{A7}", "para": "\u{B6}", "dagger": "\u{2020}", "Dagger": "\u{2021}",
        "bull": "\u{2022}", "middot": "\u{B7}", "deg": "\u{B0}", "times": "\u{D7}", "divide": "\u{F7}",
        "eacute": "\u{E9}", "egrave": "\u{E8}", "aacute": "\u{E1}", "agrave": "\u{E0}", "ouml": "\u{F6}",
        "uuml": "\u{FC}", "auml": "\u{E4}", "szlig": "\u{DF}", "ccedil": "\u{E7}", "ntilde": "\u{F1}",
        "euro": "\u{20AC}", "pound": "\u{A3}", "yen": "\u{A5}", "cent": "\u{A2}", "shy": "\u{AD}",
        "thinsp": "\u{2009}", "ensp": "\u{2002}", "emsp": "\u{2003}", "zwj": "\u{200D}", "zwnj": "\u{200C}",
    ]

    /// The first character an entity reference (`&...;`) stands for; nil when msx does not know it.
    static func decode(_ bytes: ArraySlice<UInt8>) -> Unicode.Scalar? {
        let body = String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            return UInt32(body.dropFirst(2), radix: 16).flatMap(scalar)
        }
        if body.hasPrefix("#") { return UInt32(body.dropFirst()).flatMap(scalar) }
        return named[body]
    }

    /// CommonMark replaces invalid code points and NUL with U+FFFD.
    private static func scalar(_ value: UInt32) -> Unicode.Scalar? {
        value == 0 ? "\u{FFFD}" : (Unicode.Scalar(value) ?? "\u{FFFD}")
    }
}
