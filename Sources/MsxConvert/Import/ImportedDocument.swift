import Foundation
import MsxModel

/// A document read from another format (RTF, plain text) before it becomes Markdown and a sidecar: paragraphs of
/// text, each with the paragraph attributes and character runs the source gave it, in msx's attribute vocabulary.
public struct ImportedDocument: Sendable {
    public var paragraphs: [ImportedParagraph]
    /// Named paragraph styles the source defined (name → paragraph and character attributes).
    public var styles: [String: Attributes]
    /// Things the reader skipped or repaired, one line each ("2 pictures skipped").
    public var warnings: [ImportWarning]
    /// Of `warnings`, those that happened in one paragraph (by index), each with its own count.
    public var warningsAt: [(paragraph: Int, warning: ImportWarning)] = []
    /// Named stretches of the source (Word's bookmarks): the paragraphs each covers, by index (empty when it holds
    /// no paragraph with text), and whether its end was found (`closed`). A name may come more than once:
    /// programs cut bookmarks.
    public var bookmarks: [(name: String, paragraphs: Range<Int>, closed: Bool)] = []
    /// The notes (comments) on its text, by id; the runs they are on carry the ids in `annotation`.
    public var annotations: [String: Annotation] = [:]
    /// The source's own named properties (a `.docx`'s custom document properties), by name.
    public var properties: [String: String] = [:]
    /// The pictures the text shows (a U+FFFC whose `image` attribute names one), by file name: each is written
    /// beside the imported document.
    public var pictures: [String: Data] = [:]

    public init(paragraphs: [ImportedParagraph] = [], styles: [String: Attributes] = [:], warnings: [ImportWarning] = []) {
        self.paragraphs = paragraphs
        self.styles = styles
        self.warnings = warnings
    }
}

/// One paragraph of an imported document.
///
/// `text` holds no newline: a hard line break is U+2028 and a tab is U+0009. A footnote is written inline as
/// `^[note text]` (the syntax pandoc reads), and its characters carry the `footnote: true` run attribute.
public struct ImportedParagraph: Equatable, Sendable {
    public var text: String
    /// Paragraph attributes (`alignment`, indents, spacing, `tabStops`, `style`, `listFormat`, `checklist`, and any
    /// attribute msx does not know, such as `pageBreakBefore`). Keys the source did not say are absent.
    public var attributes: Attributes
    /// 1...6 for a heading, nil for body text.
    public var headingLevel: Int?
    /// Nesting depth (1 = top level) when the paragraph is a list item, nil otherwise.
    public var listLevel: Int?
    /// The number its ordered list starts at, when not 1 (used where the list begins).
    public var listStart: Int?
    /// Which list of the source it is in (Word's `w:numId`, RTF's `\ls`): two adjacent lists stay two.
    public var listID: Int?
    /// A further paragraph of the list item at `listLevel` (written under it, without a marker).
    public var continuesListItem = false
    /// Where a list item's text starts by its list's definition (points), which a further paragraph of the item
    /// is indented to; nil when the list does not say.
    public var listTextIndent: Double?
    /// Block-quote nesting depth, 0 for none.
    public var quoteDepth: Int
    /// A code block: its text is written verbatim inside a fence, its lines separated by U+000A.
    public var isCodeBlock = false
    /// A table row: the table's number (rows of one table share it; the first row is the header), its cells
    /// separated by tabs in `text`.
    public var tableRow: Int?
    /// Character attributes over UTF-16 ranges of `text`: sorted, not overlapping. Each run gives every attribute the
    /// source said for those characters (`bold: false` included); `.null` means "none" (no underline, no colour).
    public var runs: [ImportedRun]

    public init(text: String, attributes: Attributes = [:], headingLevel: Int? = nil, listLevel: Int? = nil,
                quoteDepth: Int = 0, runs: [ImportedRun] = []) {
        self.text = text
        self.attributes = attributes
        self.headingLevel = headingLevel
        self.listLevel = listLevel
        self.quoteDepth = quoteDepth
        self.runs = runs
    }
}

extension ImportedParagraph {
    /// Takes UTF-16 `range` out of the text, the runs closing over the gap.
    mutating func removeText(in range: Range<Int>) {
        var units = Array(text.utf16)
        units.removeSubrange(range)
        text = String(decoding: units, as: UTF16.self)
        func map(_ x: Int) -> Int { x <= range.lowerBound ? x : x >= range.upperBound ? x - range.count : range.lowerBound }
        runs = runs.map { ImportedRun(range: map($0.range.lowerBound)..<map($0.range.upperBound), attributes: $0.attributes) }
            .filter { !$0.range.isEmpty }
    }
}

