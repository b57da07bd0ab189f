import MsxModel
import Foundation

/// An item of an outline: a node to create and the items inside it.
public struct OutlineItem: Sendable {
    public var node: BinderEditor.NewNode
    public var children: [OutlineItem]

    public init(_ node: BinderEditor.NewNode, children: [OutlineItem] = []) {
        self.node = node
        self.children = children
    }
}

/// Reads a Markdown outline: headings and nested list items become folders (when they have items under them) and
/// documents, in order; the text under an item becomes its synopsis.
public enum Outline {
    public static func parse(_ markdown: String) -> [OutlineItem] {
        let document = MarkdownDocument(markdown)
        // A stack of open items with their depth key: headings by level, list items after all headings.
        var roots: [OutlineItem] = []
        var stack: [(key: Int, path: [Int])] = []

        func append(_ item: OutlineItem, key: Int) {
            while let top = stack.last, top.key >= key { stack.removeLast() }
            let path: [Int]
            if let parent = stack.last {
                modify(&roots, at: parent.path) { $0.children.append(item) }
                path = parent.path + [childCount(roots, at: parent.path) - 1]
            } else {
                roots.append(item)
                path = [roots.count - 1]
            }
            stack.append((key, path))
        }

        for block in document.blocks {
            let title = block.text.trimmingCharacters(in: .whitespaces)
            switch block.kind {
            case .heading(let level, _):
                append(item(block, in: document), key: level)
            case .listItem where block.list?.isFirstParagraph == true:
                append(item(block, in: document), key: 100 + (block.list?.depth ?? 1))
            case .paragraph, .listItem:
                guard let top = stack.last, !title.isEmpty else { continue }
                modify(&roots, at: top.path) { item in
                    let existing = item.node.synopsis ?? ""
                    item.node.synopsis = existing.isEmpty ? title : existing + " " + title
                }
            default:
                continue
            }
        }
        return roots
    }

    /// An item from a heading or list item: its first line is the title, any lines after it the synopsis.
    private static func item(_ block: MarkdownBlock, in document: MarkdownDocument) -> OutlineItem {
        let units = Array(block.text.utf16)
        var split: Int?
        if let ranges = block.sourceRanges, case .listItem = block.kind {
            split = units.indices.first { units[$0] == 0x20 && document.source[ranges[$0]].contains(0x0A) }
        }
        let title = Context.slice(units, 0, split ?? units.count).trimmingCharacters(in: .whitespaces)
        let rest = split.map { Context.slice(units, $0 + 1, units.count).trimmingCharacters(in: .whitespaces) }
        return OutlineItem(BinderEditor.NewNode(title: title, synopsis: rest.flatMap { $0.isEmpty ? nil : $0 }))
    }

    private static func modify(_ items: inout [OutlineItem], at path: [Int], _ change: (inout OutlineItem) -> Void) {
        guard let first = path.first else { return }
        if path.count == 1 { change(&items[first]) } else { modify(&items[first].children, at: Array(path.dropFirst()), change) }
    }

    private static func childCount(_ items: [OutlineItem], at path: [Int]) -> Int {
        var current = items[path[0]]
        for i in path.dropFirst() { current = current.children[i] }
        return current.children.count
    }
}
