import Foundation
import MsxModel

/// A file format `compile` writes: its name, the file extensions that ask for it, and how a manuscript is rendered
/// in it. A new format is one more type, listed in `CompileFormat.registry`; the command line's choices, help and
/// errors are read from there.
public protocol ManuscriptFormat: Sendable {
    /// The name `--format` takes.
    static var name: String { get }
    /// The extensions of file names that ask for it (lower case, no dot), the usual one first.
    static var extensions: [String] { get }
    /// What it is, in a few words, for help.
    static var summary: String { get }
    /// Whether its files are text (that can go to standard output); packages (ZIP) are not.
    static var isText: Bool { get }
    /// Whether it carries the fonts the project names (so compile reads their files first).
    static var embedsFonts: Bool { get }
    /// Whether it carries raw HTML as the documents have it (a web page, Markdown); others keep only its text.
    static var carriesRawHTML: Bool { get }
    /// Whether it shows the `cover` compile setting's picture (an EPUB).
    static var showsCover: Bool { get }
    /// Whether it shows the documents' pictures.
    static var showsPictures: Bool { get }
    static func render(_ manuscript: Manuscript) throws -> Data
    /// The file, and what it could not carry as the project says (a font not found), for formats that find out only
    /// as they write; the others' warnings are `Manuscript.warnings(for:)`.
    static func renderReporting(_ manuscript: Manuscript) throws -> (data: Data, warnings: [String])
}

extension ManuscriptFormat {
    public static var embedsFonts: Bool { false }
    public static var carriesRawHTML: Bool { false }
    public static var showsCover: Bool { false }
    public static var showsPictures: Bool { true }
    public static func renderReporting(_ manuscript: Manuscript) throws -> (data: Data, warnings: [String]) {
        (try render(manuscript), [])
    }
}

/// One of the formats `compile` writes.
public struct CompileFormat: Sendable, Equatable, CustomStringConvertible {
    public let renderer: any ManuscriptFormat.Type

    /// Every format, in the order help lists them.
    public static let registry: [any ManuscriptFormat.Type] = [MarkdownFormat.self, HTMLFormat.self, RTFFormat.self,
                                                               PlainTextFormat.self, DocxFormat.self, EpubFormat.self,
                                                               PDFFormat.self, FountainFormat.self, FDXFormat.self]
    public static var all: [CompileFormat] { registry.map(CompileFormat.init) }
    /// The format compile writes when nothing names one.
    public static let markdown = CompileFormat(MarkdownFormat.self)

    init(_ renderer: any ManuscriptFormat.Type) { self.renderer = renderer }

    /// The format of this name (`md`, `docx`, ...).
    public init?(name: String) {
        guard let found = Self.registry.first(where: { $0.name == name.lowercased() }) else { return nil }
        renderer = found
    }

    /// The format a file name's extension asks for.
    public init?(fileName: String) {
        guard let ext = fileName.split(separator: ".").last?.lowercased(),
              let found = Self.registry.first(where: { $0.extensions.contains(ext) }) else { return nil }
        renderer = found
    }

    public var name: String { renderer.name }
    public var isText: Bool { renderer.isText }
    public var embedsFonts: Bool { renderer.embedsFonts }
    public var description: String { name }

    public static func == (a: CompileFormat, b: CompileFormat) -> Bool { a.name == b.name }
}

struct MarkdownFormat: ManuscriptFormat {
    static let name = "md"
    static let extensions = ["md", "markdown"]
    static let summary = "Markdown"
    static let isText = true
    static let carriesRawHTML = true
    static func render(_ manuscript: Manuscript) throws -> Data { Data(manuscript.markdown().utf8) }
}

struct HTMLFormat: ManuscriptFormat {
    static let name = "html"
    static let extensions = ["html", "htm"]
    static let summary = "a web page"
    static let isText = true
    static let carriesRawHTML = true
    static func render(_ manuscript: Manuscript) throws -> Data { Data(manuscript.htmlPage()) }
}

struct RTFFormat: ManuscriptFormat {
    static let name = "rtf"
    static let extensions = ["rtf"]
    static let summary = "Rich Text Format"
    static let isText = true
    static func render(_ manuscript: Manuscript) throws -> Data { Data(RTFWriter.render(manuscript).utf8) }
}

struct PlainTextFormat: ManuscriptFormat {
    static let name = "txt"
    static let extensions = ["txt", "text"]
    static let summary = "plain text"
    static let isText = true
    static func render(_ manuscript: Manuscript) throws -> Data { Data(manuscript.plainText().utf8) }
}

struct DocxFormat: ManuscriptFormat {
    static let name = "docx"
    static let extensions = ["docx"]
    static let summary = "a Word document"
    static let isText = false
    static func render(_ manuscript: Manuscript) throws -> Data { try DocxWriter.render(manuscript) }
}

struct EpubFormat: ManuscriptFormat {
    static let name = "epub"
    static let extensions = ["epub"]
    static let summary = "an EPUB 3 e-book"
    static let isText = false
    static let embedsFonts = true
    static let showsCover = true
    static func render(_ manuscript: Manuscript) throws -> Data { try EpubWriter.render(manuscript) }
}

struct PDFFormat: ManuscriptFormat {
    static let name = "pdf"
    static let extensions = ["pdf"]
    static let summary = "a PDF, made by msx alone"
    static let isText = false
    static let embedsFonts = true
    static func render(_ manuscript: Manuscript) throws -> Data { PDFWriter.render(manuscript).data }
    static func renderReporting(_ manuscript: Manuscript) throws -> (data: Data, warnings: [String]) { PDFWriter.render(manuscript) }
}

struct FountainFormat: ManuscriptFormat {
    static let name = "fountain"
    static let extensions = ["fountain"]
    static let summary = "a Fountain screenplay"
    static let isText = true
    static let showsPictures = false
    static func render(_ manuscript: Manuscript) throws -> Data { Data(FountainWriter.render(manuscript).utf8) }
}

struct FDXFormat: ManuscriptFormat {
    static let name = "fdx"
    static let extensions = ["fdx"]
    static let summary = "a Final Draft screenplay"
    static let isText = true
    static let showsPictures = false
    static func render(_ manuscript: Manuscript) throws -> Data { Data(FDXWriter.render(manuscript).utf8) }
}
