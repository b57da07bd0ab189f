import Foundation
import MsxModel

/// Creates projects from templates. A template is a plain project folder; any project can serve as one.
public struct ProjectCreator {
    /// Folders searched for templates by name, in order.
    public var templateFolders: [URL]

    public init(templateFolders: [URL]) { self.templateFolders = templateFolders }

    /// A template found on disk.
    public struct Template: Sendable {
        public var name: String
        public var folder: URL
        public var documentCount: Int
        public var topFolders: [String]
    }

    /// Every template in the template folders, by name (the first folder wins on a clash).
    public func templates() -> [Template] {
        var seen = Set<String>()
        var result: [Template] = []
        for folder in templateFolders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where !seen.contains(name) {
                let url = folder.appendingPathComponent(name)
                guard let text = try? String(contentsOf: url.appendingPathComponent(Manifest.fileName), encoding: .utf8),
                    let manifest = try? Manifest(json: text)
                else { continue }
                seen.insert(name)
                result.append(
                    Template(
                        name: name, folder: url, documentCount: manifest.entries.filter { $0.node.kind == .document }.count,
                        topFolders: manifest.binder.map(\.title)))
            }
        }
        return result
    }

    /// The template folder for a name, or a path (relative to `base`) to any project folder.
    public func locate(_ nameOrPath: String, relativeTo base: URL) throws -> URL {
        if let template = templates().first(where: { $0.name == nameOrPath }) { return template.folder }
        let url = URL(fileURLWithPath: nameOrPath, relativeTo: base).standardizedFileURL
        if FileIO.exists(url.appendingPathComponent(Manifest.fileName)) { return url }
        let known = templates().map(\.name).joined(separator: ", ")
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

    /// Creates a project at `destination` (which must not exist or be empty) from the template folder.
    /// Every node gets a new id; `.git` and `.msx` are not copied; `{{title}}`, `{{author}}`, `{{date}}` are filled.
    @discardableResult
    public func create(at destination: URL, from template: URL, details: Details) throws -> Project {
        let fm = FileManager.default
        if FileIO.exists(destination) {
            let contents = (try? fm.contentsOfDirectory(atPath: destination.path)) ?? ["?"]
            if !contents.isEmpty {
                throw MsxError(.destinationNotEmpty, "\(destination.path): folder exists and is not empty")
            }
        }
        let manifestText = try FileIO.readText(
            template.appendingPathComponent(Manifest.fileName), displayPath: template.appendingPathComponent(Manifest.fileName).path)
        var manifest = try Manifest(json: fill(manifestText, details, json: true), file: template.path + "/" + Manifest.fileName)
        // Build in a sibling staging folder, then rename into place: a crash leaves no half project.
        let parent = destination.deletingLastPathComponent()
        try FileIO.createFolder(parent)
        let staging = parent.appendingPathComponent(".\(destination.lastPathComponent).msx-init-\(UUID().uuidString.prefix(8))")
        do {
            try copyTree(from: template, to: staging, details: details)
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
        return try Project(root: destination)
    }

    private func copyTree(from source: URL, to destination: URL, details: Details) throws {
        let fm = FileManager.default
        try FileIO.createFolder(destination)
        for name in try fm.contentsOfDirectory(atPath: source.path) where name != ".git" && name != ".msx" {
            let from = source.appendingPathComponent(name)
            let to = destination.appendingPathComponent(name)
            if FileIO.isDirectory(from) {
                try copyTree(from: from, to: to, details: details)
            } else if name == Manifest.fileName && source.path == destination.path {
                continue
            } else if name.hasSuffix(".md") {
                let text = try FileIO.readText(from, displayPath: from.path)
                try FileIO.writeAtomically(Data(fill(text, details, json: false).utf8), to: to)
            } else {
                do { try fm.copyItem(at: from, to: to) } catch { throw MsxError.io(from.path, error) }
            }
        }
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
