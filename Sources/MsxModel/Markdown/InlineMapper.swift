#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Walks cmark's inline tree of one block and finds each text character's bytes in the source, with msx's own
/// scanner. cmark's inline positions are unreliable (0.29), but its tree is right: reading the source forward in
/// tree order, every delimiter and text character must appear in sequence.
struct InlineMapper {
    private let source: [UInt8]
    private var cursor: Int
    /// The block's text as UTF-8, appended to as bytes (every text node of every document read adds to it): only
    /// cmark's literals where they stand byte for byte in the source, whole characters, and scalars encoded here.
    private var textBytes: [UInt8] = []

    /// Whether the source is known to be valid UTF-8 (a string's). cmark passes bytes that are not through as they
    /// are, so its literals are then read only as strings, which read them as U+FFFD.
    private let sourceIsUTF8: Bool

    /// The block's text, made once the mapping is done. From a source known to be valid UTF-8 its bytes are valid
    /// by construction and not checked again; from any other, what is not UTF-8 reads as U+FFFD.
    var text: String {
        guard sourceIsUTF8 else { return String(decoding: textBytes, as: UTF8.self) }
        assert(String(validating: textBytes, as: UTF8.self) != nil, "a paragraph's text from valid UTF-8 is not valid UTF-8")
        return String(copying: UTF8Span(unchecked: textBytes.span))
    }
    private var ranges: [Range<Int>] = []
    private(set) var spans: [InlineSpan] = []
    private(set) var delimiters: [DelimiterMarkup] = []
    private var failed = false
    /// The second character of the entity just read, when it stands for two, and the entity's bytes.
    private var entityTail: (scalar: Unicode.Scalar, range: Range<Int>)?
    private var emitting = true
    private var length = 0

    /// Whether `ranges` are kept: a source map, or inline notes to find, needs them; most reads need neither.
    private let recordsRanges: Bool

    init(source: [UInt8], sourceIsUTF8: Bool, start: Int, recordsRanges: Bool = true) {
        self.source = source
        self.sourceIsUTF8 = sourceIsUTF8
        self.cursor = start
        self.recordsRanges = recordsRanges
    }

    /// The byte range of every UTF-16 unit, or nil when the block could not be mapped (or they were not recorded).
    var sourceRanges: [Range<Int>]? { failed || !recordsRanges ? nil : ranges }
    /// Where the scanner stopped: the end of the block's inline content.
    var position: Int { cursor }

    mutating func map(_ nodes: [CommonMarkNode]) {
        for node in nodes { visit(node) }
    }

    /// Maps the cells of a table row, joining them with tabs.
    mutating func mapTableRow(cells: [CommonMarkNode]) {
        for (i, cell) in cells.enumerated() {
            skip(while: { $0 == 0x20 || $0 == 0x09 })
            if i > 0 || peek(UInt8(ascii: "|")) {
                let pipe = cursor
                if peek(UInt8(ascii: "|")) { cursor += 1 } else if i > 0 { failed = true }
                if i > 0 { emit("\t", pipe..<pipe + 1) }
            }
            skip(while: { $0 == 0x20 || $0 == 0x09 })
            map(cell.children)
        }
    }

    private mutating func visit(_ node: CommonMarkNode) {
        switch node.kind {
        case .text:
            // Most text stands in the source as it is: compared where cmark keeps it, no string made, when the
            // source is UTF-8.
            guard sourceIsUTF8 else { return matchLiteral(node.literal ?? "", within: nil) }
            if let bytes = node.literalBytes, matchVerbatim(bytes, within: source.count, codeSpan: false) { break }
            locateEach(node.literal ?? "", within: nil, codeSpan: false)
        case .softbreak:
            let start = cursor
            skip(while: { $0 == 0x20 || $0 == 0x09 })
            consumeLineEnd()
            emit(" ", start..<max(start + 1, cursor))
            skipContinuationPrefix()
        case .linebreak:
            let start = cursor
            if peek(UInt8(ascii: "\\")) { cursor += 1 }
            skip(while: { $0 == 0x20 || $0 == 0x09 })
            consumeLineEnd()
            emit("\u{2028}", start..<max(start + 1, cursor))
            skipContinuationPrefix()
        case .code:
            mapCodeSpan(node.literal ?? "")
        case .htmlInline:
            let literal = Array((node.literal ?? "").utf8)
            if source.count >= cursor + literal.count, Array(source[cursor..<cursor + literal.count]) == literal {
                cursor += literal.count
            } else {
                failed = true
            }
        case .emph:
            delimited(node, .italic, maxRun: 1)
        case .strong:
            delimited(node, .bold, maxRun: 2)
        case .strikethrough:
            delimited(node, .strikethrough, maxRun: 2)
        case .link:
            mapLink(node, image: false)
        case .image:
            mapLink(node, image: true)
        default:
            map(node.children)
        }
    }

