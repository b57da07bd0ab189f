import Foundation
import MsxModel
import MsxProject

/// What came across from a Scrivener project, and what could not.
public struct ScrivenerImportOutcome: Sendable {
    public var documents = 0
    public var folders = 0
    /// Snapshots recorded as versions of their documents.
    public var snapshots = 0
    /// Files kept as they are (PDFs, pictures, web archives), each shown by a document of its own.
    public var files = 0
    /// What could not come across, or came damaged, one line each, naming the item ("Chapter 3: its text
    /// (content.rtf) is missing").
    public var problems: [String] = []
    /// What came across in another shape than Scrivener's, nothing lost (a folder's notes as a document of their
    /// own), one line each.
    public var notes: [String] = []
}

/// Brings a Scrivener project into a new msx project, with its history: the binder and its order, titles,
/// synopses, labels, statuses, keywords, compile flags and targets, each text through the RTF reader, files kept as
/// research, and every snapshot a version of its document, dated and titled as in Scrivener, oldest first, before
/// a last version holding the project as it is.
public struct ScrivenerImporter {
    package let scrivener: ScrivenerProject
    let files: ScrivenerFiles
    /// Scrivener's plain-text copy of each text: the witness of a text whose file is missing.
    private let searchIndex: ScrivenerSearchIndex
    /// The project's styles (a document's formatting is stated over them).
    private var sheet: StyleSheet?
    /// The path each Scrivener item became, by its id upper-cased (for links between documents).
    package var linkTargets: [String: String] = [:]
    /// Ids of the snapshot folders whose item is no longer in the binder (see `itemsForSnapshotsWithoutAnItem`).
    package var snapshotsWithoutAnItem: Set<String> = []
    package var outcome = ScrivenerImportOutcome()

    public init(_ scrivener: ScrivenerProject) {
        var scrivener = scrivener
        scrivener.items = Self.keywording(scrivener.items, with: scrivener.collections)
        self.scrivener = scrivener
        files = ScrivenerFiles(scrivener)
        searchIndex = ScrivenerSearchIndex(project: scrivener.url)
        outcome.problems = scrivener.binderProblems
    }

    /// A document made from a Scrivener item, with the snapshots its folder holds.
    package typealias SnapshottedDocument = (node: BinderNode, item: ScrivenerProject.Item, folder: ScrivenerFiles.SnapshotFolder)

    /// Fills `project` (new, from the blank template) with the binder, its documents and their files; returns the
    /// documents whose snapshots are to become versions (the history module records them).
    package mutating func build(into project: inout Project) throws -> [SnapshottedDocument] {
        let draft = try setUpBinder(&project)
        sheet = project.styleSheet
        // The items, where they go: the draft's, the research's (with any other top-level item), the trash's; a
        // top-level folder (front or back matter, say) stays at the top level, beside the draft, out of compile as
        // Scrivener keeps it until a compile format names it.
        var placed: [(items: [OutlineItem], sources: [ScrivenerProject.Item?], folder: BinderNode)] = []
        func place(_ items: [ScrivenerProject.Item], in folder: BinderNode) {
            let outline = items.flatMap { self.outline($0) }
            placed.append((outline.map(\.item), outline.flatMap(\.sources), folder))
        }
        let roots = project.manifest.binder
        func root(_ role: String) -> BinderNode? { roots.first { $0.role == role } }
        var research: [ScrivenerProject.Item] = [], trash: [ScrivenerProject.Item] = [], notes: [ScrivenerProject.Item] = []
        var topLevel: [ScrivenerProject.Item] = []
        for item in scrivener.items {
            switch item.kind {
            case .draftFolder: place(item.children, in: draft)
            case .researchFolder: research += item.children
            case .trashFolder: trash += item.children
            // The project's own Notes folder is msx's: one Notes folder, not a second one inside Research.
            case .folder where root("notes") != nil && item.title.compare("Notes", options: .caseInsensitive) == .orderedSame
                && files.text(of: item) == nil && files.notes(of: item) == nil && files.synopsis(of: item) == nil:
                notes += item.children
            case .folder: topLevel.append(item)
            default: research.append(item)
            }
        }
        trash += itemsForSnapshotsWithoutAnItem()
        if let folder = root("notes") { place(notes, in: folder) }
        if let folder = root("research") { place(research, in: folder) }
        for item in topLevel {
            guard let made = outline(item).first else { continue }
            var editor = BinderEditor(project: project)
            let folder = try editor.createTopLevelFolder(made.item.node)
            project = try Project(root: project.root, forWriting: true)
            placed.append((made.item.children, made.sources, folder))
            outcome.notes.append("\(item.title): a folder beside the draft, kept at the top level as in Scrivener; compile takes the draft")
        }
        if let folder = root("trash") { place(trash, in: folder) }
        var snapshotted: [SnapshottedDocument] = []
        var created: [BinderNode] = []
        for (items, sources, folder) in placed where !items.isEmpty {
            var editor = BinderEditor(project: project)
            let change = try editor.create(items, in: folder)
            project = try Project(root: project.root, forWriting: true)
            // The created nodes come in outline order; each text item's node is the first of its title there.
            let documents = change.nodes.filter { $0.kind == .document }
            created += documents
            for (node, source) in zip(documents, sources) {
                guard let source else { continue }
                linkTargets[source.id.uppercased()] = node.path
                // Read once: its snapshots become versions, and what is wrong with its folder is reported.
                let folder = files.snapshots(of: source)
                if !folder.snapshots.isEmpty || !folder.problems.isEmpty { snapshotted.append((node, source, folder)) }
            }
        }
        try resolveLinks(in: created, of: &project)
        return snapshotted
    }

