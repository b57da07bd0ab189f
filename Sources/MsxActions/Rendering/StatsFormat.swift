import Foundation
import MsxModel

/// A way to draw a project's writing figures to a file (`msx stats --out FILE`): its name, the extension that chooses
/// it, what it is, and how it renders. A new way is one more type, listed in `StatsFormats.registry`; the command
/// line's choices, help and errors are read from there.
public protocol StatsFormat: Sendable {
    /// The name `stats --format` takes.
    static var name: String { get }
    /// The file extension that chooses it (`--out progress.svg`).
    static var fileExtension: String { get }
    /// What it is, in a few words, for help.
    static var summary: String { get }
    static func render(_ figures: StatsPage.Figures) -> String
}

/// A page of its own: the summary and both charts, inline SVG, no script and no outside file.
public enum StatsHTMLPage: StatsFormat {
    public static let name = "html"
    public static let fileExtension = "html"
    public static let summary = "a page: the words over time with the target, and the words per day"
    public static func render(_ figures: StatsPage.Figures) -> String { StatsPage.render(figures) }
}

/// The two charts as one SVG picture, titled.
public enum StatsSVGChart: StatsFormat {
    public static let name = "svg"
    public static let fileExtension = "svg"
    public static let summary = "the same charts as one SVG picture"
    public static func render(_ figures: StatsPage.Figures) -> String { StatsPage.svg(figures) }
}

/// Every way to draw the figures, in the order help lists them.
public enum StatsFormats {
    public static let registry: [any StatsFormat.Type] = [StatsHTMLPage.self, StatsSVGChart.self]

    /// The format of this name.
    /// - Throws: `unknown-format`, naming the formats and the nearest one.
    public static func named(_ name: String) throws -> any StatsFormat.Type {
        if let format = registry.first(where: { $0.name == name.lowercased() }) { return format }
        throw MsxError.notAmong(registry.map { $0.name }, name, isNot: "a way msx stats draws its figures")
    }

    /// The format a file's extension chooses.
    /// - Throws: `unknown-format`, naming the extensions msx stats writes.
    public static func forFile(_ name: String) throws -> any StatsFormat.Type {
        let fileExtension = (name as NSString).pathExtension.lowercased()
        if let format = registry.first(where: { $0.fileExtension == fileExtension }) { return format }
        let extensions = registry.map { "." + $0.fileExtension }
        throw MsxError(.unknownFormat, "\(name): msx stats draws \(extensions.joined(separator: " or ")) files; name one of those, or give --format")
    }
}
