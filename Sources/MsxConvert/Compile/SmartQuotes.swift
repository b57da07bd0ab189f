import MsxModel

/// Typographic punctuation: straight quotes become curly ones, `...` an ellipsis, and hyphens dashes: `---` an em
/// dash, `--` an en dash between digits (pages 12--14) and an em dash elsewhere (a typewriter's dash). A run of
/// four or more hyphens is left as it is (a rule, a separator), so no dash is ever followed or preceded by a hyphen
/// it left over.
enum SmartQuotes {
    /// The replacements for a paragraph's text (UTF-16 offsets), leaving alone the units `isProtected` names
    /// (code, for instance).
    static func edits(in units: [UInt16], isProtected: (Int) -> Bool = { _ in false }) -> [(range: Range<Int>, text: String)] {
        var edits: [(Range<Int>, String)] = []
        var i = 0
        while i < units.count {
            defer { i += 1 }
            guard !isProtected(i) else { continue }
            switch units[i] {
            case 0x22:  // "
                edits.append((i..<i + 1, opensQuote(units, i) ? "\u{201C}" : "\u{201D}"))
            case 0x27:  // '
                edits.append((i..<i + 1, opensQuote(units, i) ? "\u{2018}" : "\u{2019}"))
            case 0x2D:
                let run = hyphens(units, from: i, isProtected: isProtected)
                if let dash = dash(units, hyphens: i..<i + run) { edits.append((i..<i + run, dash)) }
                i += run - 1
            case 0x2E where i + 2 < units.count && units[i + 1] == 0x2E && units[i + 2] == 0x2E
                && !isProtected(i + 1) && !isProtected(i + 2):
                edits.append((i..<i + 3, "\u{2026}"))
                i += 2
            default:
                break
            }
        }
        return edits
    }

    /// How many hyphens, none of them protected, run from `start`.
    private static func hyphens(_ units: [UInt16], from start: Int, isProtected: (Int) -> Bool) -> Int {
        var end = start
        while end < units.count && units[end] == 0x2D && !isProtected(end) { end += 1 }
        return max(1, end - start)
    }

    /// The dash a run of hyphens stands for, or nil when it stays hyphens.
    private static func dash(_ units: [UInt16], hyphens run: Range<Int>) -> String? {
        switch run.count {
        case 3: return "\u{2014}"
        case 2:
            func isDigit(_ index: Int) -> Bool { units.indices.contains(index) && (0x30...0x39).contains(units[index]) }
            return isDigit(run.lowerBound - 1) && isDigit(run.upperBound) ? "\u{2013}" : "\u{2014}"
        default: return nil
        }
    }

    /// A quote opens after the start, a space, an opening bracket or a dash; otherwise it closes (or is an apostrophe).
    private static func opensQuote(_ units: [UInt16], _ i: Int) -> Bool {
        guard i > 0 else { return true }
        let previous = units[i - 1]
        let opening: Set<UInt16> = [0x20, 0x09, 0xA0, 0x2028, 0x28, 0x5B, 0x7B, 0x2014, 0x2013, 0x2D, 0x201C, 0x2018, 0x22, 0x27]
        return opening.contains(previous)
    }

    /// Text that shows a web address, which typography must leave alone ("a--b" in a URL is not a dash).
    static func looksLikeURL(_ text: Substring) -> Bool {
        text.contains("://") || text.hasPrefix("www.") || text.hasPrefix("mailto:")
    }

    /// `text` with the edits applied.
    static func apply(_ edits: [(range: Range<Int>, text: String)], to units: [UInt16]) -> String {
        var out: [UInt16] = []
        out.reserveCapacity(units.count)
        var position = 0
        for edit in edits {
            out += units[position..<edit.range.lowerBound]
            out += edit.text.utf16
            position = edit.range.upperBound
        }
        out += units[position...]
        return String(decoding: out, as: UTF16.self)
    }
}

extension ResolvedParagraph {
    /// The paragraph with typographic punctuation outside code; runs keep their attributes.
    func withSmartQuotes() -> ResolvedParagraph {
        let units = Array(text.utf16)
        let untouched = runs.filter { run in
            run.attributes[.code] == true || (run.attributes[.link]?.stringValue != nil && SmartQuotes.looksLikeURL(run.text[...]))
        }.map(\.range)
        let edits = SmartQuotes.edits(in: units) { offset in untouched.contains { $0.contains(offset) } }
        guard !edits.isEmpty else { return self }
        var result = self
        var shift = 0
        var newRuns: [ResolvedRun] = []
        for run in runs {
            // An edit across two runs (a dash half bold) is left alone rather than moved into one of them.
            let inside = edits.filter { run.range.contains($0.range.lowerBound) && $0.range.upperBound <= run.range.upperBound }
            let runUnits = Array(units[run.range])
            let local = inside.map { edit in
                (range: (edit.range.lowerBound - run.range.lowerBound)..<(edit.range.upperBound - run.range.lowerBound), text: edit.text)
            }
            let newText = SmartQuotes.apply(local, to: runUnits)
            let length = newText.utf16.count
            let start = run.range.lowerBound + shift
            newRuns.append(ResolvedRun(range: start..<(start + length), text: newText, attributes: run.attributes))
            shift += length - run.range.count
        }
        result.runs = newRuns
        result.text = newRuns.map(\.text).joined()
        return result
    }
}
