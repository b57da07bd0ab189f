import ArgumentParser
import MsxKit

struct Format: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Apply formatting to words or paragraphs of a document.",
        discussion: ManualText.discussion(
            """
            Choose the text with --match, --paragraph or --range, then say what to change. Markdown carries what it \
            can (bold, italic, strikethrough, headings, block quotes, lists, task boxes), written into the .md with \
            only those bytes changed; everything else goes to the document's sidecar (NAME.attrs.json). \
            Offsets count UTF-16 code units; paragraphs are numbered from 1. \
            Use `none` to remove a font, colour or highlight.
            """,
            examples: [
                .init("msx format \"The Storm\" --match \"the storm\" --bold",
                      "Bold those words: **the storm** in the .md."),
                .init("msx format \"The Storm\" --match lamp --occurrence all --underline=double --color darkred",
                      "Sidecar formatting on every \"lamp\"."),
                .init("msx format \"The Storm\" --paragraph 1 --align center --style \"Heading 2\"",
                      "Paragraph formatting."),
                .init("msx format \"The Storm\" --range 120-180 --font Baskerville --size 14",
                      "Formatting by character offsets."),
            ]))

    @Argument(help: "The document (id, title or path).")
    var reference: String

    @Option(help: ArgumentHelp("Format this exact text.", valueName: "text")) var match: String?
    @Option(help: ArgumentHelp("Which occurrence of --match: a number from 1, or all.", valueName: "n|all"))
    var occurrence: String?
    @Option(help: ArgumentHelp("Format whole paragraphs, e.g. 3 or 2-5.", valueName: "n[-m]")) var paragraph: String?
    @Option(help: ArgumentHelp("Format UTF-16 offsets START-END of the document's text.", valueName: "start-end"))
    var range: String?

    @Flag(inversion: .prefixedNo, help: "Bold.") var bold: Bool?
    @Flag(inversion: .prefixedNo, help: "Italic.") var italic: Bool?
    @Flag(inversion: .prefixedNo, help: "Strikethrough.") var strikethrough: Bool?
    @Option(help: ArgumentHelp("Superscript, subscript or baseline.", valueName: "position")) var position: String?
    @Flag(name: .customLong("small-caps"), inversion: .prefixedNo, help: "Small capitals.") var smallCaps: Bool?
    @Flag(name: .customLong("all-caps"), inversion: .prefixedNo, help: "All capitals (the text keeps its case).") var allCaps: Bool?
    @Option(help: ArgumentHelp("Underline: --underline or --underline=single|double|thick.", valueName: "style"))
    var underline: String?
    @Flag(name: .customLong("no-underline"), help: "Remove underline.") var noUnderline = false
    @Option(help: ArgumentHelp("Font family.", valueName: "family")) var font: String?
    @Option(help: ArgumentHelp("Font size in points.", valueName: "pt")) var size: Double?
    @Option(help: ArgumentHelp("Text colour, #RRGGBB.", valueName: "hex")) var color: String?
    @Option(help: ArgumentHelp("Highlight colour, #RRGGBB.", valueName: "hex")) var highlight: String?

    @Option(help: ArgumentHelp("Alignment: left, center, right, justified.", valueName: "a")) var align: String?
    @Option(name: .customLong("first-indent"), parsing: .unconditional, help: ArgumentHelp("First-line indent in points.", valueName: "pt")) var firstIndent: Double?
    @Option(name: .customLong("left-indent"), parsing: .unconditional, help: ArgumentHelp("Left indent in points.", valueName: "pt")) var leftIndent: Double?
    @Option(name: .customLong("right-indent"), parsing: .unconditional, help: ArgumentHelp("Right indent in points (NSParagraphStyle tailIndent).", valueName: "pt")) var rightIndent: Double?
    @Option(name: .customLong("line-height"), help: ArgumentHelp("Line height multiple, e.g. 1.5.", valueName: "x")) var lineHeight: Double?
    @Option(name: .customLong("space-before"), parsing: .unconditional, help: ArgumentHelp("Space before the paragraph in points.", valueName: "pt")) var spaceBefore: Double?
    @Option(name: .customLong("space-after"), parsing: .unconditional, help: ArgumentHelp("Space after the paragraph in points.", valueName: "pt")) var spaceAfter: Double?
    @Option(help: ArgumentHelp("Named paragraph style (Body, Heading 1-3, Block Quote, Code Block, or the project's own).", valueName: "name"))
    var style: String?
    @Option(help: ArgumentHelp("List format: none, decimal, lowercaseRoman, uppercaseRoman, lowercaseLetter, uppercaseLetter, footnoteSymbols, bulletSymbols.", valueName: "format"))
    var list: String?
    @Flag(help: "Tick the checklist box.") var check = false
    @Flag(help: "Untick the checklist box.") var uncheck = false

    @Flag(help: "Say what would change without changing anything.")
    var dryRun = false

    @OptionGroup var global: GlobalOptions

    /// `--underline` alone means single; ArgumentParser options always take a value, so it is rewritten first.
    static func normalize(_ arguments: [String]) -> [String] {
        guard arguments.first == "format" else { return arguments }
        return arguments.map { $0 == "--underline" ? "--underline=single" : $0 }
    }

    func validate() throws {
        let selections = [match != nil, paragraph != nil, range != nil].filter { $0 }.count
        if selections != 1 { throw ValidationError("choose the text with exactly one of --match, --paragraph or --range") }
        if occurrence != nil && match == nil { throw ValidationError("--occurrence goes with --match") }
        if check && uncheck { throw ValidationError("give --check or --uncheck, not both") }
        if underline != nil && noUnderline { throw ValidationError("give --underline or --no-underline, not both") }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            guard let outcome = try console.run(FormatAction(reference, try request(), dryRun: dryRun))?.outcome else { return }
            console.warn(outcome.lostFormatting.map(FormattingLossWording.line))
            for event in outcome.events { console.line(FormatWording.line(event, Mood(dryRun: dryRun))) }
            if outcome.events.isEmpty { console.line("nothing to change") }
        }
    }

    private func request() throws -> FormatRequest {
        var character: Attributes = [:]
        var paragraphAttributes: Attributes = [:]
        if let bold { character[.bold] = .bool(bold) }
        if let italic { character[.italic] = .bool(italic) }
        if let strikethrough { character[.strikethrough] = .bool(strikethrough) }
        if let position { character[.verticalAlign] = position == "baseline" ? .null : .string(position) }
        if let smallCaps { character[.smallCaps] = smallCaps ? true : .null }
        if let allCaps { character[.allCaps] = allCaps ? true : .null }
        if let underline { character[.underline] = .string(underline) }
        if noUnderline { character[.underline] = .null }
        if let font { character[.fontFamily] = font == "none" ? .null : .string(font) }
        if let size { character[.fontSize] = .number(size) }
        if let color { character[.foregroundColor] = color == "none" ? .null : .string(color) }
        if let highlight { character[.backgroundColor] = highlight == "none" ? .null : .string(highlight) }
        if let align { paragraphAttributes[.alignment] = .string(align == "centre" ? "center" : align) }
        if let firstIndent { paragraphAttributes[.firstLineHeadIndent] = .number(firstIndent) }
        if let leftIndent { paragraphAttributes[.headIndent] = .number(leftIndent) }
        if let rightIndent { paragraphAttributes[.tailIndent] = .number(rightIndent) }
        if let lineHeight { paragraphAttributes[.lineHeightMultiple] = .number(lineHeight) }
        if let spaceBefore { paragraphAttributes[.paragraphSpacingBefore] = .number(spaceBefore) }
        if let spaceAfter { paragraphAttributes[.paragraphSpacing] = .number(spaceAfter) }
        if let style { paragraphAttributes[.style] = .string(style) }
        if let list { paragraphAttributes[.listFormat] = .string(list) }
        if check { paragraphAttributes[.checklist] = "checked" }
        if uncheck { paragraphAttributes[.checklist] = "unchecked" }
        return FormatRequest(selection: try selection(), character: character, paragraph: paragraphAttributes)
    }

    private func selection() throws -> FormatRequest.Selection {
        if let match {
            switch occurrence {
            case nil: return .match(match, occurrence: .only)
            case "all": return .match(match, occurrence: .all)
            case let n?:
                guard let number = Int(n), number >= 1 else { throw ValidationError("--occurrence takes a number from 1, or all") }
                return .match(match, occurrence: .number(number))
            }
        }
        if let paragraph {
            guard let (low, high) = Self.span(paragraph), low >= 1, low <= high else {
                throw ValidationError("--paragraph takes N or N-M, counting from 1")
            }
            return .paragraphs(low...high)
        }
        guard let range, let (start, end) = Self.span(range) else {
            throw ValidationError("--range takes START-END with START < END (UTF-16 offsets)")
        }
        guard start < end else {
            throw ValidationError(start > end ? "--range \(range) is reversed: START comes first (did you mean \(end)-\(start)?)"
                                              : "--range \(range) is empty: END must be after START")
        }
        return .range(start..<end)
    }

    /// "3" -> (3, 3); "2-5" -> (2, 5).
    static func span(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count <= 2, let first = Int(parts[0]) else { return nil }
        guard parts.count == 2 else { return (first, first) }
        guard let second = Int(parts[1]) else { return nil }
        return (first, second)
    }
}
