/// The project's default formatting and named paragraph styles, built-in ones included.
public struct StyleSheet: Sendable {
    public var defaults: Attributes
    public var styles: [String: Attributes]

    /// Body, Heading 1-3, Block Quote and Code Block exist in every project; the manifest may override them.
    public static let builtIn: [String: Attributes] = {
        let heading: (Double) -> Attributes = { size in
            [.fontSize: .number(size), .bold: true, .firstLineHeadIndent: 0, .paragraphSpacingBefore: 12,
             .paragraphSpacing: 6]
        }
        return [
            "Body": [:],
            "Heading 1": heading(24),
            "Heading 2": heading(18),
            "Heading 3": heading(15),
            "Block Quote": [.headIndent: 36, .firstLineHeadIndent: 36, .tailIndent: -36, .italic: true],
            "Code Block": [.fontFamily: "Courier", .fontSize: 11, .firstLineHeadIndent: 0],
        ]
    }()

    public init(manifest: Manifest) {
        defaults = Manifest.referenceDefaults.overlaid(with: manifest.defaults)
        var styles = Self.builtIn
        for (name, attributes) in manifest.styles {
            styles[name] = (styles[name] ?? [:]).overlaid(with: attributes)
        }
        self.styles = styles
    }

    /// The attributes of a named style, if it exists (names match case-insensitively).
    public func style(named name: String) -> (name: String, attributes: Attributes)? {
        if let attributes = styles[name] { return (name, attributes) }
        let folded = name.lowercased()
        return styles.first { $0.key.lowercased() == folded }.map { ($0.key, $0.value) }
    }
}
