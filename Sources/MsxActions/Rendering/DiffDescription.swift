import MsxDiff
import MsxHistory
import MsxModel

/// Formatting changes in the words writers use: "bold added: 'the storm' (paragraph 3)",
/// "alignment left -> center (paragraph 1)", "font Palatino -> Times New Roman: paragraphs 2-9".
public enum DiffDescription {
    /// One line per formatting change; changes covering whole consecutive paragraphs are grouped.
    public static func formatting(_ diff: DocumentDiff, newTexts: [String]) -> [String] {
        var lines: [String] = []
        var i = 0
        let restyled = Set(diff.paragraphFormatting.filter { $0.attribute == .style }.map(\.newParagraph))
        // For people: white space at the edges is not worth naming, nor a stretch of white space alone, nor the look
        // a new paragraph style gives its whole text (the style change says it).
        let changes: [DocumentDiff.FormatChange] = diff.formatting.compactMap { raw in
            let text = newTexts[raw.newParagraph]
            guard let words = trimmed(raw.new, in: text) else { return nil }
            if restyled.contains(raw.newParagraph), trimmed(0..<text.utf16.count, in: text) == words { return nil }
            var change = raw
            change.new = words
            change.text = text.utf16Slice(words.lowerBound, words.upperBound)
            return change
        }
        while i < changes.count {
            let change = changes[i]
            var j = i
            let wholeParagraph = { (c: DocumentDiff.FormatChange) in c.new == 0..<(newTexts[c.newParagraph].utf16.count) }
            while j + 1 < changes.count, wholeParagraph(changes[j]), wholeParagraph(changes[j + 1]),
                changes[j + 1].attribute == change.attribute, changes[j + 1].before == change.before,
                changes[j + 1].after == change.after, changes[j + 1].newParagraph == changes[j].newParagraph + 1
            {
                j += 1
            }
            let name = DiffDescription.name(of: change.attribute)
            var what: String
            switch (change.before, change.after) {
            case _ where change.attribute == .annotation:
                let before = Set(RichDocument.annotationIDs(change.before)), after = Set(RichDocument.annotationIDs(change.after))
                let added = after.subtracting(before).count, removed = before.subtracting(after).count
                what = added > 0 && removed > 0 ? "comments changed" : added > 0 ? "comment added" : "comment removed"
                if added + removed > 1 { what = what.replacingOccurrences(of: "comment ", with: "comments ") }
            case (.bool(false), .bool(true)), (.null, .bool(true)): what = "\(name) added"
            case (.bool(true), .bool(false)), (.bool(true), .null): what = "\(name) removed"
            case (.null, .string("single")) where change.attribute == .underline: what = "underline added"
            case (.string("single"), .null) where change.attribute == .underline: what = "underline removed"
            case (.null, let after): what = "\(name) \(DiffDescription.text(of: after)) added"
            case (let before, .null): what = "\(name) \(DiffDescription.text(of: before)) removed"
            default: what = "\(name) \(DiffDescription.text(of: change.before)) -> \(DiffDescription.text(of: change.after))"
            }
            if j > i {
                lines.append("\(what): paragraphs \(change.newParagraph + 1)-\(changes[j].newParagraph + 1)")
            } else {
                lines.append("\(what): \(quote(change.text)) (paragraph \(change.newParagraph + 1))")
            }
            i = j + 1
        }
        let levelChanged = Set(diff.paragraphFormatting.filter { $0.attribute == .headingLevel }.map(\.newParagraph))
        for change in diff.paragraphFormatting {
            // "heading level 1 -> 2" says it all; the style named after the level need not be repeated.
            if change.attribute == .style, levelChanged.contains(change.newParagraph),
                [change.before, change.after].allSatisfy({ $0.stringValue?.hasPrefix("Heading ") ?? true }) { continue }
            let name = change.attribute == .headingLevel ? "heading level" : DiffDescription.name(of: change.attribute)
            lines.append("\(name) \(DiffDescription.text(of: change.before)) -> \(DiffDescription.text(of: change.after)) (paragraph \(change.newParagraph + 1))")
        }
        return lines
    }

