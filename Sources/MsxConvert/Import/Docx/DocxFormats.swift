import MsxModel

/// Whether a tracked change is taken (the document as its editor left it) or undone (as it was before).
public enum TrackedChanges: String, CaseIterable, Sendable {
    case accept, reject
}

/// Paragraph properties (`w:pPr`) as Word states them. Every field is optional, so that the document defaults, a
/// style, the styles it is based on and the paragraph's own properties combine field by field, as Word combines
/// them (an indent's left side from the style, its first line from the paragraph).
struct DocxParagraphFormat {
    var styleID: String?
    var alignment: String?
    /// Indents in twips; `firstLine` is negative for a hanging indent.
    var left: Double?
    var right: Double?
    var firstLine: Double?
    var before: Double?
    var after: Double?
    var line: Double?
    var lineRule: String?
    /// Tab stops by position in twips: true where set, false where cleared (clearing one a style set).
    var tabs: [Double: Bool] = [:]
    var pageBreakBefore: Bool?
    var outlineLevel: Int?
    var numberingID: Int?
    var numberingLevel: Int?

    init() {}

    /// The properties `pPr` states; with `.reject`, those it had before a tracked change (`w:pPrChange`).
    init(_ pPr: XMLNode?, changes: TrackedChanges) {
        guard var pPr else { return }
        if changes == .reject, let old = pPr.child("pPrChange")?.child("pPr") { pPr = old }
        for node in pPr.children {
            switch node.name {
            case "pStyle": styleID = node.attribute("val")
            case "jc":
                alignment = switch node.attribute("val") {
                case "center": "center"
                case "right", "end": "right"
                case "both", "distribute", "mediumKashida", "highKashida", "lowKashida", "thaiDistribute": "justified"
                default: "left"
                }
            case "ind":
                left = DocxMeasure.twips(node.attribute("left") ?? node.attribute("start")) ?? left
                right = DocxMeasure.twips(node.attribute("right") ?? node.attribute("end")) ?? right
                if let hanging = DocxMeasure.twips(node.attribute("hanging")) {
                    firstLine = -hanging
                } else if let first = DocxMeasure.twips(node.attribute("firstLine")) {
                    firstLine = first
                }
            case "spacing":
                before = DocxMeasure.twips(node.attribute("before")) ?? before
                after = DocxMeasure.twips(node.attribute("after")) ?? after
                if let value = DocxMeasure.twips(node.attribute("line")) {
                    line = value
                    lineRule = node.attribute("lineRule") ?? "auto"
                }
            case "tabs":
                for tab in node.children("tab") {
                    if let position = DocxMeasure.twips(tab.attribute("pos")) { tabs[position] = tab.attribute("val") != "clear" }
                }
            case "pageBreakBefore": pageBreakBefore = DocxMeasure.toggle(node)
            case "outlineLvl": outlineLevel = DocxMeasure.integer(node.attribute("val"))
            case "numPr":
                numberingID = DocxMeasure.integer(node.child("numId")?.attribute("val")) ?? numberingID
                numberingLevel = DocxMeasure.integer(node.child("ilvl")?.attribute("val")) ?? numberingLevel
            default: break
            }
        }
    }

    /// These properties with `other`'s over them, field by field.
    func overlaid(with other: DocxParagraphFormat) -> DocxParagraphFormat {
        var result = self
        result.styleID = other.styleID ?? styleID
        result.alignment = other.alignment ?? alignment
        result.left = other.left ?? left
        result.right = other.right ?? right
        result.firstLine = other.firstLine ?? firstLine
        result.before = other.before ?? before
        result.after = other.after ?? after
        if other.line != nil { (result.line, result.lineRule) = (other.line, other.lineRule) }
        result.tabs.merge(other.tabs) { _, new in new }
        result.pageBreakBefore = other.pageBreakBefore ?? pageBreakBefore
        result.outlineLevel = other.outlineLevel ?? outlineLevel
        result.numberingID = other.numberingID ?? numberingID
        result.numberingLevel = other.numberingLevel ?? numberingLevel
        return result
    }

    /// msx's paragraph attributes for what these properties say (points, not twips). With `complete`, what they
    /// leave unsaid takes the value a paragraph has when nothing is said (left aligned, no indent, single spacing),
    /// as in the resolved model; without, it is absent.
    func attributes(complete: Bool) -> Attributes {
        var a: Attributes = [:]
        if complete {
            a = [.alignment: "left", .firstLineHeadIndent: 0, .headIndent: 0, .tailIndent: 0, .lineHeightMultiple: 1,
                 .lineSpacing: 0, .paragraphSpacingBefore: 0, .paragraphSpacing: 0, .tabStops: []]
        }
        if let alignment { a[.alignment] = .string(alignment) }
        if let left { a[.headIndent] = .number(left / 20) }
        if left != nil || firstLine != nil { a[.firstLineHeadIndent] = .number(((left ?? 0) + (firstLine ?? 0)) / 20) }
        if let right { a[.tailIndent] = .number(-right / 20) }
        if let before { a[.paragraphSpacingBefore] = .number(before / 20) }
        if let after { a[.paragraphSpacing] = .number(after / 20) }
        if let line {
            switch lineRule {
            case "exact":
                a[.minimumLineHeight] = .number(line / 20)
                a[.maximumLineHeight] = .number(line / 20)
            case "atLeast": a[.minimumLineHeight] = .number(line / 20)
            default: a[.lineHeightMultiple] = .number(line / 240)
            }
        }
        let stops = tabs.filter(\.value).keys.sorted()
        if !stops.isEmpty || (complete && !tabs.isEmpty) { a[.tabStops] = .array(stops.map { .number($0 / 20) }) }
        if pageBreakBefore == true { a[.pageBreakBefore] = true }
        return a.clampedToLimits()
    }
}

