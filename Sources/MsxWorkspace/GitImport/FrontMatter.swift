import MsxModel

/// The YAML front matter at the top of a Markdown file (`---`, `key: value` lines, `---`), as Obsidian, Jekyll,
/// Hugo and pandoc books write it: read as the subset such files use (maps by indentation, lists as `- item` lines
/// or `[a, b]`, plain, single- or double-quoted scalars), never run as code.
struct FrontMatter {
    /// The front matter's values by key (nested maps and lists as JSON values; scalars as strings).
    var values: [String: JSONValue] = [:]
    /// The Markdown after the front matter.
    var body: String

    /// `text` split into its front matter and body; all body when it opens with none or the block never closes.
    init(_ text: String) {
        body = text
        let normalized = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        var lines = normalized.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        guard lines.first.map({ $0.trimmingCharacters(in: .whitespaces) == "---" }) == true,
              let close = lines.dropFirst().firstIndex(where: { ["---", "..."].contains($0.trimmingCharacters(in: .whitespaces)) })
        else { return }
        values = Self.map(Array(lines[1..<close].map(String.init)))
        lines.removeSubrange(0...close)
        // The blank line that usually follows the block is part of it.
        while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true, lines.count > 1 { lines.removeFirst() }
        body = lines.joined(separator: "\n")
    }

    /// A string value (a list's items joined by ", "), nil when absent or empty.
    func text(_ keys: String...) -> String? {
        for key in keys {
            switch values[key] {
            case .string(let s) where !s.isEmpty: return s
            case .array(let items): return items.compactMap(\.stringValue).joined(separator: ", ")
            default: continue
            }
        }
        return nil
    }

    /// A list value (a string split at commas), empty when absent.
    func list(_ keys: String...) -> [String] {
        for key in keys {
            switch values[key] {
            case .array(let items): return items.compactMap(\.stringValue).filter { !$0.isEmpty }
            case .string(let s): return s.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            default: continue
            }
        }
        return []
    }

    // MARK: The YAML subset

    /// Lines of one indentation level and below as a map.
    private static func map(_ lines: [String]) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        var i = 0
        let content = lines.filter { !isBlank($0) }
        while i < content.count {
            let line = content[i]
            let indent = indentation(line)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard let colon = keyColon(in: trimmed) else { i += 1; continue }
            let key = unquoted(String(trimmed[..<colon]))
            let rest = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            var nested: [String] = []
            var j = i + 1
            while j < content.count, indentation(content[j]) > indent || (content[j].trimmingCharacters(in: .whitespaces).hasPrefix("- ") && indentation(content[j]) == indent && rest.isEmpty) {
                nested.append(content[j])
                j += 1
            }
            if ["|", "|-", "|+", ">", ">-", ">+"].contains(rest) {
                // A block scalar: its lines, kept (`|`) or folded into one (`>`).
                let lines = nested.map { $0.trimmingCharacters(in: .whitespaces) }
                result[key] = .string(lines.joined(separator: rest.hasPrefix("|") ? "\n" : " "))
            } else {
                result[key] = rest.isEmpty ? block(nested) : scalarOrFlow(rest)
            }
            i = j
        }
        return result
    }

    /// A nested block: a list when its lines start with `- `, else a map.
    private static func block(_ lines: [String]) -> JSONValue {
        guard let first = lines.first else { return .string("") }
        return first.trimmingCharacters(in: .whitespaces).hasPrefix("-") ? .array(list(lines)) : .object(map(lines))
    }

    /// `- item` lines of one indentation as a list; an item's deeper lines (a list in a list) belong to it.
    private static func list(_ lines: [String]) -> [JSONValue] {
        guard let first = lines.first else { return [] }
        let indent = indentation(first)
        var items: [JSONValue] = []
        var i = 0
        while i < lines.count {
            let trimmed = lines[i].trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("-"), indentation(lines[i]) == indent else { i += 1; continue }
            let rest = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
            var nested: [String] = []
            var j = i + 1
            while j < lines.count, indentation(lines[j]) > indent { nested.append(lines[j]); j += 1 }
            if rest.hasPrefix("- ") || rest == "-" {
                // `- - a` opens a list inside the list, its first item on the same line.
                let inner = String(repeating: " ", count: indent + 2) + rest
                items.append(.array(list([inner] + nested)))
            } else if rest.isEmpty {
                items.append(block(nested))
            } else {
                items.append(scalarOrFlow(rest))
            }
            i = j
        }
        return items
    }

    /// `[a, b]` as a list, anything else as a scalar.
    private static func scalarOrFlow(_ text: String) -> JSONValue {
        let value = withoutComment(text)
        if value.hasPrefix("["), value.hasSuffix("]") {
            return .array(value.dropFirst().dropLast().split(separator: ",").map { .string(unquoted($0.trimmingCharacters(in: .whitespaces))) })
        }
        return .string(unquoted(value))
    }

    /// Where a `key:` ends: the first colon followed by a space or the line's end, outside quotes.
    private static func keyColon(in line: String) -> String.Index? {
        var quote: Character?
        for index in line.indices {
            let c = line[index]
            if let q = quote { if c == q { quote = nil }; continue }
            if c == "\"" || c == "'" { quote = c; continue }
            if c == ":", line.index(after: index) == line.endIndex || line[line.index(after: index)] == " " { return index }
        }
        return nil
    }

    private static func withoutComment(_ text: String) -> String {
        guard !text.hasPrefix("\""), !text.hasPrefix("'"), let hash = text.range(of: " #") else { return text }
        return text[..<hash.lowerBound].trimmingCharacters(in: .whitespaces)
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == text.last, first == "\"" || first == "'" else { return text }
        let inner = String(text.dropFirst().dropLast())
        return first == "'" ? inner.replacingOccurrences(of: "''", with: "'")
            : inner.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
    }

    private static func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }
    private static func isBlank(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }
}
