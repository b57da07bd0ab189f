/// Numbers as WordprocessingML writes them: twentieths of a point (twips) and half-points as integers, or, in
/// files of the 2nd edition's transitional schema, as decimals or with a unit (`1in`, `2.5cm`, `12pt`).
enum DocxMeasure {
    /// A length in twips, or nil when `text` is not one.
    static func twips(_ text: String?) -> Double? {
        guard let text = text?.trimmingSpaces, !text.isEmpty else { return nil }
        let units: [(String, Double)] = [("mm", 1440 / 25.4), ("cm", 1440 / 2.54), ("in", 1440), ("pt", 20), ("pc", 240), ("pi", 240)]
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).map { $0 * factor }.flatMap(finite)
        }
        return Double(text).flatMap(finite)
    }

    /// A length in points, from twips.
    static func points(_ text: String?) -> Double? { twips(text).map { $0 / 20 } }

    /// A whole number (a style's outline level, a list level), or nil.
    static func integer(_ text: String?) -> Int? {
        guard let value = text.flatMap({ Double($0.trimmingSpaces) }), value.isFinite, abs(value) < 1e9 else { return nil }
        return Int(value)
    }

    /// A toggle (`w:b`, `w:i`): on when it has no value or says so.
    static func toggle(_ node: XMLNode) -> Bool { isOn(node.attribute("val"), whenAbsent: true) }

    /// Whether an on/off value (`true`, `1`, `on`; `false`, `0`, `off`) is on.
    static func isOn(_ value: String?, whenAbsent: Bool) -> Bool {
        guard let value else { return whenAbsent }
        return ["true", "1", "on"].contains(value.lowercased())
    }

    private static func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }
}

