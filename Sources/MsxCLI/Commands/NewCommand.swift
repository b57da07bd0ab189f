import ArgumentParser
import Foundation
import MsxKit

struct New: MsxCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Add a document or folder, or a whole outline.",
        discussion: ManualText.discussion(
            """
            With --outline, a Markdown outline (headings and nested lists) becomes folders and documents in order; \
            an item with items under it becomes a folder, and the text under an item becomes its synopsis.
            """,
            examples: [
                .init("msx new \"The Storm\" --in \"Part One\" --synopsis \"The lamp goes dark.\"",
                      "An empty document at the end of a folder."),
                .init("msx new \"The Storm\" --from storm.md",
                      "A document from a Markdown file (- reads standard input)."),
                .init("msx new \"Part Four\" --folder --in Draft",
                      "A folder."),
                .init("msx new --outline outline.md --in Draft",
                      "Folders and documents from a Markdown outline."),
            ]))

    @Argument(help: "Title of the new document or folder.")
    var title: String?

    @Option(name: .customLong("in"), help: ArgumentHelp("Folder to add to (default: Draft).", valueName: "folder"))
    var folder: String?

    @Flag(name: .customLong("folder"), help: "Create a folder instead of a document.")
    var isFolder = false

    @Option(help: ArgumentHelp("Take the document's Markdown from a file, or - for standard input.", valueName: "file"))
    var from: String?

    @Option(help: ArgumentHelp("Create folders and documents from a Markdown outline file (- for standard input).", valueName: "file"))
    var outline: String?

    @Option(help: "A one-line summary.")
    var synopsis: String?

    @Option(help: "A label (added to the project's labels if new).")
    var label: String?

    @Option(help: "A status (added to the project's statuses if new).")
    var status: String?

    @OptionGroup var global: GlobalOptions

    func validate() throws {
        if outline == nil && title == nil { throw ValidationError("give a TITLE, or --outline FILE") }
        if outline != nil && (title != nil || from != nil || isFolder) {
            throw ValidationError("--outline creates its own titles; it cannot be combined with TITLE, --from or --folder")
        }
        if isFolder && from != nil { throw ValidationError("a folder has no text: --from goes with documents") }
    }

    func run(in invocation: Invocation) throws {
        try global.run(in: invocation) { console in
            // Read the input first: bad input must not even take the project's lock.
            let items: [OutlineItem]
            if let outline {
                items = Outline.parse(try console.readInput(outline))
                if items.isEmpty { throw MsxError(.emptyOutline, "\(outline): no headings or list items to create") }
            } else {
                let markdown = try from.map { try console.readInput($0) } ?? ""
                let node = BinderEditor.NewNode(
                    title: title ?? "", kind: isFolder ? .folder : .document, markdown: markdown, synopsis: synopsis,
                    label: label, status: status)
                items = [OutlineItem(node)]
            }
            guard let change = try console.run(NewAction(items, in: folder))?.change else { return }
            if outline == nil, let node = change.nodes.first {
                console.line("\(node.id) \(node.path)")
            } else {
                for event in change.events { console.line(BinderWording.line(event)) }
            }
        }
    }
}
