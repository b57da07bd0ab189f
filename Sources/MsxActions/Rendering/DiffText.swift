import MsxDiff
import MsxHistory
import MsxModel

/// How a piece of diff text should look on a terminal (the CLI maps these to colours, or to nothing).
public enum DiffStyle: Sendable {
    case deleted, inserted, formatting, heading, dim
    /// A document's title; a count of words added, or removed.
    case title, added, removed
}

/// Renders differences for people: changed paragraphs with `[-deleted-]{+inserted+}` words, formatting changes
/// named, and moved, inserted and deleted paragraphs.
public enum DiffText {
    /// The human view. `paint` decorates (colour, strike, underline); with no decoration the markers still read.
    /// - Parameter kinds: the new and old paragraphs' kinds when known, to name scene breaks.
    /// - Parameter images: the old and new paragraphs' images (offset of each U+FFFC -> path), shown by their path.
    public static func render(_ diff: DocumentDiff, old: [String], new: [String], kinds: (old: [BlockKind], new: [BlockKind]) = ([], []),
                              images: (old: [[Int: String]], new: [[Int: String]]) = ([], []),
                              textOnly: Bool = false, formattingOnly: Bool = false, namesStructure: Bool = true,
                              paint: (String, DiffStyle) -> String) -> [String] {
        func shown(_ text: String, _ kind: BlockKind?, _ images: [Int: String], _ mark: (String) -> String) -> String {
            if kind == .thematicBreak { return "scene break" }
            return text.isEmpty ? "empty paragraph" : mark(readable(text, at: 0, images))
        }
        func pictures(_ all: [[Int: String]], _ index: Int) -> [Int: String] { index < all.count ? all[index] : [:] }
        var lines: [String] = []
        if !formattingOnly {
            for op in DiffDescription.piecesJoined(diff.operations) {
                switch op {
                case .equal: continue
                case .insert(let n):
                    let kind = n < kinds.new.count ? kinds.new[n] : nil
                    lines.append(paint("¶\(n + 1) added:", .heading) + " "
                                 + paint(shown(new[n], kind, pictures(images.new, n)) { "{+\($0)+}" }, .inserted))
                case .delete(let o):
                    let kind = o < kinds.old.count ? kinds.old[o] : nil
                    lines.append(paint("old ¶\(o + 1) deleted:", .heading) + " "
                                 + paint(shown(old[o], kind, pictures(images.old, o)) { "[-\($0)-]" }, .deleted))
                case .modify(let o, let n, let edits):
                    lines.append(paint("¶\(n + 1):", .heading) + " " + inline(edits, (pictures(images.old, o), pictures(images.new, n)), paint: paint))
                case .move(let o, let n, let edits):
                    let edited = edits.contains { $0.kind != .equal }
                    lines.append(paint("old ¶\(o + 1) moved to ¶\(n + 1)\(edited ? " and edited" : ""):", .heading) + " "
                                 + (edited ? inline(edits, (pictures(images.old, o), pictures(images.new, n)), paint: paint)
                                    : paint(excerpt(readable(new[n], at: 0, pictures(images.new, n))), .dim)))
                }
            }
            if namesStructure { lines += DiffDescription.structure(diff).map { paint("structure: ", .heading) + $0 } }
        }
        if !textOnly {
            lines += DiffDescription.formatting(diff, newTexts: new).map { paint("formatting: ", .formatting) + $0 }
        }
        return lines
    }

    /// git's `--word-diff=plain` style for one document, a line per changed paragraph.
    public static func wordDiff(_ diff: DocumentDiff, old: [String], new: [String]) -> [String] {
        render(diff, old: old, new: new, textOnly: true, namesStructure: false) { text, _ in text }
    }

    /// The edits worth showing: white space deleted at either end (where a split or a join moved the paragraph
    /// break, or a trailing space went) is not.
    public static func shown(_ edits: [DocumentDiff.TextEdit]) -> ArraySlice<DocumentDiff.TextEdit> {
        func invisible(_ edit: DocumentDiff.TextEdit?) -> Bool { edit?.kind == .delete && edit!.text.allSatisfy(\.isWhitespace) }
        var shown = edits[...]
        if invisible(shown.first) { shown = shown.dropFirst() }
        if invisible(shown.last) { shown = shown.dropLast() }
        return shown
    }

    private static func inline(_ edits: [DocumentDiff.TextEdit], _ images: (old: [Int: String], new: [Int: String]),
                               paint: (String, DiffStyle) -> String) -> String {
        shown(edits).map { edit in
            switch edit.kind {
            case .equal: return shorten(readable(edit.text, at: edit.old.lowerBound, images.old))
            case .delete: return paint("[-\(readable(edit.text, at: edit.old.lowerBound, images.old))-]", .deleted)
            case .insert: return paint("{+\(readable(edit.text, at: edit.new.lowerBound, images.new))+}", .inserted)
            }
        }.joined()
    }

    /// `text` (found at UTF-16 offset `offset` of its paragraph) with each image placeholder shown as its path.
    public static func readable(_ text: String, at offset: Int, _ images: [Int: String]) -> String {
        guard !images.isEmpty, text.utf16.contains(0xFFFC) else { return text }
        var result = ""
        var position = offset
        for scalar in text.unicodeScalars {
            if scalar == "\u{FFFC}", let path = images[position] { result += "[image: \(path)]" } else { result.unicodeScalars.append(scalar) }
            position += scalar.utf16.count
        }
        return result
    }

    /// Long unchanged stretches are cut to their ends, so a changed paragraph stays readable.
    private static func shorten(_ text: String) -> String {
        guard text.count > 80 else { return text }
        return String(text.prefix(36)) + " … " + String(text.suffix(36))
    }

    private static func excerpt(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(57)) + "..." : text
    }
}