    /// `items` with each collection's title a keyword of its members: msx has no collections, and a keyword is a
    /// named list the writer can see (`tree`, `meta`) and change.
    private static func keywording(_ items: [ScrivenerProject.Item], with collections: [ScrivenerProject.Collection]) -> [ScrivenerProject.Item] {
        var titles: [String: [String]] = [:]
        for collection in collections { for member in collection.members { titles[member.uppercased(), default: []].append(collection.title) } }
        func keyworded(_ item: ScrivenerProject.Item) -> ScrivenerProject.Item {
            var item = item
            for title in titles[item.id.uppercased()] ?? [] where !item.keywords.contains(title) { item.keywords.append(title) }
            item.children = item.children.map(keyworded)
            return item
        }
        return titles.isEmpty ? items : items.map(keyworded)
    }

    /// Snapshot folders of items no longer in the binder (Scrivener keeps them after the item is emptied from its
    /// trash), each as a text item for the Trash whose versions they become: nothing the writer had is left behind.
    private mutating func itemsForSnapshotsWithoutAnItem() -> [ScrivenerProject.Item] {
        func ids(_ items: [ScrivenerProject.Item]) -> [String] { items.flatMap { [$0.id.uppercased()] + ids($0.children) } }
        let known = Set(ids(scrivener.items))
        return files.snapshotFolderIDs.filter { !known.contains($0.uppercased()) }.compactMap { id in
            let item = ScrivenerProject.Item(id: id, kind: .text, title: "Snapshots of a removed item")
            let count = files.snapshots(of: item).snapshots.count
            guard count > 0 else { return nil }
            snapshotsWithoutAnItem.insert(id)
            outcome.notes.append("Snapshots/\(id).snapshots: \(count) snapshot\(count == 1 ? "" : "s") of an item no longer in the binder"
                + " came across as the document '\(item.title)' in the Trash, its newest snapshot its text")
            return item
        }
    }

    /// The project's binder as items to import into a folder, its texts without history (`msx import
    /// Book.scriv`): a folder of the project's title holding its draft and its other top-level folders (not its
    /// trash).
    mutating func importedOutline(sheet: StyleSheet) -> (item: OutlineItem, problems: [String], notes: [String]) {
        self.sheet = sheet
        var children: [OutlineItem] = []
        for item in scrivener.items where item.kind != .trashFolder {
            children += outline(item).map(\.item)
        }
        reportWhatHasNoPlace()
        return (OutlineItem(BinderEditor.NewNode(title: scrivener.title, kind: .folder), children: children), outcome.problems, outcome.notes)
    }

