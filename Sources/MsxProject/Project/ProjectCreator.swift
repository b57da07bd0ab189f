import Foundation
import MsxModel

/// Creates projects from templates. A template is a plain project folder; any project can serve as one, and msx
/// carries its own built in.
public struct ProjectCreator {
    /// Folders searched for templates by name, in order, before the built-in ones.
    public var templateFolders: [URL]

    public init(templateFolders: [URL]) { self.templateFolders = templateFolders }

    /// A template: a project folder, or one built into msx.
    public struct Template: Sendable {
        public var name: String
        /// Its folder; nil for a template built into msx.
        public var folder: URL?
        public var documentCount: Int
        public var topFolders: [String]
    }

    /// Every template, by name: those in the template folders (the first folder wins on a clash), then the
    /// built-in ones no folder overrides.
    public func templates() -> [Template] {
        var seen = Set<String>()
        var result: [Template] = []
        for folder in templateFolders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where !seen.contains(name) {
                let url = folder.appendingPathComponent(name)
                guard let text = try? String(contentsOf: url.appendingPathComponent(Manifest.fileName), encoding: .utf8),
                      let template = Self.template(name, folder: url, manifest: text)
                else { continue }
                seen.insert(name)
                result.append(template)
            }
        }
        for name in BuiltInTemplates.names where !seen.contains(name) {
            guard let data = BuiltInTemplates.contents(of: name)?[Manifest.fileName],
                  let template = Self.template(name, folder: nil, manifest: String(decoding: data, as: UTF8.self))
            else { continue }
            result.append(template)
        }
        return result
    }

    private static func template(_ name: String, folder: URL?, manifest text: String) -> Template? {
        guard let manifest = try? Manifest(json: text) else { return nil }
        return Template(name: name, folder: folder, documentCount: manifest.entries.filter { $0.node.kind == .document }.count,
                        topFolders: manifest.binder.map(\.title))
    }

    /// The template of a name, or a path (relative to `base`) to any project folder.
    public func locate(_ nameOrPath: String, relativeTo base: URL) throws -> Template {
        let all = templates()
        if let template = all.first(where: { $0.name == nameOrPath }) { return template }
        let url = URL(fileURLWithPath: nameOrPath, relativeTo: base).standardizedFileURL
        if FileIO.exists(url.appendingPathComponent(Manifest.fileName)) {
            return Template(name: nameOrPath, folder: url, documentCount: 0, topFolders: [])
        }
        let known = all.map(\.name).joined(separator: ", ")
        throw MsxError(.unknownTemplate, "no template named '\(nameOrPath)' (templates: \(known.isEmpty ? "none found" : known))")
    }

    /// What to fill in a new project.
    public struct Details: Sendable {
        public var title: String
        public var author: String
        public var email: String?
        public var date: String

        public init(title: String, author: String, email: String? = nil, date: String) {
            self.title = title
            self.author = author
            self.email = email
            self.date = date
        }
    }

    /// Creates a project at `destination` (which must not exist or be empty) from the template.
    /// Every node gets a new id; `.git` and `.msx` are not copied; `{{title}}`, `{{author}}`, `{{date}}` are filled.
    @discardableResult
    public func create(at destination: URL, from template: Template, details: Details) throws -> Project {
        let destination = try destination.requiringFullPath()
        let fm = FileManager.default
        if FileIO.exists(destination) {
            let contents = (try? fm.contentsOfDirectory(atPath: destination.path)) ?? ["?"]
            if !contents.isEmpty {
                throw MsxError(.destinationNotEmpty, "\(destination.path): folder exists and is not empty")
            }
        }
        var files = try Self.files(of: template)
        let manifestFile = (template.folder?.path ?? "built-in template \(template.name)") + "/" + Manifest.fileName
        guard let manifestData = files.removeValue(forKey: Manifest.fileName) else {
            throw MsxError(.notAProject, "\(manifestFile): missing")
        }
        let manifestText = try FileIO.decodeUTF8(manifestData, displayPath: manifestFile)
        var manifest = try Manifest(json: fill(manifestText, details, json: true), file: manifestFile)
        // Build in a sibling staging folder, then rename into place: a crash leaves no half project.
        let parent = destination.deletingLastPathComponent()
        try FileIO.createFolder(parent)
        let staging = parent.appendingPathComponent(".\(destination.lastPathComponent).msx-init-\(UUID().uuidString.prefix(8))")
        do {
            try FileIO.createFolder(staging)
            for (path, data) in files.sorted(by: { $0.key < $1.key }) {
                let to = staging.appendingPathComponent(path)
                try FileIO.createFolder(to.deletingLastPathComponent())
                let filled = path.hasSuffix(".md") ? Data(fill(try FileIO.decodeUTF8(data, displayPath: path), details, json: false).utf8) : data
                try FileIO.writeAtomically(filled, to: to)
            }
            var taken = Set<String>()
            manifest.id = Identifier.make(avoiding: taken)
            taken.insert(manifest.id)
            manifest.binder = manifest.binder.map { reidentify($0, taken: &taken) }
            manifest.title = details.title
            manifest.author = Manifest.Author(name: details.author, email: details.email)
            manifest.created = details.date
            Self.ensureRoleFolders(&manifest, taken: &taken)
            for node in manifest.entries.map(\.node) where node.kind == .folder {
                try FileIO.createFolder(staging.appendingPathComponent(node.path))
            }
            try FileIO.writeAtomically(Data(manifest.json.utf8), to: staging.appendingPathComponent(Manifest.fileName))
            try ensureGitignore(in: staging)
            if FileIO.exists(destination) { try fm.removeItem(at: destination) }
            try FileIO.move(staging, to: destination)
        } catch {
            try? fm.removeItem(at: staging)
            throw error
        }
        // A template's sidecars name no base text: saved with one, the first edit made in another editor carries
        // their formatting through the change instead of finding it by its words alone.
        var project = try Project(root: destination, forWriting: true)
        try project.giveSidecarsTheirBase()
        return try Project(root: destination)
    }

    /// A template's files by path: a folder's (not `.git` or `.msx`, and no link to a folder, followed), or the
    /// built-in ones.
    static func files(of template: Template) throws -> [String: Data] {
        guard let folder = template.folder else { return BuiltInTemplates.contents(of: template.name) ?? [:] }
        var files: [String: Data] = [:]
        func walk(_ url: URL, _ relative: String) throws {
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: url.path) } catch { throw MsxError.io(url.path, error) }
            for name in names where relative.isEmpty ? name != ".git" && name != ".msx" : true {
                let item = url.appendingPathComponent(name)
                let path = relative.isEmpty ? name : relative + "/" + name
                let isLink = (try? item.resourceValues(forKeys: [.isSymbolicLinkKey]).isSymbolicLink) ?? false
                if FileIO.isDirectory(item) {
                    if !isLink { try walk(item, path) }
                } else {
                    do { files[path] = try Data(contentsOf: item) } catch { throw MsxError.io(item.path, error) }
                }
            }
        }
        try walk(folder, "")
        return files
    }

    private func fill(_ text: String, _ details: Details, json: Bool) -> String {
        func value(_ s: String) -> String {
            guard json else { return s }
            let quoted = JSONWriter.string(.string(s), pretty: false)
            return String(quoted.dropFirst().dropLast())
        }
        return text.replacingOccurrences(of: "{{title}}", with: value(details.title))
            .replacingOccurrences(of: "{{author}}", with: value(details.author))
            .replacingOccurrences(of: "{{date}}", with: value(details.date))
    }

    private func reidentify(_ node: BinderNode, taken: inout Set<String>) -> BinderNode {
        var copy = node
        copy.id = Identifier.make(avoiding: taken)
        taken.insert(copy.id)
        copy.children = node.children.map { reidentify($0, taken: &taken) }
        return copy
    }

    /// Every project has Draft, Research, Notes and Trash, even when its template lacks some.
    static func ensureRoleFolders(_ manifest: inout Manifest, taken: inout Set<String>) {
        let roles = [("draft", "Draft"), ("research", "Research"), ("notes", "Notes"), ("trash", "Trash")]
        for (role, title) in roles where manifest.roleFolder(role) == nil {
            var folder = BinderNode(id: Identifier.make(avoiding: taken), kind: .folder, title: title, path: "contents/\(role)")
            folder.role = role
            taken.insert(folder.id)
            if role == "trash" { manifest.binder.append(folder) } else {
                let index = manifest.binder.firstIndex { $0.role == "trash" } ?? manifest.binder.count
                manifest.binder.insert(folder, at: index)
            }
        }
    }

    private func ensureGitignore(in folder: URL) throws {
        let url = folder.appendingPathComponent(".gitignore")
        let existing = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let lines = existing.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !lines.contains(".msx/") && !lines.contains(".msx") else { return }
        let text = existing.isEmpty || existing.hasSuffix("\n") ? existing + ".msx/\n" : existing + "\n.msx/\n"
        try FileIO.writeAtomically(Data(text.utf8), to: url)
    }
}
