import Foundation
import MsxModel

/// What a binder node is in the compiled book: a part (a folder of chapters), a chapter, a scene within a chapter,
/// or front or back matter. Each part, chapter and piece of matter starts a page (and, in an EPUB, a file of its
/// own); scenes run on, a separator between them.
public enum SectionType: String, Sendable, CaseIterable {
    case part, chapter, scene
    case frontMatter = "front-matter"
    case backMatter = "back-matter"

    /// Whether it starts a new page.
    public var startsPage: Bool { self != .scene }

    /// The type a binder label names ("Chapter", "Act", "Front Matter"), any case; nil for any other label.
    init?(label: String) {
        switch label.lowercased().trimmingCharacters(in: .whitespaces) {
        case "part", "act", "book": self = .part
        case "chapter": self = .chapter
        case "scene": self = .scene
        case "front matter": self = .frontMatter
        case "back matter": self = .backMatter
        default: return nil
        }
    }
}

/// A node's place in the compiled book: its type, and whether it sits inside a part (a chapter of Part One).
public struct BookSection: Sendable, Equatable {
    public var type: SectionType
    public var inPart: Bool
}

/// The sections of a compiled folder, worked out from the binder: a node's `compileAs` says what it is when the
/// writer set it; else its label, when it names a section ("Part", "Act", "Chapter", "Scene", "Front Matter",
/// "Back Matter"); otherwise its place does. At the top,
/// a folder holding folders is a part and any other node a chapter; inside a part, every node is a chapter; inside a
/// chapter, a scene; inside front or back matter, each node is matter too. A lone folder holding the whole book
/// (a "Manuscript" folder with no label) is no section: what it holds is.
enum BookSections {
    static func of(_ root: BinderNode) -> [String: BookSection] {
        var sections: [String: BookSection] = [:]
        var top = root.children.filter(\.includeInCompile)
        while top.count == 1, let only = top.first, only.isFolder, only.compileAs == nil,
              only.label.flatMap(SectionType.init(label:)) == nil {
            top = only.children.filter(\.includeInCompile)
        }
        assign(top, within: nil, into: &sections)
        return sections
    }

    private static func assign(_ nodes: [BinderNode], within parent: BookSection?, into sections: inout [String: BookSection]) {
        for node in nodes where node.includeInCompile {
            let type = node.compileAs.flatMap(SectionType.init(rawValue:)) ?? node.label.flatMap(SectionType.init(label:))
                ?? inferred(node, within: parent?.type)
            let section = BookSection(type: type, inPart: parent?.type == .part || parent?.inPart == true)
            sections[node.id] = section
            if node.isFolder { assign(node.children, within: section, into: &sections) }
        }
    }

    private static func inferred(_ node: BinderNode, within parent: SectionType?) -> SectionType {
        switch parent {
        case .chapter, .scene: .scene
        case .frontMatter, .backMatter: parent!
        case .part: .chapter
        case nil: node.isFolder && node.children.contains { $0.isFolder && $0.includeInCompile } ? .part : .chapter
        }
    }
}

/// Where a section begins among the laid-out paragraphs, and what the table of contents calls it.
public struct SectionStart: Sendable {
    public var paragraph: Int
    public var section: BookSection
    public var title: String
}
