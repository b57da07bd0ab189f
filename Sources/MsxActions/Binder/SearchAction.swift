import MsxHistory
import MsxModel
import MsxProject
import MsxWorkspace

/// Finds words in the documents' text as it is, or the versions where a phrase came and went (`msx search`).
public struct SearchAction: Action {
    public var pattern: TextPattern
    /// The versions where the number of matches changed, instead of the matches in today's text.
    public var inHistory: Bool

    public init(_ pattern: TextPattern, inHistory: Bool = false) { (self.pattern, self.inHistory) = (pattern, inHistory) }

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> SearchReport {
        if inHistory { return .versions(try workspace.existingHistory().searchHistory(pattern)) }
        let (matches, missing) = try workspace.project.search(pattern)
        for node in missing { reporter.report(.missingFile(node)) }
        return .matches(matches)
    }
}

/// What a search found: matches in today's text, or the versions where their number changed.
public enum SearchReport: ActionReport {
    case matches([TextMatch])
    case versions([HistoryMatch])

    /// How many were found.
    public var count: Int {
        switch self {
        case .matches(let matches): matches.count
        case .versions(let versions): versions.count
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .matches(let matches): try container.encode(matches.map(Match.init), forKey: .matches)
        case .versions(let versions): try container.encode(versions.map(Version.init), forKey: .versions)
        }
    }

    private enum Key: String, CodingKey { case matches, versions }

    private struct Match: Encodable {
        var match: TextMatch
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(match.node.id, forKey: .id)
            try container.encode(match.node.title, forKey: .title)
            try container.encode(match.node.path, forKey: .path)
            try container.encode(match.paragraph, forKey: .paragraph)
            try container.encode(match.text, forKey: .text)
            try container.encode(match.ranges.map { ["start": $0.lowerBound, "end": $0.upperBound] }, forKey: .ranges)
        }
        private enum Key: String, CodingKey { case id, title, path, paragraph, text, ranges }
    }

    private struct Version: Encodable {
        var match: HistoryMatch
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(match.version.description, forKey: .version)
            try container.encode(match.version.short, forKey: .short)
            try container.encode(DateText.iso(match.time, offsetMinutes: match.offsetMinutes), forKey: .date)
            try container.encode(match.subject, forKey: .message)
            try container.encode(match.documentID, forKey: .id)
            try container.encode(match.title, forKey: .title)
            try container.encode(match.path, forKey: .path)
            try container.encode(match.before, forKey: .before)
            try container.encode(match.after, forKey: .after)
        }
        private enum Key: String, CodingKey { case version, short, date, message, id, title, path, before, after }
    }

    public static let commands = ["search"]
    public static var schema: JSONSchema {
        .either([
            .object(["matches": .array(.object(["id": .string, "title": .string, "path": .string, "paragraph": .integer, "text": .string,
                                                "ranges": .array(.object(["start": .integer, "end": .integer]))]))]),
            .object(["versions": .array(.object(["version": .string, "short": .string, "date": .string, "message": .string, "id": .string,
                                                 "title": .string, "path": .string, "before": .integer, "after": .integer]))]),
        ])
    }
}
