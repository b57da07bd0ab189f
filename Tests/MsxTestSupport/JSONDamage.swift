/// JSON text damaged the way a hand edit or a bad tool might, for tests that check a fast reader against the general
/// one it stands in for.
public enum JSONDamage {
    /// `text` with one thing changed: the value of one of `fields` (each given quoted, as it appears) replaced by one
    /// of `replacements` (another type, null, a number of another kind), the field written twice, renamed to one of
    /// `renames` (quoted; a field of another level is a name the reader must keep as unknown), its name spelled with an
    /// escape (the same field to JSON), or the text cut.
    public static func damaged(_ text: String, fields: [String], replacements: [String], renames: [String],
                               _ random: inout SeededGenerator) -> String {
        let field = fields.randomElement(using: &random)!
        guard let range = text.ranges(of: field).randomElement(using: &random) else { return text }
        switch Int.random(in: 0..<6, using: &random) {
        case 0, 1:
            // The field's value: from after the colon to the next comma or closing brace at that level (a nested
            // value is cut at its first comma, which breaks it: also a damage).
            guard let colon = text[range.upperBound...].firstIndex(of: ":") else { return text }
            let valueStart = text.index(after: colon)
            let end = text[valueStart...].firstIndex { $0 == "," || $0 == "}" } ?? text.endIndex
            return text.replacingCharacters(in: valueStart..<end, with: " " + replacements.randomElement(using: &random)!)
        case 2: return text.replacingCharacters(in: range, with: "\(field): \"dup\", \(field)")
        case 3: return text.replacingCharacters(in: range, with: renames.randomElement(using: &random)!)
        case 4:
            let name = field.dropFirst().dropLast()
            let first = String(name.unicodeScalars.first!.value, radix: 16)
            return text.replacingCharacters(in: range, with: "\"\\u00\(first)\(name.dropFirst())\"")
        default:
            let cut = text.index(text.startIndex, offsetBy: Int.random(in: 0..<text.count, using: &random))
            return String(text[..<cut])
        }
    }
}
