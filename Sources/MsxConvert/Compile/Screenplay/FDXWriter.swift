import MsxModel

/// Writes a screenplay as Final Draft's XML (`.fdx`): a `Paragraph` of the element's `Type` for each paragraph
/// (`Scene Heading`, `Action`, `Character`, `Parenthetical`, `Dialogue`, `Transition`; a section as `New Act`),
/// bold, italic and underline as each `Text`'s `Style`, a centred paragraph's `Alignment`, a page break as
/// `StartsNewPage`, and a title page of the title, author and contact.
enum FDXWriter {
    static func render(_ manuscript: Manuscript) -> String {
        let script = manuscript.screenplay()
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\" ?>\n"
        out += "<FinalDraft DocumentType=\"Script\" Template=\"No\" Version=\"5\">\n  <Content>\n"
        for item in script where item.element != .titlePage {
            var attributes = ""
            if item.centred { attributes += " Alignment=\"Center\"" }
            if item.startsPage { attributes += " StartsNewPage=\"Yes\"" }
            out += "    <Paragraph\(attributes) Type=\"\(type(of: item.element))\">\n"
            out += texts(item)
            out += "    </Paragraph>\n"
        }
        out += "  </Content>\n  <TitlePage>\n    <Content>\n"
        let lines = titleLines(manuscript, own: script.filter { $0.element == .titlePage })
        for (index, line) in lines.enumerated() {
            let spacing = index == 0 ? " SpaceBefore=\"216\"" : ""
            out += "      <Paragraph Alignment=\"Center\"\(spacing) Type=\"General\">\n"
            out += "        <Text>\(XMLText.escaped(line))</Text>\n      </Paragraph>\n"
        }
        return out + "    </Content>\n  </TitlePage>\n</FinalDraft>\n"
    }

    /// The element's `Type`.
    static func type(of element: ScreenplayElement) -> String {
        switch element {
        case .sceneHeading: "Scene Heading"
        case .action, .titlePage: "Action"
        case .character: "Character"
        case .parenthetical: "Parenthetical"
        case .dialogue: "Dialogue"
        case .transition: "Transition"
        case .section: "New Act"
        }
    }

    private static func titleLines(_ manuscript: Manuscript, own: [ScreenplayParagraph]) -> [String] {
        guard own.isEmpty else { return own.map { $0.text.replacingOccurrences(of: "\u{2028}", with: " ") } }
        return [manuscript.title, "Written by", manuscript.author] + (manuscript.contact ?? "").split(separator: "\n").map(String.init)
    }

    /// A paragraph's runs as `Text` elements, each with its style; a line break as a new line in the text.
    private static func texts(_ item: ScreenplayParagraph) -> String {
        var out = ""
        for (characters, emphasis) in item.emphasisRuns {
            var styles: [String] = []
            if emphasis.bold { styles.append("Bold") }
            if emphasis.italic { styles.append("Italic") }
            if emphasis.underline { styles.append("Underline") }
            let text = String(characters).replacingOccurrences(of: "\u{2028}", with: "\n").replacingOccurrences(of: "\u{FFFC}", with: "")
            guard !text.isEmpty else { continue }
            let style = styles.isEmpty ? "" : " Style=\"\(styles.joined(separator: "+"))\""
            out += "      <Text\(style)>\(XMLText.escaped(text))</Text>\n"
        }
        return out.isEmpty ? "      <Text></Text>\n" : out
    }
}
