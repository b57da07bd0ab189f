import MsxModel

/// How one kind of section compiles (the manifest's `compile.sections`, by section type): what its heading says,
/// whether it starts a page, and how far down the page its opening sits.
public struct SectionLayout: Sendable, Equatable {
    /// What a section's heading says.
    public enum Heading: String, Sendable, CaseIterable {
        /// A folder's title as its heading; a document's own heading, if it has one (none added).
        case auto
        /// The binder title: a folder's, or a document's when it has no heading of its own.
        case title
        /// "1", "2", ... counted through the book for this kind of section.
        case number
        /// "One", "Two", ...
        case numberWords = "number-words"
        /// "Chapter 1" (the layout's label, then the number).
        case labelNumber = "label-number"
        /// "Chapter One".
        case labelNumberWords = "label-number-words"
        /// No heading added (a folder's title is left out; a document's own heading stays: it is text).
        case none
    }

    public var heading: Heading = .auto
    /// The word before a number: "Chapter", "Part", ... (the type's name when unset).
    public var label: String?
    /// Whether the section starts a new page; nil leaves it to the type (parts, chapters and matter do).
    public var pageBreak: Bool?
    /// Points below the top margin where the opening sits; nil leaves it to the preset.
    public var drop: Double?

    public init() {}

    /// The layouts of the `sections` compile setting, by type; a missing type compiles as `auto`.
    static func layouts(_ setting: JSONValue?) throws -> [SectionType: SectionLayout] {
        guard let setting else { return [:] }
        guard case .object(let byType) = setting else {
            throw invalid("compile setting sections is \(JSONWriter.string(setting, pretty: false)); it is an object of section types")
        }
        var layouts: [SectionType: SectionLayout] = [:]
        for (name, value) in byType {
            guard let type = SectionType(rawValue: name) else {
                throw MsxError.notAmong(SectionType.allCases.map(\.rawValue), name, isNot: "a section type (compile setting sections in \(Manifest.fileName))", code: .invalidValue)
            }
            guard case .object(let fields) = value else { throw invalid("compile setting sections.\(name) is not an object") }
            var layout = SectionLayout()
            if let heading = fields["heading"] {
                guard let text = heading.stringValue, let mode = Heading(rawValue: text) else {
                    throw MsxError.notAmong(Heading.allCases.map(\.rawValue), heading.stringValue ?? JSONWriter.string(heading, pretty: false),
                                            isNot: "a heading for sections.\(name) (compile setting in \(Manifest.fileName))", code: .invalidValue)
                }
                layout.heading = mode
            }
            if let label = fields["label"] {
                guard let text = label.stringValue else { throw invalid("compile setting sections.\(name).label is not a string") }
                layout.label = text
            }
            if let pageBreak = fields["pageBreak"] {
                guard case .bool(let value) = pageBreak else { throw invalid("compile setting sections.\(name).pageBreak is not true or false") }
                layout.pageBreak = value
            }
            if let drop = fields["drop"] {
                guard let points = drop.numberValue, points.isFinite, (0...600).contains(points) else {
                    throw invalid("compile setting sections.\(name).drop is \(JSONWriter.string(drop, pretty: false)); it is points from 0 to 600")
                }
                layout.drop = points
            }
            layouts[type] = layout
        }
        return layouts
    }

    private static func invalid(_ message: String) -> MsxError { MsxError(.invalidValue, "\(Manifest.fileName): \(message)") }

    /// The heading a section of `type` numbered `number` and titled `title` gets; nil for none.
    func text(type: SectionType, number: Int, title: String) -> String? {
        let label = self.label ?? type.label
        switch heading {
        case .auto, .title: return title
        case .number: return String(number)
        case .numberWords: return NumberWords.spelled(number)
        case .labelNumber: return "\(label) \(number)"
        case .labelNumberWords: return "\(label) \(NumberWords.spelled(number))"
        case .none: return nil
        }
    }
}

extension SectionType {
    /// The word a numbered heading of this type starts with.
    var label: String {
        switch self {
        case .part: "Part"
        case .chapter: "Chapter"
        case .scene: "Scene"
        case .frontMatter, .backMatter: ""
        }
    }
}

/// Numbers as English words, as chapter headings spell them ("Twenty-One").
enum NumberWords {
    private static let ones = ["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven",
                               "Twelve", "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen"]
    private static let tens = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"]

    /// `number` in words up to 9,999; digits beyond.
    static func spelled(_ number: Int) -> String {
        switch number {
        case 0..<20: return ones[number]
        case 20..<100: return tens[number / 10] + (number % 10 == 0 ? "" : "-" + ones[number % 10])
        case 100..<1000: return ones[number / 100] + " Hundred" + (number % 100 == 0 ? "" : " and " + spelled(number % 100))
        case 1000..<10_000:
            let rest = number % 1000
            return ones[number / 1000] + " Thousand" + (rest == 0 ? "" : (rest < 100 ? " and " : " ") + spelled(rest))
        default: return String(number)
        }
    }
}

extension RichDocument {
    /// The text of the heading a document opens with, nil when it opens with anything else.
    var leadingHeading: String? {
        markdown.blocks.first.flatMap { block in block.kind.headingLevel == nil ? nil : block.text }
    }
}
