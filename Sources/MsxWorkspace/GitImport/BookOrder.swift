import Foundation
import MsxModel

/// The order a repository of Markdown states for its chapters, read from the first of: mdBook's `SUMMARY.md`, a
/// Longform index note (front matter `longform:` listing `scenes:`), a pandoc defaults file (`input-files:`);
/// chapters it does not list, and every chapter when there is none, follow in natural name order ("2" before
/// "10", which numbered file names rely on).
struct BookOrder {
    /// Where the order came from, for the report (nil: natural name order).
    private(set) var source: String?
    /// Titles the order gives (mdBook's link texts), by chapter path.
    private(set) var titles: [String: String] = [:]
    private var ranks: [String: Int] = [:]

    /// The order stated among `files` (repository paths to their text), for `chapters` (the paths imported).
    init(files: [String: String], chapters: Set<String>) {
        for (path, text) in files.sorted(by: { $0.key < $1.key }) where Self.fileName(path).lowercased() == "summary.md" {
            let listed = Self.summaryLinks(text, folder: Self.folder(path)).filter { chapters.contains($0.path) }
            guard !listed.isEmpty else { continue }
            take(listed.map(\.path), from: path)
            for link in listed where !link.title.isEmpty { titles[link.path] = link.title }
            return
        }
        for (path, text) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".md") {
            let matter = FrontMatter(text)
            guard case .object(let longform)? = matter.values["longform"] else { continue }
            let folder = Self.folder(path)
            let scenesFolder = (longform["sceneFolder"]?.stringValue ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            let base = [folder, scenesFolder].filter { !$0.isEmpty }.joined(separator: "/")
            let names = Self.flattened(longform["scenes"] ?? .array([])) + [longform["sceneFile"]?.stringValue].compactMap { $0 }
            let listed = names.map { (base.isEmpty ? "" : base + "/") + $0 + ($0.hasSuffix(".md") ? "" : ".md") }.filter { chapters.contains($0) }
            guard !listed.isEmpty else { continue }
            take(listed, from: path)
            return
        }
        for (path, text) in files.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".yaml") || path.hasSuffix(".yml") {
            let values = FrontMatter("---\n" + text + "\n---\n")
            let listed = values.list("input-files").map { Self.joined(Self.folder(path), $0) }.filter { chapters.contains($0) }
            guard !listed.isEmpty else { continue }
            take(listed, from: path)
            return
        }
    }

    /// Whether `a` comes before `b`.
    func precedes(_ a: String, _ b: String) -> Bool {
        switch (ranks[a], ranks[b]) {
        case let (x?, y?): x < y
        case (.some, nil): true
        case (nil, .some): false
        case (nil, nil): a.compare(b, options: [.caseInsensitive, .numeric]) == .orderedAscending
        }
    }

    private mutating func take(_ paths: [String], from file: String) {
        source = file
        for (rank, path) in paths.enumerated() where ranks[path] == nil { ranks[path] = rank }
    }

    /// The chapters `SUMMARY.md` links to (`[Title](path.md)`), in order, with their link texts.
    private static func summaryLinks(_ text: String, folder: String) -> [(title: String, path: String)] {
        text.matches(of: #/\[([^\]]*)\]\(([^)\s]+\.md)\)/#).map { match in
            (String(match.output.1), joined(folder, String(match.output.2).removingPercentEncoding ?? String(match.output.2)))
        }
    }

    /// A Longform scene list's names, nested lists (indented scenes) flattened in order.
    private static func flattened(_ value: JSONValue) -> [String] {
        switch value {
        case .string(let name): [name]
        case .array(let items): items.flatMap(flattened)
        default: []
        }
    }

    private static func fileName(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }
    private static func folder(_ path: String) -> String { path.split(separator: "/").dropLast().joined(separator: "/") }

    /// `relative` (`./a.md`, `../b.md`) from `folder`, as a repository path.
    private static func joined(_ folder: String, _ relative: String) -> String {
        var parts = folder.split(separator: "/").map(String.init)
        for piece in relative.split(separator: "/") {
            switch piece {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(String(piece))
            }
        }
        return parts.joined(separator: "/")
    }
}