    // MARK: Binder

    /// Sets the project's title, labels, statuses and target as Scrivener had them, names the draft as Scrivener
    /// named it, and empties the draft the blank template made; returns the draft folder.
    private mutating func setUpBinder(_ project: inout Project) throws -> BinderNode {
        var manifest = project.manifest
        var transaction = project.transaction()
        manifest.title = scrivener.title
        if !scrivener.labels.isEmpty { manifest.labels = scrivener.labels.map(\.name) }
        if !scrivener.statuses.isEmpty { manifest.statuses = scrivener.statuses }
        manifest.labelColors = Dictionary(scrivener.labels.compactMap { label in label.color.map { (label.name, $0) } }) { first, _ in first }
        manifest.keywordColors = scrivener.keywordColors
        if let target = scrivener.draftTarget {
            manifest.target = [:]
            if let words = target.words { manifest.target["words"] = .int(words) }
            if let deadline = target.deadline { manifest.target["deadline"] = .string(deadline) }
        }
        if let session = scrivener.sessionTarget { manifest.target["session"] = .int(session) }
        if !scrivener.sessionCountsDraftOnly { manifest.target["sessionCounts"] = .string("all") }
        manifest.writingHistory = files.writingHistory()
        guard let draftIndex = manifest.binder.firstIndex(where: { $0.role == "draft" }) else {
            throw MsxError(.unexpected, "the blank template has no draft folder")
        }
        for child in manifest.binder[draftIndex].children {
            _ = manifest.remove(child.id)
            transaction.delete(child.path)
        }
        if let draftItem = scrivener.items.first(where: { $0.kind == .draftFolder }) { manifest.binder[draftIndex].title = draftItem.title }
        try project.commit(transaction, manifest: manifest)
        return manifest.binder[draftIndex]
    }

    /// An item as the nodes msx makes of it, each document with the item its text comes from: a folder of its
    /// children; a text; a text with children as a folder holding the text first, then the children; a file as a
    /// document showing (a picture) or linking to (anything else) the file beside it.
    private mutating func outline(_ item: ScrivenerProject.Item) -> [(item: OutlineItem, sources: [ScrivenerProject.Item?])] {
        switch item.kind {
        case .folder, .draftFolder, .researchFolder, .trashFolder:
            outcome.folders += 1
            let children = item.children.flatMap { outline($0) }
            var node = BinderEditor.NewNode(title: item.title, kind: .folder, synopsis: files.synopsis(of: item),
                                            label: item.label, status: item.status)
            node.keywords = item.keywords
            node.custom = item.custom
            node.includeInCompile = item.includeInCompile
            // A folder's own text, when it has some, is its first document, with the folder's notes; msx folders
            // have no notes, so the notes of a folder without text are a document of their own, never compiled.
            var own: [(item: OutlineItem, sources: [ScrivenerProject.Item?])] = []
            if files.text(of: item) != nil, let text = document(item, title: item.title) {
                own = [(OutlineItem(text), [item])]
            } else if files.notes(of: item) != nil, var notesOnly = document(item, title: "\(item.title) (notes)") {
                (notesOnly.markdown, notesOnly.notes, notesOnly.includeInCompile) = (notesOnly.notes ?? "", nil, false)
                (notesOnly.synopsis, notesOnly.keywords, notesOnly.target, notesOnly.custom) = (nil, [], nil, [:])
                outcome.notes.append("\(item.title): a folder keeps no notes in msx; its notes are the document '\(item.title) (notes)' in it, never compiled")
                own = [(OutlineItem(notesOnly), [nil])]
            }
            return [(OutlineItem(node, children: (own + children).map(\.item)), (own + children).flatMap(\.sources))]
        case .text:
            guard let node = document(item, title: item.title) else { return [] }
            outcome.documents += 1
            guard !item.children.isEmpty else { return [(OutlineItem(node), [item])] }
            outcome.folders += 1
            let children = item.children.flatMap { outline($0) }
            var folder = BinderEditor.NewNode(title: item.title, kind: .folder, label: item.label, status: item.status)
            folder.includeInCompile = item.includeInCompile
            return [(OutlineItem(folder, children: [OutlineItem(node)] + children.map(\.item)), [item] + children.flatMap(\.sources))]
        case .file(let type):
            guard let url = files.content(of: item), let data = try? Data(contentsOf: url) else {
                outcome.problems.append("\(item.title): its \(type) file is missing")
                return []
            }
            outcome.files += 1
            // Named by the title and the bytes: two files of one title stay two, and no name is one msx keeps for itself.
            var ext = url.pathExtension.isEmpty ? "bin" : url.pathExtension.lowercased()
            if ["md", "json"].contains(ext) { ext += ".txt" }
            let name = "\(Slug.make(item.title))-\(TextHash.fnv1a64([UInt8](data)).prefix(8)).\(ext)"
            let markdown = ImportedDocument.pictureName(data) != nil ? "![](\(name))\n" : "[\(item.title)](\(name))\n"
            var node = BinderEditor.NewNode(title: item.title, markdown: markdown, synopsis: files.synopsis(of: item),
                                            label: item.label, status: item.status)
            node.files = [name: data]
            node.keywords = item.keywords
            node.custom = item.custom
            node.includeInCompile = item.includeInCompile
            return [(OutlineItem(node), [item])]
        }
    }