    private mutating func delimited(_ node: CommonMarkNode, _ attribute: InlineAttribute, maxRun: Int) {
        let textStart = length
        let open = consumeDelimiter(maxRun: maxRun, required: attribute == .strikethrough ? nil : maxRun)
        map(node.children)
        let close = consumeDelimiter(maxRun: open.count, required: open.count)
        guard !failed, emitting else { return }
        spans.append(InlineSpan(range: textStart..<length, attribute: attribute))
        delimiters.append(DelimiterMarkup(attribute: attribute, open: open, close: close, textRange: textStart..<length))
    }

    /// Consumes a run of `*`, `_` or `~` of the given length (or up to `maxRun` when `required` is nil).
    private mutating func consumeDelimiter(maxRun: Int, required: Int?) -> Range<Int> {
        let start = cursor
        guard cursor < source.count, [UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~")].contains(source[cursor])
        else {
            failed = true
            return start..<start
        }
        let char = source[cursor]
        var count = 0
        while cursor < source.count, source[cursor] == char, count < maxRun { cursor += 1; count += 1 }
        if let required, count != required { failed = true }
        return start..<cursor
    }

    private mutating func mapCodeSpan(_ literal: String) {
        let textStart = length
        let openStart = cursor
        var ticks = 0
        while peek(UInt8(ascii: "`")) { cursor += 1; ticks += 1 }
        // A span not found where the source should hold it is still the block's text: only its place is unknown.
        guard ticks > 0 else { return unplacedCodeSpan(literal) }
        var close = cursor
        var found = false
        while close < source.count {
            if source[close] == UInt8(ascii: "`") {
                var run = 0
                while close + run < source.count, source[close + run] == UInt8(ascii: "`") { run += 1 }
                if run == ticks { found = true; break }
                close += run
            } else {
                close += 1
            }
        }
        guard found else { return unplacedCodeSpan(literal) }
        matchLiteral(literal, within: close, codeSpan: true)
        cursor = close + ticks
        guard emitting else { return }
        spans.append(InlineSpan(range: textStart..<length, attribute: .code))
        delimiters.append(DelimiterMarkup(attribute: .code, open: openStart..<openStart + ticks, close: close..<cursor,
                                          textRange: textStart..<length))
    }

    /// A code span's text, kept though the mapping has failed (as a text node's is): its words are the block's.
    private mutating func unplacedCodeSpan(_ literal: String) {
        failed = true
        locateEach(literal, within: nil, codeSpan: true)
    }

    private mutating func mapLink(_ node: CommonMarkNode, image: Bool) {
        let start = cursor
        let textStart = length
        let url = node.url ?? ""
        enum Form { case bracket, angle, bare }
        var form = Form.bare
        if image {
            if source.count > cursor + 1, source[cursor] == UInt8(ascii: "!"), source[cursor + 1] == UInt8(ascii: "[") {
                cursor += 2
                form = .bracket
            } else {
                failed = true
            }
        } else if peek(UInt8(ascii: "[")) {
            cursor += 1
            form = .bracket
        } else if peek(UInt8(ascii: "<")) {
            cursor += 1
            form = .angle
        }
        if image {
            let saved = emitting
            emitting = false
            map(node.children)
            emitting = saved
        } else {
            map(node.children)
        }
        let textEnd = cursor
        switch form {
        case .bracket:
            if peek(UInt8(ascii: "]")) { cursor += 1 } else { failed = true }
            if peek(UInt8(ascii: "(")) {
                skipLinkDestination()
            } else if peek(UInt8(ascii: "[")) {
                skipBracketedLabel()
            }
        case .angle:
            if peek(UInt8(ascii: ">")) { cursor += 1 } else { failed = true }
        case .bare:
            break
        }
        if image {
            emit("\u{FFFC}", start..<max(start + 1, cursor))
            spans.append(InlineSpan(range: textStart..<length, attribute: .image(url)))
        } else if emitting {
            spans.append(InlineSpan(range: textStart..<length, attribute: .link(url)))
            // An autolink is its text alone: there is no markup to take away.
            if form != .bare {
                delimiters.append(DelimiterMarkup(attribute: .link(url), open: start..<start + 1, close: textEnd..<cursor,
                                                  textRange: textStart..<length))
            }
        }
    }

    /// Skips `(destination "title")`, honouring nested parentheses, `<...>` destinations, quotes and escapes.
    private mutating func skipLinkDestination() {
        var depth = 0
        var quote: UInt8?
        var angle = false
        while cursor < source.count {
            let byte = source[cursor]
            cursor += 1
            if byte == UInt8(ascii: "\\") { cursor += 1; continue }
            if let q = quote {
                if byte == q || (q == UInt8(ascii: "(") && byte == UInt8(ascii: ")")) { quote = nil }
                continue
            }
            if angle {
                if byte == UInt8(ascii: ">") { angle = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "("):
                if depth > 0, cursor >= 2, source[cursor - 2] == 0x20 || source[cursor - 2] == 0x0A {
                    quote = UInt8(ascii: "(")
                } else {
                    depth += 1
                }
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return }
            case UInt8(ascii: "<") where depth == 1 && cursor >= 2 && source[cursor - 2] == UInt8(ascii: "("):
                angle = true
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                if depth == 1, cursor >= 2, [0x20, 0x09, 0x0A].contains(source[cursor - 2]) { quote = byte }
            default:
                break
            }
        }
        failed = true
    }

