import Foundation
import MsxModel

/// How a compiled manuscript looks.
public enum CompilePreset: String, CaseIterable, Sendable {
    /// The project's own formatting, as the writer set it.
    case `default`
    /// Standard manuscript format (Shunn): 12 pt Times New Roman, double-spaced, left-aligned, 0.5 in first-line
    /// indents, 1 in margins, a title page with the contact block and a rounded word count, a running header
    /// (surname / title / page) from the second page on, and "END" after the last line.
    case manuscript
    /// A printed book: a trim size (the `trimSize` compile setting, `6x9` inches unless it says `5x8`, `5.5x8.5` or
    /// another width by height), mirrored margins, justified and hyphenated text, chapter openings lowered on their
    /// page with their first paragraph unindented, running heads (author on the left page, title on the right) and
    /// page numbers.
    case book
    /// A screenplay as the industry reads one: Courier 12 at six lines an inch, 1.5 in left and 1 in other
    /// margins, cues, parentheticals, dialogue and transitions placed by the screenplay styles, a title page,
    /// page numbers at the top right from the second page, and `(MORE)` and `(CONT'D)` where a speech crosses a page.
    case screenplay
}

/// What to compile and how.
public struct CompileOptions: Sendable {
    /// The folder to compile; nil for the Draft.
    public var root: BinderNode?
    public var preset: CompilePreset = .default
    /// Whether to begin with a title page; nil lets the preset decide (only `manuscript` has one).
    public var titlePage: Bool?
    /// Straight quotes, `--` and `...` become typographic ones.
    public var smartQuotes = false
    /// Reads the font files the project supplies (`Manuscript.fonts`), for a format that embeds them (EPUB).
    public var readsFonts = false
    /// Called once for each document read, from any thread, with the number of documents to read in all.
    public var progress: (@Sendable (_ total: Int) -> Void)?

    public init() {}
}

/// The draft assembled in binder order: folder titles as headings, documents, scene separators between
/// consecutive documents, and the facts a title page needs.
public struct Manuscript: Sendable {
    public enum Part: Sendable {
        /// A folder's title, at the folder's depth; `folder` is its binder id.
        case heading(String, level: Int, folder: String)
        case separator(String)
        case document(BinderNode, RichDocument)
    }

    public var title: String
    public var author: String
    /// The surname for running headers: the `authorSurname` compile setting, else the author's last name.
    public var surname: String
    public var contact: String?
    public var parts: [Part]
    public var styleSheet: StyleSheet
    public var preset: CompilePreset
    public var hasTitlePage: Bool
    public var smartQuotes: Bool
    /// Page size in points and margins (top, bottom, left, right) in points.
    public var pageSize: (width: Double, height: Double)
    public var margins: (top: Double, bottom: Double, left: Double, right: Double)

    /// Whether the margins swap on left-hand (even) pages, `left` being the inside margin (a printed book).
    public var mirrorsMargins = false

    /// Words in the compiled documents, counted once when the manuscript is assembled.
    public let wordCount: Int
    /// The version the documents were read from (a commit id), when they are a version's or the last version's.
    public var version: String? = nil
    /// The id of the folder compiled, when it is not the Draft.
    public var root: String? = nil
    /// The project's id (an EPUB's identifier is made from it).
    public var identifier = ""
    /// The language of the text, a BCP 47 tag (the `language` compile setting; English when unset).
    public var language = "en"
    /// When the documents were last changed: the version's date, or nil for the files as they are (now).
    public var modified: Date? = nil
    /// The pictures the documents show, by project path (as the documents were read: files or a version's).
    public var pictures: [String: Data] = [:]
    /// The font files under `contents/`, in path order, when `CompileOptions.readsFonts` asked for them.
    public var fonts: [FontFile] = []
    /// The `cover` compile setting (a project path), and the picture there when it is one a book can show.
    public var coverPath: String? = nil
    var cover: Picture? = nil
    /// Documents of the binder compiled whose file is not there (deleted outside msx): left out, and named.
    public var missingDocuments: [BinderNode] = []
    /// What each folder and document compiled is in the book (part, chapter, scene, matter), by binder id.
    public var sections: [String: BookSection] = [:]
    /// How each kind of section compiles (the `sections` compile setting); a kind not listed compiles as `auto`.
    public var sectionLayouts: [SectionType: SectionLayout] = [:]

    /// The running heads' and page numbers' font: the manuscript's Times, else the project's default font.
    var runningHeadFont: String? {
        switch preset {
        case .manuscript: "Times New Roman"
        case .screenplay: "Courier"
        case .default, .book: styleSheet.defaults[.fontFamily]?.stringValue
        }
    }

    /// The running heads' size: the text's in a manuscript or screenplay, smaller in a book.
    var runningHeadSize: Double { preset == .book || preset == .default ? 9 : 12 }

    /// The word count as editors and agents expect it on a title page: to the nearest 100 for short fiction, to the
    /// nearest 500 from novella length (17,500 words), to the nearest 1,000 from novel length (40,000 words).
    public var approximateWordCount: Int {
        let words = wordCount
        let unit = words < 17_500 ? 100 : words < 40_000 ? 500 : 1_000
        return max(unit, (words + unit / 2) / unit * unit)
    }

    /// The documents compiled, in order.
    public var documents: [BinderNode] {
        parts.compactMap { if case .document(let node, _) = $0 { return node } else { return nil } }
    }
}