/// A stretch of an imported paragraph (UTF-16 offsets) with its character attributes.
public struct ImportedRun: Equatable, Sendable {
    public var range: Range<Int>
    public var attributes: Attributes

    public init(range: Range<Int>, attributes: Attributes) {
        self.range = range
        self.attributes = attributes
    }
}

/// What a reader skipped or repaired in a file it imported, as data; front ends word it.
public enum ImportWarning: Sendable, Equatable {
    /// The file ends inside a group: it was probably cut short.
    case truncated
    /// Groups nested deeper than this were read as if flat.
    case nestedTooDeep(Int)
    /// Closing braces with no group to close were ignored.
    case extraClosingBraces(Int)
    /// Pictures (and equations and objects) were left out.
    case picturesSkipped(Int)
    /// Hidden text (this many characters) was left out, as the source's reader shows none of it.
    case hiddenTextSkipped(Int)
    /// Text in this code page was read as Windows-1252: the code page is not available here.
    case codePageUnavailable(Int)
    /// msx's own formatting data that is not a JSON object was ignored.
    case invalidMsxData
    /// A file in an imported folder is not one msx imports.
    case unsupportedFileSkipped
    /// A folder reached a second time (through a link back to a folder already being imported) was left out.
    case folderSeenAgainSkipped
    /// A folder of the project itself (reached through a link) was left out.
    case projectFolderSkipped
    /// Something of an imported Scrivener project that could not come across, naming its item.
    case notBroughtIn(String)
    /// Something of an imported Scrivener project that came across in another shape, nothing lost, naming it.
    case reshaped(String)

    /// The warning in the JSON view of a document: its kind and, where it has one, its number.
    var json: JSONValue {
        let (kind, number): (String, (name: String, value: Int)?) = switch self {
        case .truncated: ("truncated", nil)
        case .nestedTooDeep(let depth): ("nestedTooDeep", ("depth", depth))
        case .extraClosingBraces(let count): ("extraClosingBraces", ("count", count))
        case .picturesSkipped(let count): ("picturesSkipped", ("count", count))
        case .hiddenTextSkipped(let count): ("hiddenTextSkipped", ("characters", count))
        case .codePageUnavailable(let codePage): ("codePageUnavailable", ("codePage", codePage))
        case .invalidMsxData: ("invalidMsxData", nil)
        case .unsupportedFileSkipped: ("unsupportedFileSkipped", nil)
        case .folderSeenAgainSkipped: ("folderSeenAgainSkipped", nil)
        case .projectFolderSkipped: ("projectFolderSkipped", nil)
        case .notBroughtIn: ("notBroughtIn", nil)
        case .reshaped: ("reshaped", nil)
        }
        var object: [String: JSONValue] = ["kind": .string(kind)]
        if let number { object[number.name] = .int(number.value) }
        return .object(object)
    }
}

extension ImportedDocument {
    /// A JSON view of the document, for tests and fixtures: `{"paragraphs": [...], "styles": {...}, "warnings": [...]}`.
    public var json: JSONValue {
        .object([
            "paragraphs": .array(paragraphs.map(\.json)),
            "styles": .object(styles.mapValues { .object($0.json) }),
            "warnings": .array(warnings.map(\.json)),
        ])
    }
}

extension ImportedParagraph {
    var json: JSONValue {
        var object: [String: JSONValue] = ["text": .string(text)]
        if !attributes.isEmpty { object["attributes"] = .object(attributes.json) }
        if let headingLevel { object[AttributeKey.headingLevel.rawValue] = .int(headingLevel) }
        if let listLevel { object[AttributeKey.listLevel.rawValue] = .int(listLevel) }
        if quoteDepth > 0 { object[AttributeKey.quoteDepth.rawValue] = .int(quoteDepth) }
        if isCodeBlock { object["codeBlock"] = true }
        if continuesListItem { object["continuesListItem"] = true }
        let units = Array(text.utf16)
        object["runs"] = .array(runs.map { run in
            .object([
                "start": .int(run.range.lowerBound), "end": .int(run.range.upperBound),
                "text": .string(Context.slice(units, run.range.lowerBound, run.range.upperBound)),
                "attributes": .object(run.attributes.json),
            ])
        })
        return .object(object)
    }
}
