import MsxModel

/// msx's own RTF destinations, `{\*\msxpara JSON}` and `{\*\msxchar JSON}`, which its RTF compiler writes so a
/// round trip loses nothing; other readers skip them.
enum RTFMsxData {
    /// The attributes of a destination's JSON object, or nil when its text is not one.
    static func object(_ text: String) -> Attributes? {
        guard let value = try? JSONParser.parse(text) else { return nil }
        return value.objectValue.map(Attributes.init(json:))
    }

    /// Lays `overlay` (the `\msxpara` values of a paragraph) over `paragraph`: `headingLevel`, `listLevel` and
    /// `quoteDepth` set those fields; other keys are attributes, where `.null` removes the key.
    static func apply(_ overlay: Attributes, to paragraph: inout ImportedParagraph) {
        for (key, value) in overlay {
            switch key {
            case .headingLevel: paragraph.headingLevel = integer(value)
            case .listLevel: paragraph.listLevel = integer(value)
            case .quoteDepth: paragraph.quoteDepth = max(0, integer(value) ?? 0)
            default:
                if value == .null {
                    paragraph.attributes.removeValue(forKey: key)
                } else {
                    paragraph.attributes[key] = value
                }
            }
        }
    }

    private static func integer(_ value: JSONValue) -> Int? {
        value.numberValue.flatMap { Int(exactly: $0) }
    }
}
