import Foundation
import MsxModel
import MsxProject
import MsxWorkspace

/// Lists the comments on the words of documents (`msx comments`).
public struct CommentsAction: Action {
    /// The document or folder (nil: the whole project).
    public var reference: String?
    /// Resolved comments too.
    public var all: Bool

    public init(_ reference: String? = nil, all: Bool = false) { (self.reference, self.all) = (reference, all) }

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> CommentsReport {
        let project = workspace.project
        let nodes: [BinderNode]
        if let reference {
            func within(_ node: BinderNode) -> [BinderNode] { [node] + node.children.flatMap(within) }
            nodes = within(try workspace.references.resolve(reference))
        } else {
            nodes = project.manifest.entries.map(\.node)
        }
        let (comments, missing) = try project.comments(in: nodes)
        for node in missing { reporter.report(.missingFile(node)) }
        return CommentsReport(comments: comments.filter { all || !$0.annotation.resolved })
    }
}

/// Puts a comment on words, or resolves or reopens one (`msx comment`).
public struct CommentAction: Action {
    public enum Change: Sendable {
        /// A note on the words `selection` picks in the document.
        case add(note: String, on: FormatRequest.Selection)
        /// Marks the comment with this id resolved, or open again.
        case resolve(id: String, reopen: Bool)
    }

    /// The document (id, title or path); optional when resolving.
    public var reference: String?
    public var change: Change

    public init(_ reference: String?, _ change: Change) { (self.reference, self.change) = (reference, change) }

    public var writes: Bool { true }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> CommentReport {
        let project = workspace.project
        let node = try reference.map { try workspace.references.document($0) }
        switch change {
        case .resolve(let id, let reopen):
            return CommentReport(comment: try project.resolveComment(id, in: node, reopen: reopen))
        case .add(let note, let selection):
            guard let node else { throw MsxError(.usage, "a comment needs its document") }
            let author = project.manifest.author.name.isEmpty ? "msx" : project.manifest.author.name
            return CommentReport(comment: try project.comment(node, on: selection, note: note, author: author))
        }
    }
}

/// The comments asked for, in binder and text order.
public struct CommentsReport: ActionReport {
    public var comments: [PlacedAnnotation]

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(comments.map(CommentEntry.init), forKey: .comments)
    }

    private enum Key: String, CodingKey { case comments }

    public static let commands = ["comments"]
    public static var schema: JSONSchema { .object(["comments": .array(CommentEntry.schema)]) }
}

/// A comment as `msx comment` left it.
public struct CommentReport: ActionReport {
    public var comment: PlacedAnnotation

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(CommentEntry(comment), forKey: .comment)
    }

    private enum Key: String, CodingKey { case comment }

    public static let commands = ["comment"]
    public static var schema: JSONSchema { .object(["comment": CommentEntry.schema]) }
}

/// One comment: its id, document, note, author, date, whether it is resolved, and the words it is on.
struct CommentEntry: Encodable {
    var placed: PlacedAnnotation

    init(_ placed: PlacedAnnotation) { self.placed = placed }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        let a = placed.annotation
        try container.encode(a.id, forKey: .id)
        try container.encode(placed.node.id, forKey: .document)
        try container.encode(placed.node.title, forKey: .title)
        try container.encode(a.note, forKey: .note)
        try container.encode(a.author, forKey: .author)
        try container.encode(a.date, forKey: .date)
        try container.encode(a.resolved, forKey: .resolved)
        try container.encode(placed.places.map(Place.init), forKey: .places)
    }

    private enum Key: String, CodingKey { case id, document, title, note, author, date, resolved, places }

    private struct Place: Encodable {
        var place: (paragraph: Int, range: Range<Int>, text: String)
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(place.paragraph, forKey: .paragraph)
            try container.encode(place.range.lowerBound, forKey: .start)
            try container.encode(place.range.upperBound, forKey: .end)
            try container.encode(place.text, forKey: .text)
        }
        private enum Key: String, CodingKey { case paragraph, start, end, text }
    }

    static var schema: JSONSchema {
        .named("comment", .object([
            "id": .string, "document": .string, "title": .string, "note": .string, "author": .string, "date": .string,
            "resolved": .boolean,
            "places": .array(.object(["paragraph": .integer, "start": .integer, "end": .integer, "text": .string])),
        ]))
    }
}
