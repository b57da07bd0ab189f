/// A stretch of a paragraph (UTF-16 offsets) carrying sidecar character attributes.
public struct FormatRun: Equatable, Sendable {
    public var range: Range<Int>
    public var attributes: Attributes
    /// Fields of the sidecar run msx does not know, kept as they were.
    var extra: [String: JSONValue] = [:]
}

/// The sidecar formatting of one paragraph, anchored to its current text.
public struct ParagraphFormatting: Equatable, Sendable {
    public var attributes: Attributes = [:]
    /// Fields of the sidecar paragraph msx does not know, kept as they were.
    var extra: [String: JSONValue] = [:]
    /// Non-overlapping, sorted runs; adjacent runs have different attributes.
    public private(set) var runs: [FormatRun] = []

    public init(attributes: Attributes = [:], runs: [FormatRun] = []) {
        self.attributes = attributes
        for run in runs { set(run.attributes, over: run.range, extra: run.extra, keepingNull: true) }
    }

    public var isEmpty: Bool { attributes.isEmpty && runs.isEmpty }

    /// Lays `changes` over `range`: each key is set, or removed where its value is `.null`.
    public mutating func set(_ changes: Attributes, over range: Range<Int>) {
        set(changes, over: range, extra: [:])
    }

    /// Sets `values` over `range` as given: a `.null` value is kept, and says "none" even where the style or the
    /// project's defaults give one (no underline, no colour).
    package mutating func assign(_ values: Attributes, over range: Range<Int>) {
        set(values, over: range, extra: [:], keepingNull: true)
    }

    mutating func set(_ changes: Attributes, over range: Range<Int>, extra: [String: JSONValue], keepingNull: Bool = false) {
        guard !range.isEmpty else { return }
        var bounds = Set([range.lowerBound, range.upperBound])
        for run in runs { bounds.insert(run.range.lowerBound); bounds.insert(run.range.upperBound) }
        let points = bounds.sorted()
        var rebuilt: [FormatRun] = []
        var next = 0
        for (start, end) in zip(points, points.dropFirst()) {
            while next < runs.count, runs[next].range.upperBound <= start { next += 1 }
            var attributes: Attributes = [:]
            var runExtra: [String: JSONValue] = [:]
            if next < runs.count, runs[next].range.lowerBound <= start {
                attributes = runs[next].attributes
                runExtra = runs[next].extra
            }
            if range.lowerBound <= start && end <= range.upperBound {
                attributes = keepingNull ? attributes.merging(changes) { $1 } : attributes.overlaid(with: changes)
                runExtra.merge(extra) { _, new in new }
            }
            guard !attributes.isEmpty else { continue }
            if let last = rebuilt.last, last.range.upperBound == start, last.attributes == attributes,
                last.extra == runExtra
            {
                rebuilt[rebuilt.count - 1].range = last.range.lowerBound..<end
            } else {
                rebuilt.append(FormatRun(range: start..<end, attributes: attributes, extra: runExtra))
            }
        }
        runs = rebuilt
    }

    /// Makes `range` carry exactly what `other` carries there (runs only; paragraph attributes stay).
    mutating func replace(_ range: Range<Int>, with other: ParagraphFormatting) {
        guard !range.isEmpty else { return }
        let present = runs.filter { $0.range.overlaps(range) }.flatMap { $0.attributes.keys }
        set(Dictionary(present.map { ($0, JSONValue.null) }, uniquingKeysWith: { a, _ in a }), over: range)
        for run in other.runs where run.range.overlaps(range) {
            set(run.attributes, over: run.range.clamped(to: range), extra: run.extra, keepingNull: true)
        }
    }

    /// The sidecar attributes in effect at each position of `range`, as maximal pieces.
    func pieces(in range: Range<Int>) -> [(Range<Int>, Attributes)] {
        var result: [(Range<Int>, Attributes)] = []
        var position = range.lowerBound
        for run in runs where run.range.overlaps(range) {
            let lower = max(run.range.lowerBound, range.lowerBound)
            if position < lower { result.append((position..<lower, [:])) }
            let upper = min(run.range.upperBound, range.upperBound)
            result.append((lower..<upper, run.attributes))
            position = upper
        }
        if position < range.upperBound { result.append((position..<range.upperBound, [:])) }
        return result
    }
}

/// The sidecar formatting of a whole document, one entry per current paragraph.
public struct DocumentFormatting: Equatable, Sendable {
    public var paragraphs: [ParagraphFormatting]

    public init(paragraphCount: Int) {
        paragraphs = Array(repeating: ParagraphFormatting(), count: paragraphCount)
    }

    /// The sidecar to write for these paragraphs' current `texts` (paragraphs made on all cores).
    public func sidecar(texts: [String], keeping extra: [String: JSONValue] = [:]) -> Sidecar {
        var sidecar = Sidecar()
        sidecar.extra = extra
        let all = paragraphs
        let formatted = all.indices.filter { !all[$0].isEmpty && $0 < texts.count }
        sidecar.paragraphs = formatted.concurrentMap { index in
            Self.sidecarParagraph(all[index], index: index, text: texts[index])
        }
        if !sidecar.paragraphs.isEmpty {
            let base = BaseText(paragraphs: texts)
            sidecar.base = base.id
            sidecar.baseText = base
        }
        return sidecar
    }

    private static func sidecarParagraph(_ formatting: ParagraphFormatting, index: Int, text: String) -> Sidecar.Paragraph {
        let units = UTF16Text.units(text)
        let runs = formatting.runs.map { run in
            Sidecar.Run(
                start: run.range.lowerBound, end: run.range.upperBound,
                text: Context.slice(units, run.range.lowerBound, run.range.upperBound),
                before: Context.before(units, run.range.lowerBound), after: Context.after(units, run.range.upperBound),
                attributes: run.attributes, extra: run.extra)
        }
        return Sidecar.Paragraph(
            index: index, textHash: TextHash.fnv1a64(text), head: Context.after(units, 0),
            tail: Context.before(units, units.count), attributes: formatting.attributes, runs: runs,
            extra: formatting.extra)
    }
}

/// Context around an anchored run: up to 16 UTF-16 units, never splitting a surrogate pair.
package enum Context {
    static let length = 16

    static func before(_ units: [UInt16], _ offset: Int) -> String {
        var start = max(0, offset - length)
        if start > 0, start < units.count, UTF16.isTrailSurrogate(units[start]) { start += 1 }
        return slice(units, start, offset)
    }

    static func after(_ units: [UInt16], _ offset: Int) -> String {
        var end = min(units.count, offset + length)
        if end < units.count, end > 0, UTF16.isTrailSurrogate(units[end]) { end -= 1 }
        return slice(units, offset, end)
    }

    /// The text of UTF-16 units `start..<end` (clamped to the units), a lone surrogate read as U+FFFD.
    package static func slice(_ units: [UInt16], _ start: Int, _ end: Int) -> String {
        let lower = max(0, min(start, units.count))
        let upper = max(lower, min(end, units.count))
        return units.withUnsafeBufferPointer { UTF16Text.string(UnsafeBufferPointer(rebasing: $0[lower..<upper])) }
    }
}
