import Foundation
import MsxDiff
import MsxHistory
import MsxModel
import MsxProject

/// A way to show two states of a project compared (`msx diff` and the review pages): its name, what it is, and how
/// it renders. A new way is one more type, listed in `ComparisonFormats.registry`; the command line's choices, help
/// and errors are read from there.
public protocol ComparisonFormat: Sendable {
    /// The name `diff --format` takes.
    static var name: String { get }
    /// What it is, in a few words, for help.
    static var summary: String { get }
    static func render(_ compared: Compared, style: ComparisonStyle) throws -> ComparisonOutput
}

/// What a comparison format renders: the documents that differ, those whose files differ but read the same, the
/// other files that changed, the two sides named, and (for a format that reads more of them) the sides themselves.
public struct Compared: Sendable {
    public var comparisons: [DocumentComparison]
    public var markupOnly: [DocumentComparison]
    public var files: [FileChange]
    /// Folders' and the project's own changes (none for two files).
    public var binder: [BinderStructureChange] = []
    public var heading: DiffHTML.Heading
    /// Whether the whole project was compared (not some documents or two files): text then opens with a summary.
    public var wholeProject: Bool
    /// The two sides and who recorded the newer (nil for two files outside a project).
    public var sides: (older: any ProjectReader, newer: any ProjectReader, revision: (author: String, date: Date)?)?

    public init(_ report: CompareReport, wholeProject: Bool) {
        (comparisons, markupOnly, files, binder, heading) = (report.comparisons, report.markupOnly, report.files, report.binder, report.heading)
        self.wholeProject = wholeProject
        sides = (report.older, report.newer, report.revision)
    }

    /// Whether anything differs (`--exit-code`).
    public var differs: Bool { !comparisons.isEmpty || !files.isEmpty || !binder.isEmpty }

    public init(files report: CompareFilesReport, heading: DiffHTML.Heading) {
        (comparisons, markupOnly, files, self.heading, wholeProject, sides) = (report.comparison.diff.isEmpty ? [] : [report.comparison], [], [], heading, false, nil)
    }
}

/// How text looks (colour on a terminal, nothing elsewhere) and what it leaves out.
public struct ComparisonStyle: Sendable {
    public var paint: @Sendable (String, DiffStyle) -> String
    public var textOnly: Bool
    public var formattingOnly: Bool

    public init(paint: @escaping @Sendable (String, DiffStyle) -> String = { text, _ in text }, textOnly: Bool = false,
                formattingOnly: Bool = false) {
        (self.paint, self.textOnly, self.formattingOnly) = (paint, textOnly, formattingOnly)
    }
}

/// A rendered comparison: lines for a screen, a page (HTML, JSON), or a file's bytes (a Word document).
public enum ComparisonOutput: Sendable {
    case lines([String])
    case page(String)
    case file(Data)
}

/// Every way to show a comparison, in the order help lists them.
public enum ComparisonFormats {
    public static let registry: [any ComparisonFormat.Type] = [TextComparison.self, WordDiffComparison.self, StatComparison.self,
                                                               HTMLComparison.self, JSONComparison.self, DocxComparison.self]

    /// The format of this name.
    /// - Throws: `unknown-format`, naming the formats and the nearest one.
    public static func named(_ name: String) throws -> any ComparisonFormat.Type {
        if let format = registry.first(where: { $0.name == name.lowercased() }) { return format }
        throw MsxError.notAmong(registry.map { $0.name }, name, isNot: "a way msx diff shows changes")
    }
}
