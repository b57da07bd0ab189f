/// HTML's named and numeric character references, as CommonMark reads them in text (`&amp;`, `&#169;`, `&#xA9;`).
enum HTMLEntity {
    /// Name (without `&` and `;`) to the characters it stands for, read once from the generated `table`.
    private static let named: [String: [Unicode.Scalar]] = {
        var result: [String: [Unicode.Scalar]] = [:]
        result.reserveCapacity(2_200)
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            result[String(fields[0])] = fields.dropFirst().compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
        }
        return result
    }()

    /// The characters an entity reference (`&...;`) stands for (one or two); nil when it is no reference.
    static func decode(_ bytes: ArraySlice<UInt8>) -> [Unicode.Scalar]? {
        let body = String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            return UInt32(body.dropFirst(2), radix: 16).map { [scalar($0)] }
        }
        if body.hasPrefix("#") { return UInt32(body.dropFirst()).map { [scalar($0)] } }
        return named[body]
    }

    /// CommonMark replaces invalid code points and NUL with U+FFFD.
    private static func scalar(_ value: UInt32) -> Unicode.Scalar {
        value == 0 ? "\u{FFFD}" : (Unicode.Scalar(value) ?? "\u{FFFD}")
    }
}
