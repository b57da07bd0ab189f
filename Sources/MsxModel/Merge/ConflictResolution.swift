import Foundation

/// Which version of a conflicted passage the writer keeps.
public enum ConflictChoice: String, Sendable, CaseIterable {
    /// This side's (what the merge placed in the file, unless both sides inserted there).
    case ours
    /// The other side's.
    case theirs
    /// This side's, then the other's.
    case both
}

extension MergeConflict {
    /// The text that takes the place of `placed` when the writer keeps `choice` (text and deleted-passage
    /// conflicts; a formatting conflict changes no text).
    public func replacement(choosing choice: ConflictChoice) -> String {
        switch choice {
        case .ours: return ours
        case .theirs: return theirs
        case .both:
            if ours.isEmpty || theirs.isEmpty { return ours + theirs }
            if base.isEmpty {
                let together = MergeLines.together(ours, theirs)
                if placed == ours + theirs || placed == together { return together }
            }
            // Whole paragraphs stay paragraphs; words within one are kept apart by a space.
            let separator = ours.contains("\n") || theirs.contains("\n") ? "\n\n" : " "
            return ours.trimmingTrailingWhitespace() + separator + theirs.trimmingLeadingWhitespace()
        }
    }

    /// Where the conflict's `placed` text is in `text` (UTF-16 offsets), after any edits made since the merge:
    /// the occurrence with the most of its context around it, nearest to `expected` (where the merge put it);
    /// nil when it is no longer there.
    public func locate(in text: String, expected: Int) -> Range<Int>? {
        let units = Array(text.utf16)
        let (before, placed, after) = (Array(before.utf16), Array(placed.utf16), Array(after.utf16))
        // Most context first: both sides, then a side (a neighbouring resolution may have changed the other),
        // then the placed text alone, when it is not empty.
        let attempts: [(prefix: [UInt16], suffix: [UInt16])] = [(before, after), (before, []), ([], after)]
            + (placed.isEmpty ? [] : [([], [])])
        for (prefix, suffix) in attempts where !(prefix + placed + suffix).isEmpty {
            let needle = prefix + placed + suffix
            let starts = Self.occurrences(of: needle, in: units).map { $0 + prefix.count }
            if let nearest = starts.min(by: { abs($0 - expected) < abs($1 - expected) }) {
                return nearest..<(nearest + placed.count)
            }
        }
        return nil
    }

    /// Start offsets of every occurrence of `needle` in `units`.
    private static func occurrences(of needle: [UInt16], in units: [UInt16]) -> [Int] {
        guard !needle.isEmpty, needle.count <= units.count else { return [] }
        var result: [Int] = []
        var start = 0
        while start + needle.count <= units.count {
            if units[start] == needle[0], units[start..<(start + needle.count)].elementsEqual(needle) { result.append(start) }
            start += 1
        }
        return result
    }
}

extension MergeConflict {
    /// The conflict as a JSON object (the fields of `docs/cli-json.md`'s conflict object).
    public var json: [String: JSONValue] {
        var object: [String: JSONValue] = [
            "kind": .string(kind.rawValue), "base": .string(base), "ours": .string(ours), "theirs": .string(theirs),
            "placed": .string(placed), "before": .string(before), "after": .string(after), "offset": .int(offset),
        ]
        if let paragraph { object["paragraph"] = .int(paragraph) }
        if let attribute { object["attribute"] = .string(attribute.rawValue) }
        if let field { object["field"] = .string(field) }
        if let oursValue { object["oursValue"] = oursValue }
        if let theirsValue { object["theirsValue"] = theirsValue }
        return object
    }

    /// Reads a conflict written by `json`.
    package init(json value: JSONValue, file: String, path: String) throws {
        let reader = try JSONReader(value, file: file, path: path)
        guard let kind = Kind(rawValue: try reader.requiredString("kind")) else {
            throw reader.fail("kind", "text, deleted, formatting, metadata or file")
        }
        for key in ["offset", "paragraph"] where (try reader.int(key) ?? 0) < 0 { throw reader.fail(key, "0 or more") }
        self.init(kind: kind, base: try reader.requiredString("base"), ours: try reader.requiredString("ours"),
                  theirs: try reader.requiredString("theirs"), placed: try reader.requiredString("placed"),
                  before: try reader.string("before") ?? "", after: try reader.string("after") ?? "",
                  offset: try reader.int("offset") ?? 0, paragraph: try reader.int("paragraph"),
                  attribute: try reader.string("attribute").map(AttributeKey.init(rawValue:)),
                  field: try reader.string("field"), oursValue: reader.object["oursValue"], theirsValue: reader.object["theirsValue"])
    }
}

private extension String {
    func trimmingTrailingWhitespace() -> String {
        var copy = self
        while copy.last?.isWhitespace == true { copy.removeLast() }
        return copy
    }

    func trimmingLeadingWhitespace() -> String { String(drop { $0.isWhitespace }) }
}
