/// Reads a sidecar straight from its bytes, without a `JSONValue` and a dictionary for every paragraph and run: the
/// fast path of `Sidecar(json:file:)`, which every command reading a document takes (a search or a comparison of a
/// whole book reads a thousand sidecars).
///
/// It accepts only what the general reader reads to the same sidecar. On anything else (a field of the wrong type, a
/// missing one, a number out of its limits, another format version) it stops with a syntax error, and the sidecar is
/// read again the general way, whose error names the field or whose clamping names the value; so a problem is
/// reported alike on both paths. `SidecarReaderTests` checks the two against each other on valid and damaged
/// sidecars.
extension JSONParser {
    mutating func readSidecar() throws(SyntaxError) -> Sidecar {
        guard next(is: UInt8(ascii: "{")) else { throw fail("a sidecar is not an object") }
        var sidecar = Sidecar()
        var version: Int?
        var runs = 0
        var seen = SidecarField.Seen()
        try readObject(keys: { parser throws(SyntaxError) in try parser.readSidecarKey() }) { parser, key throws(SyntaxError) in
            guard seen.first(key) else { return false }
            switch key {
            case .field(.formatVersion): version = try parser.readOptionalWholeNumber()
            case .field(.base): sidecar.base = try parser.readOptionalString().flatMap { BaseText.isValidID($0) ? $0 : nil }
            case .field(.paragraphs):
                sidecar.paragraphs = try parser.readItems { parser throws(SyntaxError) in try parser.readSidecarParagraph(runs: &runs) }
            default: return sidecar.extra.updateValue(try parser.parseValue(), forKey: key.description) == nil
            }
            return true
        }
        guard let version, (1...Sidecar.formatVersion).contains(version) else { throw fail("another format version") }
        return sidecar
    }

    private mutating func readSidecarParagraph(runs: inout Int) throws(SyntaxError) -> Sidecar.Paragraph {
        guard next(is: UInt8(ascii: "{")) else { throw fail("a paragraph is not an object") }
        var paragraph = Sidecar.Paragraph(index: -1, textHash: "", attributes: [:], runs: [])
        var seen = SidecarField.Seen()
        try readObject(keys: { parser throws(SyntaxError) in try parser.readSidecarKey() }) { parser, key throws(SyntaxError) in
            guard seen.first(key) else { return false }
            switch key {
            case .field(.index): paragraph.index = try parser.readOptionalWholeNumber() ?? -1
            case .field(.textHash): paragraph.textHash = try parser.readOptionalString() ?? ""
            case .field(.head): paragraph.head = try parser.readOptionalString() ?? ""
            case .field(.tail): paragraph.tail = try parser.readOptionalString() ?? ""
            case .field(.attributes): paragraph.attributes = try parser.readAttributes()
            case .field(.runs):
                paragraph.runs = try parser.readItems { parser throws(SyntaxError) in
                    runs += 1
                    guard runs <= Sidecar.mostRuns else { throw parser.fail("more runs than msx reads") }
                    return try parser.readSidecarRun()
                }
            default: return paragraph.extra.updateValue(try parser.parseValue(), forKey: key.description) == nil
            }
            return true
        }
        guard paragraph.index >= 0 else { throw fail("a paragraph without its index") }
        return paragraph
    }

    private mutating func readSidecarRun() throws(SyntaxError) -> Sidecar.Run {
        guard next(is: UInt8(ascii: "{")) else { throw fail("a run is not an object") }
        var run = Sidecar.Run(start: -1, end: -1, text: "", before: "", after: "", attributes: [:])
        var seen = SidecarField.Seen()
        try readObject(keys: { parser throws(SyntaxError) in try parser.readSidecarKey() }) { parser, key throws(SyntaxError) in
            guard seen.first(key) else { return false }
            switch key {
            case .field(.start): run.start = try parser.readOptionalWholeNumber() ?? -1
            case .field(.end): run.end = try parser.readOptionalWholeNumber() ?? -1
            case .field(.text): run.text = try parser.readOptionalString() ?? ""
            case .field(.before): run.before = try parser.readOptionalString() ?? ""
            case .field(.after): run.after = try parser.readOptionalString() ?? ""
            case .field(.attributes): run.attributes = try parser.readAttributes()
            default: return run.extra.updateValue(try parser.parseValue(), forKey: key.description) == nil
            }
            return true
        }
        guard run.start >= 0, run.end >= run.start else { throw fail("a run without its place") }
        return run
    }

    /// Formatting attributes (null: none), read straight into their table, each within its limits: a value out of
    /// them is left to the general reader, which brings it within them and names it.
    private mutating func readAttributes() throws(SyntaxError) -> Attributes {
        if next(is: UInt8(ascii: "n")) { try parseNull(); return [:] }
        guard next(is: UInt8(ascii: "{")) else { throw fail("attributes are not an object") }
        var attributes: Attributes = [:]
        try readObject { parser, name throws(SyntaxError) in
            let key = AttributeKey(rawValue: name), value = try parser.parseValue()
            guard key.unmetExpectation(by: value) == nil else { throw parser.fail("an attribute out of its limits") }
            return attributes.updateValue(value, forKey: key) == nil
        }
        return attributes
    }

    /// A key: one of the sidecar's fields (matched by its bytes when it holds no escape), or another member's name.
    private mutating func readSidecarKey() throws(SyntaxError) -> SidecarKey {
        if let plain = readPlainString() {
            return SidecarField(keyBytes: plain).map(SidecarKey.field) ?? .other(String(decoding: plain, as: UTF8.self))
        }
        var key = try parseString()
        return key.withUTF8 { SidecarField(keyBytes: $0[...]) }.map(SidecarKey.field) ?? .other(key)
    }
}

/// The names of a sidecar's fields, at every level: the top-level object's, a paragraph's and a run's. A field of
/// another level (a paragraph's `start`) is kept as an unknown member, as the general reader keeps it.
private enum SidecarField: Int, CaseIterable {
    case formatVersion, base, paragraphs
    case index, textHash, head, tail, runs
    case start, end, text, before, after
    case attributes

    /// The fields seen so far in one object: a field named twice is a duplicate the general reader refuses (another
    /// member's name, kept in `extra`, is checked there).
    struct Seen {
        private var bits: UInt16 = 0

        /// Whether `key` is met for the first time, marking it met.
        mutating func first(_ key: SidecarKey) -> Bool {
            guard case .field(let field) = key else { return true }
            defer { bits |= 1 << field.rawValue }
            return bits & (1 << field.rawValue) == 0
        }
    }

    init?(keyBytes bytes: UnsafeBufferPointer<UInt8>.SubSequence) {
        guard let field = Self.named.first(where: { $0.name.elementsEqual(bytes) })?.field else { return nil }
        self = field
    }

    var name: String {
        switch self {
        case .formatVersion: "formatVersion"
        case .base: "base"
        case .paragraphs: "paragraphs"
        case .index: "index"
        case .textHash: "textHash"
        case .head: "head"
        case .tail: "tail"
        case .runs: "runs"
        case .start: "start"
        case .end: "end"
        case .text: "text"
        case .before: "before"
        case .after: "after"
        case .attributes: "attributes"
        }
    }

    private static let named: [(field: SidecarField, name: [UInt8])] = allCases.map { ($0, Array($0.name.utf8)) }
}

/// A sidecar object's key as its reader sees it.
private enum SidecarKey: CustomStringConvertible {
    case field(SidecarField)
    /// Any other member, kept in the object's `extra`.
    case other(String)

    var description: String {
        switch self {
        case .field(let field): field.name
        case .other(let name): name
        }
    }
}
