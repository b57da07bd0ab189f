import MsxModel

/// How a file was compiled, kept in it (a `.docx`'s custom properties) so that an edited copy can be compared with
/// the same compile of the same version: the version, the folder, the preset and whether quotes were made curly.
public struct CompileRecord: Equatable, Sendable {
    public var version: String?
    /// The id of the folder compiled, when it was not the Draft.
    public var root: String?
    public var preset: CompilePreset
    public var smartQuotes: Bool

    static let versionProperty = "msx.version"
    static let presetProperty = "msx.preset"
    static let smartQuotesProperty = "msx.smartQuotes"
    static let rootProperty = "msx.root"

    package init(_ manuscript: Manuscript) {
        (version, root, preset, smartQuotes) = (manuscript.version, manuscript.root, manuscript.preset, manuscript.smartQuotes)
    }

    /// The record in a file's properties; nil when the file has none (not compiled by msx).
    package init?(properties: [String: String]) {
        guard let preset = properties[Self.presetProperty] else { return nil }
        self.version = properties[Self.versionProperty]
        self.root = properties[Self.rootProperty]
        self.preset = CompilePreset(rawValue: preset) ?? .default
        self.smartQuotes = properties[Self.smartQuotesProperty] == "true"
    }

    /// The record as named properties.
    var properties: [(String, String)] {
        var result: [(String, String)] = []
        if let version { result.append((Self.versionProperty, version)) }
        if let root { result.append((Self.rootProperty, root)) }
        result.append((Self.presetProperty, preset.rawValue))
        result.append((Self.smartQuotesProperty, smartQuotes ? "true" : "false"))
        return result
    }
}
