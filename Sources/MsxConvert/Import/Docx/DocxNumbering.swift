import MsxModel

/// The numbering part of a `.docx` (`word/numbering.xml`): each list instance's level formats, as msx's list
/// formats.
struct DocxNumbering {
    /// A level's format, the number it starts at, and where its items' text starts (points; nil when unsaid).
    struct Level {
        var format: ListFormat
        var start: Int
        var textIndent: Double?
    }

    /// Levels by abstract numbering id, then level.
    private var abstractLevels: [Int: [Int: Level]] = [:]
    /// Each instance's abstract numbering, the levels it overrides and the start numbers it overrides.
    private var instances: [Int: (abstract: Int, overrides: [Int: Level], starts: [Int: Int])] = [:]

    init(_ root: XMLNode?) {
        guard let root else { return }
        for node in root.children("abstractNum") {
            guard let id = DocxMeasure.integer(node.attribute("abstractNumId")) else { continue }
            abstractLevels[id] = Self.levels(node.children("lvl"))
        }
        for node in root.children("num") {
            guard let id = DocxMeasure.integer(node.attribute("numId")),
                  let abstract = DocxMeasure.integer(node.child("abstractNumId")?.attribute("val")) else { continue }
            let overrides = node.children("lvlOverride")
            var starts: [Int: Int] = [:]
            for override in overrides {
                if let level = DocxMeasure.integer(override.attribute("ilvl")),
                   let start = DocxMeasure.integer(override.child("startOverride")?.attribute("val")) { starts[level] = start }
            }
            instances[id] = (abstract, Self.levels(overrides.compactMap { $0.child("lvl") }), starts)
        }
    }

    /// The format of level `level` (0-based) of list instance `id`; nil when there is no such list (`numId` 0 is
    /// Word's "no list").
    func format(list id: Int, level: Int) -> ListFormat? {
        guard id != 0, let instance = instances[id] else { return nil }
        return (instance.overrides[level] ?? abstractLevels[instance.abstract]?[level])?.format ?? .decimal
    }

    /// The number level `level` of list instance `id` starts at.
    func start(list id: Int, level: Int) -> Int {
        guard let instance = instances[id] else { return 1 }
        return instance.starts[level] ?? (instance.overrides[level] ?? abstractLevels[instance.abstract]?[level])?.start ?? 1
    }

    /// Where the text of level `level`'s items starts (its left indent, in points), when the list says.
    func textIndent(list id: Int, level: Int) -> Double? {
        guard let instance = instances[id] else { return nil }
        return (instance.overrides[level] ?? abstractLevels[instance.abstract]?[level])?.textIndent
    }

    private static func levels(_ nodes: [XMLNode]) -> [Int: Level] {
        var levels: [Int: Level] = [:]
        for level in nodes {
            guard let index = DocxMeasure.integer(level.attribute("ilvl")) else { continue }
            levels[index] = Level(format: format(level.child("numFmt")?.attribute("val"), text: level.child("lvlText")?.attribute("val")),
                                  start: max(0, min(DocxMeasure.integer(level.child("start")?.attribute("val")) ?? 1, 1_000_000)),
                                  textIndent: level.child("pPr")?.child("ind").flatMap { DocxMeasure.twips($0.attribute("left") ?? $0.attribute("start")) }
                                    .map { $0 / 20 })
        }
        return levels
    }

    /// msx's list format for Word's number format and level text.
    static func format(_ numberFormat: String?, text: String?) -> ListFormat {
        switch numberFormat {
        case "upperRoman": return .uppercaseRoman
        case "lowerRoman": return .lowercaseRoman
        case "upperLetter": return .uppercaseLetter
        case "lowerLetter": return .lowercaseLetter
        case "none": return .none
        case "bullet":
            let symbols = (0..<5).map { ListFormat.footnoteSymbols.symbol(at: $0) }
            return symbols.contains(text ?? "") ? .footnoteSymbols : .bulletSymbols
        default: return .decimal
        }
    }
}
