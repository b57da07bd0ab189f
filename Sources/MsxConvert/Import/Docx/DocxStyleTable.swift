import MsxModel

/// The styles part of a `.docx` (`word/styles.xml`): document defaults and each style by id, with the chain of
/// styles it is based on worked out (a loop in `basedOn` ends it).
struct DocxStyleTable {
    struct Style {
        var name: String
        var isParagraphStyle: Bool
        var basedOn: String?
        var paragraph: DocxParagraphFormat
        var character: DocxCharacterFormat
    }

    private(set) var styles: [String: Style] = [:]
    private(set) var defaultParagraphStyleID: String?
    private(set) var defaultParagraph = DocxParagraphFormat()
    private(set) var defaultCharacter = DocxCharacterFormat()
    /// Chains longer than this are cut: no real style sheet nests so deep.
    private static let maximumChain = 32

    init(_ root: XMLNode?, changes: TrackedChanges, themeFonts: [String: String]) {
        guard let root else { return }
        if let defaults = root.child("docDefaults") {
            defaultParagraph = DocxParagraphFormat(defaults.child("pPrDefault")?.child("pPr"), changes: changes)
            defaultCharacter = DocxCharacterFormat(defaults.child("rPrDefault")?.child("rPr"), changes: changes, themeFonts: themeFonts)
        }
        for node in root.children("style") {
            guard let id = node.attribute("styleId") else { continue }
            let type = node.attribute("type") ?? "paragraph"
            guard type == "paragraph" || type == "character" else { continue }
            var paragraph = DocxParagraphFormat(node.child("pPr"), changes: changes)
            paragraph.styleID = nil
            var character = DocxCharacterFormat(node.child("rPr"), changes: changes, themeFonts: themeFonts)
            character.styleID = nil
            styles[id] = Style(name: node.child("name")?.attribute("val") ?? id, isParagraphStyle: type == "paragraph",
                               basedOn: node.child("basedOn")?.attribute("val"), paragraph: paragraph, character: character)
            if type == "paragraph", DocxMeasure.isOn(node.attribute("default"), whenAbsent: false) { defaultParagraphStyleID = id }
        }
    }

    /// The style `id` and those it is based on, the most basic first.
    func chain(_ id: String?) -> [Style] {
        var chain: [Style] = [], seen = Set<String>(), next = id
        while let current = next, chain.count < Self.maximumChain, !seen.contains(current), let style = styles[current] {
            seen.insert(current)
            chain.insert(style, at: 0)
            next = style.basedOn
        }
        return chain
    }

    /// What a paragraph of style `id` has before its own properties: the document defaults, then each style of the
    /// chain.
    func paragraphBase(_ id: String?) -> (paragraph: DocxParagraphFormat, character: DocxCharacterFormat) {
        chain(id).reduce((defaultParagraph, defaultCharacter)) { base, style in
            (base.0.overlaid(with: style.paragraph), base.1.overlaid(with: style.character))
        }
    }

    /// The character properties a character style `id` gives (its chain, most basic first).
    func characterStyle(_ id: String?) -> DocxCharacterFormat {
        chain(id).filter { !$0.isParagraphStyle }.reduce(DocxCharacterFormat()) { $0.overlaid(with: $1.character) }
    }

    /// A paragraph style's own attributes (its chain, not the document defaults), as the style msx would add.
    func attributes(ofParagraphStyle id: String) -> Attributes {
        let chain = chain(id)
        let paragraph = chain.reduce(DocxParagraphFormat()) { $0.overlaid(with: $1.paragraph) }
        let character = chain.reduce(DocxCharacterFormat()) { $0.overlaid(with: $1.character) }
        return paragraph.attributes(complete: false).merging(character.attributes(complete: false)) { paragraph, _ in paragraph }
    }
}