    /// A text item as a new document: its text through the RTF reader, its metadata. A missing or unreadable text is
    /// an empty document, reported.
    private mutating func document(_ item: ScrivenerProject.Item, title: String) -> BinderEditor.NewNode? {
        var node = BinderEditor.NewNode(title: title, synopsis: files.synopsis(of: item), label: item.label, status: item.status)
        node.keywords = item.keywords
        node.custom = item.custom
        node.target = item.target
        node.includeInCompile = item.includeInCompile
        if let link = files.textLinkedAway(of: item) {
            outcome.problems.append("\(item.title): its text (\(link)) is a symbolic link leading out of the project, which is"
                + " not read: put the file itself there and import again")
        }
        if let url = files.text(of: item) {
            do {
                let composed = try compose(url, of: item)
                (node.markdown, node.sidecar, node.files) = (composed.document.markdown.sourceText, composed.document.sidecar, composed.pictures)
                reportPicturesLeftOut(composed.picturesLeftOut, of: item, in: "text")
                if composed.cutShort {
                    let words = WordCount.count(composed.document.text)
                    outcome.problems.append("\(item.title): its text (\(files.relativePath(url))) ends before its last group closes, so it was"
                        + " probably cut short: the \(words) word\(words == 1 ? "" : "s") before the cut came across"
                        + (searchIndex.paragraphs(of: item.id).map { "; Scrivener's search index holds \(WordCount.count($0.joined(separator: "\n"))) words" } ?? ""))
                }
            } catch {
                outcome.problems.append("\(item.title): its text (\(files.relativePath(url))) could not be read: \((error as? MsxError)?.message ?? "\(error)")")
            }
        } else if files.textLinkedAway(of: item) == nil, let missing = files.missingTextPath(of: item) {
            if let paragraphs = searchIndex.paragraphs(of: item.id), let sheet {
                let recovered = try? ImportComposer(sheet: sheet).compose(ImportedDocument(paragraphs: paragraphs.map { ImportedParagraph(text: $0) }))
                node.markdown = recovered?.document.markdown.sourceText ?? ""
                outcome.problems.append("\(item.title): its text (\(missing)) is missing; its words came from Scrivener's search index"
                    + " (\(ScrivenerSearchIndex.path)), without their formatting")
            } else if files.leftTraces(of: item) {
                outcome.problems.append("\(item.title): its text (\(missing)) is missing, though its comments or styles are there;"
                    + " an empty document stands in for it")
            }
        }
        if let url = files.notes(of: item) {
            do {
                let composed = try compose(url)
                node.notes = composed.document.markdown.sourceText
                node.files.merge(composed.pictures) { kept, _ in kept }
                reportPicturesLeftOut(composed.picturesLeftOut, of: item, in: "notes")
                // The notes' font and indents are the editor's, not the writer's words: only formatting that marks
                // some words (underline, a colour) is worth a word when it is left out.
                if composed.document.sidecar.paragraphs.contains(where: { !$0.runs.isEmpty }) {
                    outcome.problems.append("\(item.title): its notes keep what Markdown holds (emphasis, headings, lists, links); the rest of their formatting (underline, colours, ...) was left out")
                }
            } catch {
                outcome.problems.append("\(item.title): its notes (\(url.lastPathComponent)) could not be read: \((error as? MsxError)?.message ?? "\(error)")")
            }
        }
        return node
    }