    private mutating func skipBracketedLabel() {
        cursor += 1
        while cursor < source.count {
            let byte = source[cursor]
            cursor += 1
            if byte == UInt8(ascii: "\\") { cursor += 1; continue }
            if byte == UInt8(ascii: "]") { return }
        }
        failed = true
    }

    /// Finds each scalar of a literal in the source, allowing backslash escapes, entities, and (in code spans)
    /// line endings read as spaces.
    private mutating func matchLiteral(_ literal: String, within limit: Int?, codeSpan: Bool = false) {
        var literal = literal
        if literal.withUTF8({ matchVerbatim($0, within: limit ?? source.count, codeSpan: codeSpan) }) { return }
        locateEach(literal, within: limit, codeSpan: codeSpan)
    }

    /// Each of the literal's scalars found in the source on its own (through escapes, entities and line ends).
    private mutating func locateEach(_ literal: String, within limit: Int?, codeSpan: Bool) {
        for scalar in literal.unicodeScalars {
            let range = failed ? cursor..<cursor : locate(scalar, limit: limit ?? source.count, codeSpan: codeSpan)
            emit(scalar, range)
        }
    }

    /// `matchLiteral`'s common case, in one go: the literal stands in the source byte for byte (no escape, entity or
    /// line end between its characters) and holds no `&` outside a code span (an entity could start there and stand
    /// for it). Then each scalar is found where its bytes are, as the scalar-by-scalar search would find it.
    private mutating func matchVerbatim(_ literal: UnsafeBufferPointer<UInt8>, within limit: Int, codeSpan: Bool) -> Bool {
        guard !failed, entityTail == nil else { return false }
        let start = cursor
        let end = start + literal.count
        guard end <= limit, start < end else { return start == end && end <= limit }
        // Compared and searched as bytes (memcmp, memchr): this runs for every text node of every document read.
        let verbatim = source.withUnsafeBufferPointer { source in
            memcmp(source.baseAddress! + start, literal.baseAddress!, literal.count) == 0
                && (codeSpan || memchr(literal.baseAddress!, Int32(UInt8(ascii: "&")), literal.count) == nil)
        }
        guard verbatim else { return false }
        if emitting {
            textBytes.append(contentsOf: literal)
            // Only ASCII has as many UTF-16 units as UTF-8 bytes: then each unit is its own byte.
            let units = UTF16Text.count(literal)
            length += units
            if recordsRanges && units == end - start {
                for offset in start..<end { ranges.append(offset..<offset + 1) }
            } else if recordsRanges {
                // The literal is the source's bytes, valid UTF-8 (see `sourceIsUTF8`): each lead byte gives its
                // scalar's width, and a scalar of four bytes is two UTF-16 units.
                var offset = start
                while offset < end {
                    let lead = literal[offset - start]
                    let range = offset..<offset + (lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4)
                    for _ in 0..<(range.count == 4 ? 2 : 1) { ranges.append(range) }
                    offset = range.upperBound
                }
            }
        }
        cursor = end
        return true
    }

