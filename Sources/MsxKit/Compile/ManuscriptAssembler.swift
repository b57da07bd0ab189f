import Foundation

/// Walks the binder and gathers the documents to compile, from the working copy or from a version.
struct ManuscriptAssembler {
    let manifest: Manifest
    let loadDocument: (BinderNode) throws -> RichDocument?

    func assemble(_ options: CompileOptions) throws -> Manuscript {
        let root: BinderNode
        if let chosen = options.root {
            guard let current = manifest.node(id: chosen.id), current.isFolder else {
                throw MsxError.user("not-a-folder", "'\(chosen.title)' is not a folder of this version")
            }
            root = current
        } else if let draft = manifest.roleFolder("draft") {
            root = draft
        } else {
            throw MsxError.damaged("no-draft", "\(Manifest.fileName): the binder has no Draft folder")
        }
        let separator = manifest.compile["sceneSeparator"]?.stringValue ?? "#"
        var parts: [Manuscript.Part] = []
        try collect(root.children, depth: 1, separator: separator, into: &parts)

        let settings = manifest.compile
        let author = manifest.author.name
        let surname = settings["authorSurname"]?.stringValue
            ?? author.split(separator: " ").last.map(String.init) ?? author
        let a4 = settings["pageSize"]?.stringValue == "a4"
        let margin: (String) -> Double = { side in
            options.preset == .manuscript ? 72 : settings["margins"]?[side]?.numberValue ?? 72
        }
        var sheet = StyleSheet(manifest: manifest)
        if options.preset == .manuscript { sheet.applyManuscriptFormat() }
        return Manuscript(
            title: manifest.title, author: author, surname: surname, contact: settings["contact"]?.stringValue,
            parts: parts, styleSheet: sheet, preset: options.preset,
            hasTitlePage: options.titlePage ?? (options.preset == .manuscript), smartQuotes: options.smartQuotes,
            pageSize: a4 ? (595.3, 841.9) : (612, 792),
            margins: (margin("top"), margin("bottom"), margin("left"), margin("right")))
    }

    /// Folders become headings by depth; a separator goes between documents that follow each other in one folder.
    private func collect(_ nodes: [BinderNode], depth: Int, separator: String, into parts: inout [Manuscript.Part]) throws {
        var previousWasDocument = false
        for node in nodes where node.includeInCompile {
            if node.isFolder {
                parts.append(.heading(node.title, level: min(depth, 6)))
                try collect(node.children, depth: depth + 1, separator: separator, into: &parts)
                previousWasDocument = false
            } else if let document = try loadDocument(node) {
                guard !document.paragraphTexts.isEmpty else { continue }
                if previousWasDocument { parts.append(.separator(separator)) }
                parts.append(.document(node, document))
                previousWasDocument = true
            }
        }
    }
}

extension StyleSheet {
    /// Standard manuscript format laid over the project's formatting.
    mutating func applyManuscriptFormat() {
        defaults = defaults.overlaid(with: [
            "fontFamily": "Times New Roman", "fontSize": 12, "lineHeightMultiple": 2, "lineSpacing": 0,
            "firstLineHeadIndent": 36, "paragraphSpacingBefore": 0, "paragraphSpacing": 0,
        ])
        for name in styles.keys.filter({ $0.hasPrefix("Heading") }) {
            styles[name] = styles[name]!.overlaid(with: [
                "fontSize": 12, "alignment": "center", "paragraphSpacingBefore": 0, "paragraphSpacing": 0,
            ])
        }
    }

    /// Formatting the manuscript preset imposes on every character and paragraph, whatever the document says.
    static let manuscriptOverrides: (character: Attributes, paragraph: Attributes) = (
        ["fontFamily": "Times New Roman", "fontSize": 12, "foregroundColor": .null, "backgroundColor": .null],
        ["lineHeightMultiple": 2, "lineSpacing": 0, "paragraphSpacingBefore": 0, "paragraphSpacing": 0]
    )
}

extension Project {
    /// Assembles the draft (or `options.root`) from the working copy.
    public func manuscript(_ options: CompileOptions) throws -> Manuscript {
        try ManuscriptAssembler(manifest: manifest) { node in try loadDocument(node) }.assemble(options)
    }
}

extension ProjectHistory {
    /// Assembles the draft (or `options.root`) as it was at `version`.
    public func manuscript(_ options: CompileOptions, at version: GitOID) throws -> Manuscript {
        guard let manifest = try manifest(at: version) else {
            throw MsxError.user("no-project-then", "the project did not exist at \(version.short)")
        }
        return try ManuscriptAssembler(manifest: manifest) { node in try document(node, at: version) }.assemble(options)
    }
}
