import MsxGit
import MsxHistory
import MsxModel
import MsxWorkspace

/// Per paragraph of a document, the version that last changed its words and the one that last changed its
/// formatting (`msx blame`).
public struct BlameAction: Action {
    /// The document (id, title or path), optionally `@REV` for a version.
    public var reference: String

    public init(_ reference: String) { self.reference = reference }

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> BlameReport {
        let history = try workspace.existingHistory()
        let (id, revision) = try history.documentReference(reference, workingDirectory: workspace.workingDirectory)
        let version = try revision.map { try history.resolve($0, for: id) }
        return BlameReport(document: id, version: version, paragraphs: try history.blame(documentID: id, at: version))
    }
}

/// Each paragraph of the document and the versions behind it.
public struct BlameReport: ActionReport {
    public var document: String
    /// The version blamed (nil: the working copy).
    public var version: GitOID?
    public var paragraphs: [ParagraphBlame]

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(document, forKey: .document)
        try container.encode(version?.description, forKey: .version)
        try container.encode(paragraphs.map(Entry.init), forKey: .paragraphs)
    }

    private enum Key: String, CodingKey { case document, version, paragraphs }

    private struct Entry: Encodable {
        var paragraph: ParagraphBlame
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(paragraph.index, forKey: .index)
            try container.encode(paragraph.text, forKey: .text)
            try container.encode(paragraph.words.map(VersionEntryReport.init), forKey: .words)
            try container.encode(paragraph.formatting.map(VersionEntryReport.init), forKey: .formatting)
        }
        private enum Key: String, CodingKey { case index, text, words, formatting }
    }

    public static let commands = ["blame"]
    public static var schema: JSONSchema {
        let origin = JSONSchema.named("origin", VersionEntryReport.schema())
        return .object(["document": .string, "version": .nullable(.string),
                        "paragraphs": .array(.object(["index": .integer, "text": .string, "words": .nullable(origin),
                                                      "formatting": .nullable(origin)]))])
    }
}