    private mutating func locate(_ scalar: Unicode.Scalar, limit: Int, codeSpan: Bool) -> Range<Int> {
        // The second character of an entity that stands for two (`&NotEqualTilde;`) comes from the same bytes.
        if let tail = entityTail {
            entityTail = nil
            if tail.scalar == scalar { return tail.range }
        }
        let encoded = UTF8.encode(scalar)!  // a few bytes, not on the heap: this runs for every character
        var skipped = 0
        while cursor < limit && skipped < 256 {
            if source[cursor] == UInt8(ascii: "&"), !codeSpan, let end = entityEnd(from: cursor, limit: limit),
                let decoded = HTMLEntity.decode(source[cursor..<end]), decoded.first == scalar
            {
                if decoded.count > 1 { entityTail = (decoded[1], cursor..<end) }
                defer { cursor = end }
                return cursor..<end
            }
            if matches(encoded, at: cursor) {
                defer { cursor += encoded.count }
                return cursor..<cursor + encoded.count
            }
            let byte = source[cursor]
            if byte == UInt8(ascii: "\\"), cursor + 1 < limit, Unicode.Scalar(source[cursor + 1]) == scalar,
                isASCIIPunctuation(source[cursor + 1])
            {
                defer { cursor += 2 }
                return cursor..<cursor + 2
            }
            if codeSpan && scalar == " " && (byte == 0x0A || byte == 0x0D) {
                let start = cursor
                consumeLineEnd()
                skipContinuationPrefix()
                return start..<cursor
            }
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">") {
                cursor += 1
                skipped += 1
                continue
            }
            break
        }
        failed = true
        return cursor..<cursor
    }

    private func matches(_ bytes: UTF8.EncodedScalar, at offset: Int) -> Bool {
        guard offset + bytes.count <= source.count else { return false }
        var i = offset
        for byte in bytes {
            if source[i] != byte { return false }
            i += 1
        }
        return true
    }

    /// The end of an HTML entity (`&amp;`, `&#123;`, `&#x1F;`) starting at `start`, if one is there.
    private func entityEnd(from start: Int, limit: Int) -> Int? {
        var i = start + 1
        while i < min(limit, start + 40) {
            let byte = source[i]
            if byte == UInt8(ascii: ";") { return i > start + 1 ? i + 1 : nil }
            let isAlnum = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            if !(isAlnum || byte == UInt8(ascii: "#")) { return nil }
            i += 1
        }
        return nil
    }

    private func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }

    private mutating func emit(_ scalar: Unicode.Scalar, _ range: Range<Int>) {
        guard emitting else { return }
        UTF8.encode(scalar) { textBytes.append($0) }
        let units = UTF16.width(scalar)
        if recordsRanges { for _ in 0..<units { ranges.append(range) } }
        length += units
    }

    private func peek(_ byte: UInt8) -> Bool { cursor < source.count && source[cursor] == byte }

    private mutating func skip(while predicate: (UInt8) -> Bool) {
        while cursor < source.count, predicate(source[cursor]) { cursor += 1 }
    }

    private mutating func consumeLineEnd() {
        if peek(0x0D) { cursor += 1 }
        if peek(0x0A) { cursor += 1 }
    }

    /// After a line end inside a block: indentation and block-quote markers belong to containers, not text.
    private mutating func skipContinuationPrefix() {
        skip(while: { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") })
    }
}