/// Run properties (`w:rPr`) as Word states them: the attributes they set (a key they do not mention is absent),
/// so that defaults, styles and the run's own properties combine key by key.
struct DocxCharacterFormat {
    var styleID: String?
    /// Attributes stated, `.null` where the properties say "none" (no underline, automatic colour).
    var stated: Attributes = [:]
    /// A highlight, which shows over shading (`backgroundColor`).
    var highlight: JSONValue?
    var hidden: Bool?

    init() {}

    /// The properties `rPr` states; with `.reject`, those it had before a tracked change (`w:rPrChange`). Theme
    /// fonts (`asciiTheme`) are named through `themeFonts` ("major"/"minor" → family).
    init(_ rPr: XMLNode?, changes: TrackedChanges, themeFonts: [String: String]) {
        guard var rPr else { return }
        if changes == .reject, let old = rPr.child("rPrChange")?.child("rPr") { rPr = old }
        for node in rPr.children {
            switch node.name {
            case "rStyle": styleID = node.attribute("val")
            case "rFonts":
                let theme = (node.attribute("asciiTheme") ?? node.attribute("hAnsiTheme")).flatMap {
                    themeFonts[$0.hasPrefix("major") ? "major" : "minor"]
                }
                if let family = node.attribute("ascii") ?? node.attribute("hAnsi") ?? theme, !family.isEmpty {
                    stated[.fontFamily] = .string(family)
                }
            case "b": stated[.bold] = .bool(DocxMeasure.toggle(node))
            case "i": stated[.italic] = .bool(DocxMeasure.toggle(node))
            case "strike", "dstrike": stated[.strikethrough] = .bool(DocxMeasure.toggle(node))
            case "caps": stated[.allCaps] = .bool(DocxMeasure.toggle(node))
            case "smallCaps": stated[.smallCaps] = .bool(DocxMeasure.toggle(node))
            case "vertAlign":
                let value = node.attribute("val") ?? ""
                stated[.verticalAlign] = AttributeKey.verticalAlignments.contains(value) ? .string(value) : .null
            case "u": stated[.underline] = Self.underline(node.attribute("val"))
            case "color": stated[.foregroundColor] = Self.color(node.attribute("val"))
            case "highlight": highlight = Self.highlight(node.attribute("val"))
            case "shd": stated[.backgroundColor] = node.attribute("val") == "nil" ? .null : Self.color(node.attribute("fill"))
            case "sz":
                if let size = DocxMeasure.twips(node.attribute("val")).map({ $0 / 2 }), size > 0 { stated[.fontSize] = .number(size) }
            case "vanish": hidden = DocxMeasure.toggle(node)
            default: break
            }
        }
    }

    func overlaid(with other: DocxCharacterFormat) -> DocxCharacterFormat {
        var result = self
        result.styleID = other.styleID ?? styleID
        result.stated.merge(other.stated) { _, new in new }
        result.highlight = other.highlight ?? highlight
        result.hidden = other.hidden ?? hidden
        return result
    }

    /// msx's character attributes for what these properties say. With `complete`, emphasis, underline and colours
    /// left unsaid are off, as in the resolved model (the font and size stay absent: the project's apply).
    func attributes(complete: Bool) -> Attributes {
        var a: Attributes = complete
            ? [.bold: false, .italic: false, .strikethrough: false, .underline: .null, .foregroundColor: .null, .backgroundColor: .null]
            : [:]
        a.merge(stated) { _, new in new }
        if let highlight, highlight != .null || a[.backgroundColor] == nil { a[.backgroundColor] = highlight }
        return a.clampedToLimits()
    }

    private static func underline(_ value: String?) -> JSONValue {
        switch value {
        case "none": return .null
        case "double", "wavyDouble": return "double"
        case "thick", "dottedHeavy", "dashedHeavy", "dashLongHeavy", "dashDotHeavy", "dashDotDotHeavy", "wavyHeavy": return "thick"
        default: return "single"
        }
    }

    /// "#RRGGBB" for six hex digits, `.null` for `auto` or anything else.
    static func color(_ value: String?) -> JSONValue {
        guard let value, value.count == 6, value.allSatisfy(\.isHexDigit) else { return .null }
        return .string("#" + value.uppercased())
    }

    private static let highlights: [String: String] = [
        "black": "000000", "blue": "0000FF", "cyan": "00FFFF", "darkBlue": "000080", "darkCyan": "008080",
        "darkGray": "808080", "darkGreen": "008000", "darkMagenta": "800080", "darkRed": "800000",
        "darkYellow": "808000", "green": "00FF00", "lightGray": "C0C0C0", "magenta": "FF00FF", "red": "FF0000",
        "white": "FFFFFF", "yellow": "FFFF00",
    ]

    private static func highlight(_ value: String?) -> JSONValue {
        value.flatMap { highlights[$0] }.map { .string("#" + $0) } ?? .null
    }
}
