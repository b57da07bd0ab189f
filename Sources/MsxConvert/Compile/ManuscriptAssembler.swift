import Foundation
import MsxModel
import MsxProject

/// Walks the binder and gathers the documents to compile, from the working copy or from a version.
struct ManuscriptAssembler {
    let reader: any ProjectReader
    var manifest: Manifest { reader.manifest }

    /// Reads the documents of `nodes`, each with its words counted (nil for a missing file): on all cores when the
    /// reader allows it (files), one at a time when it does not (a libgit2 repository is used from one thread).
    private func load(_ nodes: [BinderNode], progress: (@Sendable (Int) -> Void)?) throws -> [(document: RichDocument, words: Int)?] {
        let total = nodes.count
        let reader = reader
        let read = { @Sendable (node: BinderNode) throws -> (document: RichDocument, words: Int)? in
            defer { progress?(total) }
            return try reader.document(node).map { ($0, WordCount.count($0.text)) }
        }
        return reader.readsConcurrently ? try nodes.concurrentMap(read) : try nodes.map(read)
    }

    func assemble(_ options: CompileOptions) throws -> Manuscript {
        let root = try rootFolder(options.root)
        let sections = BookSections.of(root)
        var plan: [PlannedPart] = []
        collect(root.children, depth: 1, sections: sections, into: &plan)
        let nodes = plan.compactMap { step -> BinderNode? in if case .document(let node) = step { return node } else { return nil } }
        let loaded = try load(nodes, progress: options.progress)
        let documents = loaded.map { $0?.document }
        let parts = self.parts(plan, documents: documents, sections: sections,
                               separator: manifest.compile["sceneSeparator"]?.stringValue ?? "#")

        let settings = manifest.compile
        let author = manifest.author.name
        let pageSize: (width: Double, height: Double) = options.preset == .book ? try Self.trimSize(settings["trimSize"])
            : settings["pageSize"]?.stringValue == "a4" ? (595.3, 841.9) : (612, 792)
        let margin: (String) throws -> Double = { side in
            if options.preset == .book { return Self.bookMargins[side] ?? 54 }
            if options.preset == .screenplay { return side == "left" ? 108 : 72 }
            guard options.preset != .manuscript, let value = settings["margins"]?[side] else { return 72 }
            // A margin leaves at least a third of the page for the text.
            let room = (side == "left" || side == "right" ? pageSize.width : pageSize.height) / 3
            guard let points = value.numberValue, points.isFinite, points >= 0, points <= room else {
                throw MsxError(.invalidValue, "\(Manifest.fileName): compile margin '\(side)' is \(JSONWriter.string(value, pretty: false));"
                    + " a margin is a number of points from 0 to \(Int(room)) (72 points are an inch)")
            }
            return points
        }
        var sheet = StyleSheet(manifest: manifest)
        if options.preset == .manuscript { sheet.applyManuscriptFormat() }
        if options.preset == .screenplay { sheet.applyScreenplayFormat() }
        // The pictures the documents show, read once each.
        var pictures: [String: Data] = [:]
        for part in parts {
            guard case .document(let node, let document) = part else { continue }
            for block in document.markdown.blocks {
                for span in block.spans {
                    guard case .image(let address) = span.attribute,
                          let path = PictureAddress.projectPath(documentPath: node.path, address: address), pictures[path] == nil else { continue }
                    pictures[path] = try reader.fileData(path, limit: Manuscript.largestPicture)
                }
            }
        }
        var manuscript = Manuscript(
            title: manifest.title, author: author,
            surname: settings["authorSurname"]?.stringValue ?? author.split(separator: " ").last.map(String.init) ?? author,
            contact: Self.contactBlock(settings["contact"]?.stringValue, email: manifest.author.email), parts: parts, styleSheet: sheet, preset: options.preset,
            hasTitlePage: options.titlePage ?? (options.preset == .manuscript || options.preset == .screenplay), smartQuotes: options.smartQuotes,
            pageSize: pageSize,
            margins: (try margin("top"), try margin("bottom"), try margin("left"), try margin("right")),
            wordCount: loaded.reduce(0) { $0 + ($1?.words ?? 0) }, root: options.root.map { _ in root.id }, identifier: manifest.id,
            language: settings["language"]?.stringValue ?? "en")
        manuscript.pictures = pictures
        manuscript.mirrorsMargins = options.preset == .book
        manuscript.missingDocuments = zip(nodes, documents).compactMap { $1 == nil ? $0 : nil }
        if let cover = settings["cover"]?.stringValue, !cover.isEmpty {
            manuscript.coverPath = cover
            manuscript.cover = try? reader.fileData(cover, limit: Manuscript.largestPicture).flatMap(Picture.init)
        }
        manuscript.sections = sections
        manuscript.sectionLayouts = try SectionLayout.layouts(settings["sections"])
        if options.readsFonts {
            manuscript.fonts = try reader.files(under: Manifest.contentsFolder).sorted()
                .filter { FontFile.fileExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
                .compactMap { try reader.fileData($0, limit: FontFile.largest).flatMap(FontFile.init) }
        }
        return manuscript
    }

    /// A book's margins in points: `left` is the inside one (by the spine), wider than the outside.
    static let bookMargins = ["top": 54.0, "bottom": 63.0, "left": 63.0, "right": 45.0]

    /// A book's page from the `trimSize` compile setting: width by height in inches (`6x9`, `5.5x8.5`), 6 by 9
    /// inches when unset.
    static func trimSize(_ setting: JSONValue?) throws -> (width: Double, height: Double) {
        guard let setting else { return (432, 648) }
        let sides = (setting.stringValue ?? "").lowercased().split(separator: "x").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard sides.count == 2, sides.allSatisfy({ (3...17).contains($0) }) else {
            throw MsxError(.invalidValue, "\(Manifest.fileName): compile setting trimSize is \(JSONWriter.string(setting, pretty: false));"
                + " a trim size is width by height in inches, each from 3 to 17, such as \"6x9\" or \"5.5x8.5\"")
        }
        return (sides[0] * 72, sides[1] * 72)
    }

    /// The contact lines under the author's name on the first page: the `contact` setting, then the author's email
    /// unless the setting has it already (standard manuscript format asks for it).
    static func contactBlock(_ setting: String?, email: String?) -> String? {
        var lines = (setting ?? "").split(separator: "\n").map(String.init)
        if let email, !email.isEmpty, !lines.contains(where: { $0.contains(email) }) { lines.append(email) }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// The folder to compile: the one chosen (as it is in this version), else the Draft.
    private func rootFolder(_ chosen: BinderNode?) throws -> BinderNode {
        if let chosen {
            guard let current = manifest.node(id: chosen.id), current.isFolder else {
                throw MsxError(.notAFolder, "'\(chosen.title)' is not a folder of this version")
            }
            return current
        }
        guard let draft = manifest.roleFolder("draft") else {
            throw MsxError(.noDraft, "\(Manifest.fileName): the binder has no Draft folder")
        }
        return draft
    }

    /// The plan with its documents read: empty documents left out, a separator between scenes that follow each
    /// other in one folder (chapters start a page instead).
    private func parts(_ plan: [PlannedPart], documents: [RichDocument?], sections: [String: BookSection],
                       separator: String) -> [Manuscript.Part] {
        var parts: [Manuscript.Part] = []
        var nextDocument = 0
        var previousWasDocument = false
        for step in plan {
            switch step {
            case .heading(let title, let level, let folder):
                parts.append(.heading(title, level: level, folder: folder))
                previousWasDocument = false
            case .document(let node):
                defer { nextDocument += 1 }
                guard let document = documents[nextDocument], !document.paragraphTexts.isEmpty else { continue }
                let isScene = (sections[node.id]?.type ?? .scene) == .scene
                if previousWasDocument && isScene { parts.append(.separator(separator)) }
                parts.append(.document(node, document))
                previousWasDocument = isScene
            case .folderEnd:
                previousWasDocument = false
            }
        }
        return parts
    }

    /// What the binder says to compile, in order, before any document is read.
    private enum PlannedPart {
        case heading(String, level: Int, folder: String)
        case document(BinderNode)
        case folderEnd
    }

    /// Folders become headings by depth, then their contents; a folder that only wraps the book (no section of its
    /// own, `BookSections`) is no heading, and what it holds starts at its depth.
    private func collect(_ nodes: [BinderNode], depth: Int, sections: [String: BookSection], into plan: inout [PlannedPart]) {
        for node in nodes where node.includeInCompile {
            if node.isFolder && sections[node.id] == nil {
                collect(node.children, depth: depth, sections: sections, into: &plan)
            } else if node.isFolder {
                plan.append(.heading(node.title, level: min(depth, 6), folder: node.id))
                collect(node.children, depth: depth + 1, sections: sections, into: &plan)
                plan.append(.folderEnd)
            } else {
                plan.append(.document(node))
            }
        }
    }
}

extension StyleSheet {
    /// Standard manuscript format laid over the project's formatting.
    mutating func applyManuscriptFormat() {
        let overrides = Self.manuscriptOverrides
        defaults = defaults.overlaid(with: overrides.character).overlaid(with: overrides.paragraph)
            .overlaid(with: [.firstLineHeadIndent: 36])
        for name in styles.keys.filter({ $0.hasPrefix("Heading") }) {
            styles[name] = styles[name]!.overlaid(with: [
                .fontSize: 12, .alignment: "center", .paragraphSpacingBefore: 0, .paragraphSpacing: 0,
            ])
        }
    }

    /// A screenplay's page: Courier 12 at six lines an inch, a blank line after each element (none between a cue,
    /// its parentheticals and its dialogue), the screenplay styles' indents, scene headings plain, acts centred.
    mutating func applyScreenplayFormat() {
        let overrides = Self.screenplayOverrides
        defaults = defaults.overlaid(with: overrides.character).overlaid(with: overrides.paragraph)
            .overlaid(with: [.firstLineHeadIndent: 0, .headIndent: 0, .tailIndent: 0, .paragraphSpacing: 12, .alignment: "left"])
        for (name, attributes) in ScreenplayElement.styles { styles[name] = attributes }
        for name in styles.keys.filter({ $0.hasPrefix("Heading") }) {
            styles[name] = styles[name]!.overlaid(with: [
                .fontSize: 12, .bold: false, .alignment: name == "Heading 1" ? "center" : "left", .firstLineHeadIndent: 0,
                .headIndent: 0, .paragraphSpacingBefore: 12, .paragraphSpacing: 12,
            ])
        }
    }

    /// Formatting the screenplay preset imposes on every character and paragraph.
    static let screenplayOverrides: (character: Attributes, paragraph: Attributes) = (
        [.fontFamily: "Courier", .fontSize: 12, .foregroundColor: .null, .backgroundColor: .null],
        [.lineHeightMultiple: 1, .lineSpacing: 0, .minimumLineHeight: 12, .maximumLineHeight: 12]
    )

    /// Formatting the manuscript preset imposes on every character and paragraph, whatever the document says.
    static let manuscriptOverrides: (character: Attributes, paragraph: Attributes) = (
        [.fontFamily: "Times New Roman", .fontSize: 12, .foregroundColor: .null, .backgroundColor: .null],
        [.lineHeightMultiple: 2, .lineSpacing: 0, .paragraphSpacingBefore: 0, .paragraphSpacing: 0]
    )
}

extension ProjectReader {
    /// Assembles the draft (or `options.root`) as this state holds it.
    public func manuscript(_ options: CompileOptions) throws -> Manuscript {
        var manuscript = try ManuscriptAssembler(reader: self).assemble(options)
        manuscript.version = recorded?.version
        manuscript.modified = recorded?.date
        return manuscript
    }
}

extension Project {
    /// Assembles the draft (or `options.root`) from the working copy.
    public func manuscript(_ options: CompileOptions) throws -> Manuscript { try WorkingCopy(self).manuscript(options) }
}