    /// One line per paragraph split or joined ("paragraph 3 split in two (now paragraphs 3-4)", "paragraphs 5-6
    /// joined (now paragraph 5)") and per sentence moved ("sentence moved from paragraph 2 to paragraph 4: '…'").
    public static func structure(_ diff: DocumentDiff) -> [String] {
        let moves = diff.sentenceMoves.map { move in
            move.oldParagraph == move.newParagraph
                ? "sentence moved within paragraph \(move.newParagraph + 1): \(quote(move.text))"
                : "sentence moved from old paragraph \(move.oldParagraph + 1) to paragraph \(move.newParagraph + 1): \(quote(move.text))"
        }
        return diff.structure.map { change in
            switch change.kind {
            case .split:
                return "paragraph \(change.oldParagraphs[0] + 1) split in \(count(change.newParagraphs.count)) (now \(paragraphs(change.newParagraphs)))"
            case .join:
                return "\(paragraphs(change.oldParagraphs)) joined (now paragraph \(change.newParagraphs[0] + 1))"
            }
        } + moves
    }

    /// The operations as a reader sees them: the pieces of a joined paragraph (consecutive `modify` operations
    /// building one new paragraph) as one, its edits one piece after another.
    public static func piecesJoined(_ operations: [DocumentDiff.ParagraphOperation]) -> [DocumentDiff.ParagraphOperation] {
        var result: [DocumentDiff.ParagraphOperation] = []
        for operation in operations {
            if case .modify(_, let n, let edits) = operation, case .modify(let o, n, let before)? = result.last {
                result[result.count - 1] = .modify(old: o, new: n, edits: before + edits)
            } else {
                result.append(operation)
            }
        }
        return result
    }

    /// "two", "three", ... (a paragraph is rarely split in more).
    private static func count(_ n: Int) -> String {
        let words = [2: "two", 3: "three", 4: "four", 5: "five", 6: "six"]
        return words[n] ?? String(n)
    }

    /// "paragraphs 3-4" for neighbours, "paragraphs 3, 5 and 6" otherwise (1-based).
    private static func paragraphs(_ indexes: [Int]) -> String {
        let numbers = indexes.map { $0 + 1 }
        if let first = numbers.first, let last = numbers.last, numbers == Array(first...last) { return "paragraphs \(first)-\(last)" }
        return "paragraphs " + numbers.dropLast().map(String.init).joined(separator: ", ") + " and \(numbers.last!)"
    }

    /// An attribute's name for people ("font", "left indent"); msx's own name where it has no other.
    public static func name(of key: AttributeKey) -> String {
        let names: [AttributeKey: String] = [
            .fontFamily: "font", .fontSize: "size", .foregroundColor: "colour", .backgroundColor: "highlight",
            .firstLineHeadIndent: "first-line indent", .headIndent: "left indent", .tailIndent: "right indent",
            .lineHeightMultiple: "line height", .lineSpacing: "line spacing", .paragraphSpacingBefore: "space before",
            .paragraphSpacing: "space after", .listFormat: "list", .tabStops: "tab stops", .verticalAlign: "position",
            .smallCaps: "small caps", .allCaps: "all caps",
        ]
        return names[key] ?? key.rawValue
    }

    /// An attribute value for people: "none", "on", "off", or the value itself.
    public static func text(of value: JSONValue) -> String {
        switch value {
        case .null: return "none"
        case .string(let s): return s
        case .number(let n): return JSONWriter.format(n)
        case .bool(let b): return b ? "on" : "off"
        default: return JSONWriter.string(value, pretty: false)
        }
    }

    /// A binder difference in words: "added", "trashed", "moved from X", "renamed from 'Y'", "status Draft -> Revised".
    public static func binder(_ difference: BinderDifference) -> String {
        switch difference {
        case .added: "added"
        case .deleted: "deleted"
        case .trashed: "trashed"
        case .untrashed: "restored from the Trash"
        case .renamed(let title): "renamed from '\(title)'"
        case .moved(let path): "moved from \(path)"
        case .movedByHand(let path): "renamed or moved by hand from \(path)"
        case .reordered(let title): title.map { "moved before '\($0)'" } ?? "moved to the end of its folder"
        case .metadata(let field, let before, let after):
            "\(BinderWording.name(of: field)) \(before ?? "(none)") -> \(after ?? "(none)")"
        case .keywords(let before, let after): "keywords \(before.joined(separator: ", ")) -> \(after.joined(separator: ", "))"
        case .includedInCompile(let included): included ? "included in compile" : "excluded from compile"
        case .customKeys: "custom keys changed"
        case .notes(let added, let removed): "notes changed (+\(added) -\(removed) words)"
        }
    }

    public static func quote(_ text: String) -> String {
        let oneLine = text.replacingOccurrences(of: "\n", with: " ")
        return "'" + (oneLine.count > 48 ? String(oneLine.prefix(45)) + "..." : oneLine) + "'"
    }
}