    /// Names the pictures of `item`'s text or notes that could not come across (a TIFF, a file its RTFD package
    /// lacks), so that no picture goes without a word.
    private mutating func reportPicturesLeftOut(_ count: Int, of item: ScrivenerProject.Item, in part: String) {
        guard count > 0 else { return }
        outcome.problems.append("\(item.title): \(count) picture\(count == 1 ? "" : "s") in its \(part) left out (msx keeps PNG, JPEG and GIF pictures;"
            + " save \(count == 1 ? "it" : "them") as one of those in Scrivener and import again)")
    }

    /// An RTF file as msx's document, with the pictures it shows; `item`'s comments and footnotes where its text
    /// links to them, and its inline annotations and footnotes.
    package func compose(_ url: URL, of item: ScrivenerProject.Item? = nil) throws
        -> (document: RichDocument, pictures: [String: Data], cutShort: Bool, picturesLeftOut: Int)
    {
        let bytes = [UInt8](try FileIO.readData(url, displayPath: url.path))
        let read = ScrivenerStyleTags.applied(to: try RTFReader.read(bytes, attachment: files.attachments(beside: url)))
        let author = scrivener.author ?? ""
        let imported = ScrivenerInlineNotes.applied(
            to: ScrivenerComments(item.flatMap(files.comments)).applied(to: read, author: author, date: ""), author: author)
        guard let sheet else { throw MsxError(.unexpected, "the project's styles were not read before its documents") }
        let composed = try ImportComposer(sheet: sheet).compose(imported)
        let leftOut = read.warnings.lazy.compactMap { if case .picturesSkipped(let count) = $0 { count } else { nil } }.first ?? 0
        return (composed.document, imported.pictures(shownIn: imported.paragraphs), read.warnings.contains(.truncated), leftOut)
    }

    /// Tells the writer what msx has no place for: Scrivener's style names (the formatting came with the text), and
    /// what each collection became.
    package mutating func reportWhatHasNoPlace() {
        func items(_ list: [ScrivenerProject.Item]) -> [ScrivenerProject.Item] { list.flatMap { [$0] + items($0.children) } }
        let styled = items(scrivener.items).filter { files.styles(of: $0) != nil }.count
        if styled > 0 {
            outcome.problems.append("\(styled) text\(styled == 1 ? " uses" : "s use") Scrivener's styles: the formatting came with the text, the style names did not")
        }
        for collection in scrivener.collections {
            if let search = collection.search {
                outcome.notes.append("the saved search '\(collection.title)' looks for \"\(search)\": msx search \"\(search)\" runs it")
            } else if collection.members.isEmpty {
                outcome.notes.append("the collection '\(collection.title)' was empty")
            } else {
                let count = collection.members.count
                outcome.notes.append("the collection '\(collection.title)' is the keyword '\(collection.title)' on its \(count) item\(count == 1 ? "" : "s")")
            }
        }
    }

    /// Makes the links between Scrivener documents in `documents` links to the msx documents they became; a link
    /// to an item that became none (a folder, say) stays as it was, and the writer is told.
    private mutating func resolveLinks(in documents: [BinderNode], of project: inout Project) throws {
        var unresolved = 0
        for node in documents {
            let document = try project.loadDocument(node, sourceMap: false)
            let resolved = ScrivenerLinks.resolved(document, at: node.path, targets: linkTargets)
            unresolved += resolved.unresolved
            if resolved.document.markdown.sourceText != document.markdown.sourceText { try project.replace(node, with: resolved.document) }
        }
        if unresolved > 0 {
            outcome.problems.append("\(unresolved) link\(unresolved == 1 ? "" : "s") to Scrivener items that are no document here (folders) stay scrivlnk:// links")
        }
    }
}
