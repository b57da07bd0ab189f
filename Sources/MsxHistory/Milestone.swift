import Foundation
import MsxGit
import MsxModel

/// Milestones ("first draft", "sent to editor") are annotated git tags. Names with spaces or other characters git
/// refuses are stored under a valid tag name, and the name as typed is kept in the tag's message.
public enum Milestone {
    static let header = "Msx-Milestone: "

    /// A valid git tag name for a milestone name ("first draft" -> "first-draft").
    static func tagName(for name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw MsxError(.invalidMilestone, "a milestone needs a name") }
        var tag = ""
        var pendingHyphen = false
        for scalar in trimmed.unicodeScalars {
            let forbidden = scalar.value < 0x21 || scalar.value == 0x7F || "~^:?*[\\".unicodeScalars.contains(scalar)
            if forbidden {
                pendingHyphen = true
            } else {
                if pendingHyphen && !tag.isEmpty { tag.append("-") }
                pendingHyphen = false
                tag.unicodeScalars.append(scalar)
            }
        }
        while tag.contains("..") { tag = tag.replacingOccurrences(of: "..", with: ".") }
        while tag.contains("//") { tag = tag.replacingOccurrences(of: "//", with: "/") }
        tag = tag.replacingOccurrences(of: "@{", with: "@-")
        while tag.hasPrefix(".") || tag.hasPrefix("/") || tag.hasPrefix("-") { tag.removeFirst() }
        while tag.hasSuffix(".") || tag.hasSuffix("/") || tag.hasSuffix(".lock") {
            tag = tag.hasSuffix(".lock") ? String(tag.dropLast(5)) : String(tag.dropLast())
        }
        if tag.isEmpty || tag == "@" { tag = "milestone" }
        return tag
    }

    /// The tag's message: the name as typed, then the writer's note.
    static func message(name: String, note: String?) -> String {
        header + name + "\n" + (note.map { "\n" + $0 + "\n" } ?? "")
    }

    /// The name a writer typed for a tag (its tag name for tags made outside msx).
    static func displayName(of tag: GitTag) -> String {
        let firstLine = tag.message.messageSubject
        return firstLine.hasPrefix(header) ? String(firstLine.dropFirst(header.count)) : tag.refName
    }

    /// The writer's note of a tag, without msx's header line.
    static func note(of tag: GitTag) -> String {
        let lines = tag.message.messageLines
        let body = lines.first.map { $0.hasPrefix(header) } == true ? lines.dropFirst() : lines[...]
        return body.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
