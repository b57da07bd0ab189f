import Foundation
import MsxModel

/// What a paragraph is in a screenplay, the elements Fountain and Final Draft share.
public enum ScreenplayElement: Equatable, Sendable {
    case sceneHeading, action, character, parenthetical, dialogue, transition
    /// A section of the script (an act), at a depth: a folder's title, a top-level heading.
    case section(level: Int)
    /// A line of the title page, `Key: value` (a script imported from Fountain keeps its own).
    case titlePage

    /// The paragraph style a screenplay project gives it (the screenplay template's names, Final Draft's too).
    var styleName: String? {
        switch self {
        case .character: "Character"
        case .parenthetical: "Parenthetical"
        case .dialogue: "Dialogue"
        case .transition: "Transition"
        case .titlePage: "Title Page"
        case .sceneHeading, .action, .section: nil
        }
    }

    /// The element a paragraph style names (any case; Final Draft's `General` and `Shot` included), nil for others.
    init?(style: String) {
        switch style.lowercased() {
        case "character": self = .character
        case "parenthetical": self = .parenthetical
        case "dialogue", "dialog": self = .dialogue
        case "transition": self = .transition
        case "scene heading", "slugline", "shot": self = .sceneHeading
        case "action", "general": self = .action
        case "title page": self = .titlePage
        default: return nil
        }
    }

    /// The styles a screenplay's paragraphs use, as the screenplay template defines them: a cue 2.2 in in from
    /// the text's edge (3.7 in from the page's), dialogue 1 in in and 3.5 in wide, a parenthetical 1.6 in in and 2.4 in wide.
    static let styles: [String: Attributes] = [
        "Character": [.firstLineHeadIndent: 158, .headIndent: 158, .paragraphSpacing: 0],
        "Dialogue": [.firstLineHeadIndent: 72, .headIndent: 72, .tailIndent: -108],
        "Parenthetical": [.firstLineHeadIndent: 115, .headIndent: 115, .tailIndent: -144, .paragraphSpacing: 0],
        "Transition": [.alignment: "right"],
        "Title Page": [.alignment: "center"],
    ]

    /// Whether a line reads as a scene heading by itself (`INT.`, `EXT.`, `EST.`, `INT./EXT.`, `I/E`).
    static func looksLikeSceneHeading(_ text: String) -> Bool {
        text.wholeMatch(of: /(?i)(int|ext|est|int\.?\/ext|i\/e)[. ].*/) != nil
    }
}

/// One paragraph of a screenplay: its element, its text and runs (as resolved), and whether it starts a page or
/// is centred.
public struct ScreenplayParagraph: Sendable {
    public var element: ScreenplayElement
    public var paragraph: ResolvedParagraph
    public var startsPage = false
    public var centred = false
    /// The emphasis its style gives every character (a heading's bold), which is no emphasis of the text's own.
    var styleEmphasis = Emphasis()
    public var text: String { paragraph.text }

    /// Bold, italic and underline: what Fountain and Final Draft mark in a script's text.
    struct Emphasis: Equatable, Sendable {
        var bold = false, italic = false, underline = false

        init(bold: Bool = false, italic: Bool = false, underline: Bool = false) {
            (self.bold, self.italic, self.underline) = (bold, italic, underline)
        }

        init(_ attributes: Attributes) {
            bold = attributes[.bold]?.boolValue == true
            italic = attributes[.italic]?.boolValue == true
            underline = attributes[.underline].map { $0 != .null } ?? false
        }
    }

    /// Each run's text with the emphasis the writer gave it (beyond the style's).
    var emphasisRuns: [(text: Substring, emphasis: Emphasis)] {
        paragraph.runs.map { run in
            let own = Emphasis(run.attributes)
            return (run.characters, Emphasis(bold: own.bold && !styleEmphasis.bold, italic: own.italic && !styleEmphasis.italic,
                                             underline: own.underline && !styleEmphasis.underline))
        }
    }
}

extension Manuscript {
    /// The manuscript as a screenplay: each paragraph's element from its style, else from its form (a heading is a
    /// scene heading when it reads as one or sits below the top level; a line in parentheses after a character
    /// or dialogue is a parenthetical); folders' titles as sections; scene separators left out (a scene heading
    /// separates scenes); `\newpage` a page break.
    public func screenplay() -> [ScreenplayParagraph] {
        var out: [ScreenplayParagraph] = []
        var breakPending = false
        func add(_ element: ScreenplayElement, _ paragraph: ResolvedParagraph) {
            let paragraph = smartQuotes ? paragraph.withSmartQuotes() : paragraph
            let style = paragraph.attributes[.style]?.stringValue ?? paragraph.kind.headingLevel.map { "Heading \($0)" }
            let base = styleSheet.defaults.overlaid(with: style.flatMap { styleSheet.style(named: $0)?.attributes } ?? [:])
            out.append(ScreenplayParagraph(element: element, paragraph: paragraph,
                                           startsPage: breakPending || paragraph.attributes[.pageBreakBefore]?.boolValue == true,
                                           centred: paragraph.attributes[.alignment]?.stringValue == "center",
                                           styleEmphasis: .init(base)))
            breakPending = false
        }
        // Folders' titles, and headings the section layouts add, are the script's sections.
        func section(_ heading: LayoutHeading?) {
            guard let heading, let title = heading.text else { return }
            let resolved = RichDocument(markdown: MarkdownDocument(String(repeating: "#", count: heading.level) + " "
                + MarkdownEscaping.escape(title[...], startsLine: true, endsLine: true, mode: .everything) + "\n"), sidecar: nil)
            if let paragraph = resolved.resolved(with: styleSheet).first { add(.section(level: heading.level), paragraph) }
        }
        let headings = layoutHeadings()
        for (index, part) in parts.enumerated() {
            switch part {
            case .heading:
                section(headings[index])
            case .separator:
                continue
            case .document(_, let document):
                section(headings[index])
                for paragraph in document.resolved(with: styleSheet) {
                    if paragraph.kind == .paragraph && PageBreakCommand.matches(paragraph.text) {
                        breakPending = true
                        continue
                    }
                    add(Self.element(of: paragraph, after: out.last?.element), paragraph)
                }
            }
        }
        return out
    }

    private static func element(of paragraph: ResolvedParagraph, after previous: ScreenplayElement?) -> ScreenplayElement {
        if let style = paragraph.attributes[.style]?.stringValue, let element = ScreenplayElement(style: style) { return element }
        if let level = paragraph.kind.headingLevel {
            return level == 1 && !ScreenplayElement.looksLikeSceneHeading(paragraph.text) ? .section(level: 1) : .sceneHeading
        }
        let text = paragraph.text.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("("), text.hasSuffix(")"), previous == .character || previous == .dialogue { return .parenthetical }
        return .action
    }
}
