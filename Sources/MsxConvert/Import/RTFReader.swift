import Foundation
import MsxModel

/// Reads RTF (Word, TextEdit/Scrivener, LibreOffice, Google Docs, and msx's own) into an `ImportedDocument`.
public enum RTFReader {
    /// Reads an RTF file's bytes in one pass.
    ///
    /// Anything the reader cannot use (pictures, damaged or truncated structure, unknown code pages) is skipped or
    /// repaired and named in the document's `warnings`.
    /// - Throws: `MsxError(.notRTF, …)` when the bytes do not start with `{\rtf` (after an optional
    ///   byte order mark and white space).
    /// - Parameter attachment: the bytes of a file of the RTFD package the RTF is in (`TXT.rtf`), by the name its
    ///   `\NeXTGraphic` gives; nil for a plain RTF file, whose attachments are counted as pictures left out.
    public static func read(_ bytes: [UInt8], attachment: (@Sendable (String) -> Data?)? = nil) throws -> ImportedDocument {
        guard let start = documentStart(bytes) else {
            throw MsxError(.notRTF, "not an RTF file (it does not begin with “{\\rtf”)")
        }
        var parser = RTFParser(bytes: bytes, start: start)
        parser.attachment = attachment
        return parser.read()
    }

    /// Where `{\rtf` begins, after a UTF-8 byte order mark and white space; nil when it does not.
    private static func documentStart(_ bytes: [UInt8]) -> Int? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[index]) { index += 1 }
        return bytes[index...].starts(with: Array("{\\rtf".utf8)) ? index : nil
    }
}

/// The reading state: the token stream, the group stack (an array, so deep nesting costs no recursion), the
/// tables read so far, and the paragraph being built.
struct RTFParser {
    /// Groups deeper than this are read with the deepest state, as if their braces were not there.
    static let maximumDepth = 500

    var tokenizer: RTFTokenizer
    /// `groups[0]` stands outside the document; the last element is the innermost open group.
    var groups = [RTFGroupState()]
    /// Braces opened beyond `maximumDepth` and not closed yet.
    var flattenedDepth = 0
    var documentClosed = false
    var tables = RTFTables()
    var builder = RTFParagraphBuilder()
    var paragraphs: [ImportedParagraph] = []
    /// Tables begun so far (rows are marked with their table's number).
    var tablesRead = 0
    /// `\msxpara` values for the paragraph being built.
    var paragraphOverlay: Attributes = [:]
    var pageBreakPending = false
    let decoder = RTFCodePageDecoder()
    /// Text bytes not decoded yet: consecutive bytes decode together, so multi-byte code pages come out right.
    var pendingBytes: [UInt8] = []
    /// The last decoded text, kept to reuse its storage.
    var decoded: [Unicode.Scalar] = []
    /// Text of the destination being collected: a font or style name, a field instruction, msx JSON.
    var collected: [Unicode.Scalar] = []
    /// Fallback characters still to skip after a `\u`.
    var fallbackToSkip = 0
    /// The first half of a surrogate pair given by `\u`, waiting for the second.
    var highSurrogate: UInt32?
    /// The token before was `\*`: if an unknown word follows, its group is an ignorable destination, skipped.
    var ignorableNext = false
    var picturesSkipped = 0
    /// The pictures the text shows, by file name.
    var pictures: [String: Data] = [:]
    /// The hexadecimal digits of the picture being read (`\pict`).
    var pictureDigits: [UInt8] = []
    /// An RTFD package's files by name.
    var attachment: (@Sendable (String) -> Data?)?
    /// An attachment was just placed: the mark Cocoa writes after its group (U+00AC) stands for it, and goes.
    var attachmentMarkPending = false
    /// Characters of hidden text (`\v`) left out.
    var hiddenCharacters = 0
    var extraClosingBraces = 0
    var warnings: [ImportWarning] = []

    init(bytes: [UInt8], start: Int) {
        tokenizer = RTFTokenizer(bytes: bytes, position: start)
    }

    var top: RTFGroupState { groups[groups.count - 1] }
    var topIndex: Int { groups.count - 1 }

    mutating func read() -> ImportedDocument {
        while let token = tokenizer.next() {
            if let token = fallbackToSkip > 0 ? skippingFallback(token) : token { handle(token) }
        }
        flushBytes()
        if groups.count > 1 || flattenedDepth > 0 { warn(.truncated) }
        finishParagraph(top.paragraph)
        var document = ImportedDocument(paragraphs: paragraphs, styles: styleAttributes(), warnings: warnings + finalWarnings())
        document.pictures = pictures
        return document
    }

    private mutating func handle(_ token: RTFToken) {
        if documentClosed {
            if token == .groupEnd { extraClosingBraces += 1 }
            return
        }
        let afterIgnorableMark = ignorableNext
        ignorableNext = false
        switch token {
        case .text(let range): addText(range)
        case .hexByte(let byte): addBytes(CollectionOfOne(byte))
        case .groupStart:
            flushBytes()
            openGroup()
        case .groupEnd:
            flushBytes()
            closeGroup()
        case .word(let name, let parameter):
            flushBytes()
            handleWord(name, parameter, ignorable: afterIgnorableMark)
        case .symbol(let symbol):
            flushBytes()
            handleSymbol(symbol)
        }
    }

    /// Consumes fallback characters after a `\u`: what is left of `token` to handle, nil when nothing is. A brace
    /// ends the fallback.
    private mutating func skippingFallback(_ token: RTFToken) -> RTFToken? {
        switch token {
        case .groupStart, .groupEnd:
            fallbackToSkip = 0
            return token
        case .text(let range):
            let skipped = min(fallbackToSkip, range.count)
            fallbackToSkip -= skipped
            return range.count > skipped ? .text(range.lowerBound + skipped..<range.upperBound) : nil
        case .word, .symbol, .hexByte:
            fallbackToSkip -= 1
            return nil
        }
    }

    // MARK: Text

    private mutating func addText(_ range: Range<Int>) {
        addBytes(tokenizer.bytes[range])
    }

    private mutating func addBytes(_ bytes: some Collection<UInt8>) {
        switch top.destination {
        case .body, .fontTable, .styleSheet, .fieldInstruction, .msxData, .attachmentName:
            pendingBytes.append(contentsOf: bytes)
        case .colorTable:
            for byte in bytes where byte == UInt8(ascii: ";") { tables.commitColor() }
        case .picture:
            pictureDigits.append(contentsOf: bytes)
        case .skipped, .listTable, .listOverrideTable, .paragraphNumbering:
            break
        }
    }

    mutating func flushBytes() {
        guard !pendingBytes.isEmpty else { return }
        decoded.removeAll(keepingCapacity: true)
        decoder.decode(pendingBytes, codePage: currentCodePage, into: &decoded)
        pendingBytes.removeAll(keepingCapacity: true)
        deliver(decoded)
    }

    /// The code page of the current font, or in the font table, of the font being defined.
    private var currentCodePage: Int {
        guard top.destination == .fontTable else { return tables.codePage(font: top.character.font) }
        return tables.codePage(charset: tables.fontCharset, codePage: tables.fontCodePage)
    }

    /// Sends decoded text to the current destination (after U+FFFD for a surrogate half left waiting).
    mutating func deliver(_ scalars: [Unicode.Scalar]) {
        var scalars = scalars
        if highSurrogate != nil {
            highSurrogate = nil
            scalars.insert(Self.replacement, at: 0)
        }
        if attachmentMarkPending, top.destination == .body, !scalars.isEmpty {
            attachmentMarkPending = false
            if scalars[0] == "\u{AC}" || scalars[0] == "\u{FFFC}" { scalars.removeFirst() }
        }
        switch top.destination {
        case .body:
            if top.character.hidden {
                hiddenCharacters += scalars.count
            } else {
                builder.append(scalars, as: top.character)
            }
        case .fontTable, .styleSheet:
            for scalar in scalars {
                if scalar == ";" { commitTableEntry(state: top) } else { collected.append(scalar) }
            }
        case .fieldInstruction, .msxData, .attachmentName:
            collected.append(contentsOf: scalars)
        case .picture:
            break
        case .skipped, .colorTable, .listTable, .listOverrideTable, .paragraphNumbering:
            break
        }
    }

    /// A `\uN` character; negative N counts from 65536, two halves of a surrogate pair combine, and anything
    /// else that is not a Unicode scalar becomes U+FFFD.
    mutating func addUnicode(_ parameter: Int) {
        let value = parameter < 0 ? parameter + 65536 : parameter
        if (0xDC00...0xDFFF).contains(value), let high = highSurrogate {
            highSurrogate = nil
            let combined = 0x10000 + ((high - 0xD800) << 10) + UInt32(value - 0xDC00)
            deliver([Unicode.Scalar(combined) ?? Self.replacement])
        } else if (0xD800...0xDBFF).contains(value) {
            if highSurrogate != nil { deliver([]) }
            highSurrogate = UInt32(value)
        } else {
            deliver([(0...0x10FFFF).contains(value) ? Unicode.Scalar(UInt32(value)) ?? Self.replacement : Self.replacement])
        }
    }

    private static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// The collected destination text as a string, emptying the collection.
    mutating func takeCollected() -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: collected)
        collected.removeAll(keepingCapacity: true)
        return String(text)
    }

    /// Ends the font or style table entry being read (at its `;`, or at the end of its group).
    mutating func commitTableEntry(state: RTFGroupState) {
        let name = takeCollected().trimmingSpaces
        if state.destination == .fontTable {
            tables.commitFont(name: name)
        } else {
            tables.commitStyle(name: name, state: state)
        }
    }

    // MARK: Paragraphs

    /// `\par` and its kin: the paragraph ends (inside a footnote, the note goes on after a space).
    mutating func endParagraph() {
        guard top.destination == .body else { return }
        if builder.isInFootnote {
            builder.breakFootnoteParagraph()
        } else {
            finishParagraph(top.paragraph)
        }
    }

    /// Emits the paragraph built so far (if it has text), formatted by `state`. A surrogate half still waiting for
    /// its pair is dropped.
    private mutating func finishParagraph(_ state: RTFParagraphState) {
        highSurrogate = nil
        let overlay = paragraphOverlay
        paragraphOverlay = [:]
        let tables = self.tables
        guard let (text, runs) = builder.finish(tables.characterAttributes) else { return }
        var paragraph = tables.paragraph(text: text, runs: runs, state: state)
        if pageBreakPending {
            paragraph.attributes[.pageBreakBefore] = true
            pageBreakPending = false
        }
        RTFMsxData.apply(overlay, to: &paragraph)
        paragraphs.append(paragraph)
    }

    // MARK: Groups

    private mutating func openGroup() {
        guard groups.count < Self.maximumDepth else {
            flattenedDepth += 1
            warn(.nestedTooDeep(Self.maximumDepth))
            return
        }
        var state = top.nested
        if groups.count == 1 { state.end = .document }
        groups.append(state)
    }

    private mutating func closeGroup() {
        fallbackToSkip = 0
        if flattenedDepth > 0 {
            flattenedDepth -= 1
            return
        }
        guard groups.count > 1 else { return }
        let closed = groups.removeLast()
        if closed.destination == .fontTable || closed.destination == .styleSheet, !collected.isEmpty {
            commitTableEntry(state: closed)
        }
        switch closed.end {
        case .nothing: break
        case .document:
            finishParagraph(closed.paragraph)
            documentClosed = true
        case .footnote: builder.closeFootnote(closed.character)
        case .fieldInstruction: groups[topIndex].fieldLink = RTFField.hyperlinkTarget(takeCollected())
        case .msxParagraph:
            if let object = msxObject() { paragraphOverlay.merge(object) { _, new in new } }
        case .msxCharacter:
            if let object = msxObject() { groups[topIndex].character.overrides.merge(object) { _, new in new } }
        case .paragraphNumbering:
            groups[topIndex].paragraph.numberingFormat = closed.paragraph.numberingFormat
            groups[topIndex].paragraph.numberingLevel = closed.paragraph.numberingLevel
        case .list: tables.commitList()
        case .listOverride: tables.commitListOverride()
        case .picture: placePicture(closed)
        case .attachment: placeAttachment(named: takeCollected().trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// A `\NeXTGraphic` group closed: a PNG, JPEG or GIF file of the package is shown there, as a `\pict` is;
    /// anything else (a TIFF, a file the package lacks) is counted as left out.
    private mutating func placeAttachment(named name: String) {
        attachmentMarkPending = true
        guard let data = attachment?(name) else {
            picturesSkipped += 1
            return
        }
        show(data)
    }

    /// A `\pict` group closed: a PNG or JPEG picture is shown there; anything else is counted as left out.
    private mutating func placePicture(_ group: RTFGroupState) {
        let digits = pictureDigits.compactMap(HexDigits.value)
        pictureDigits.removeAll()
        var bytes = [UInt8]()
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count - 1, by: 2) { bytes.append(digits[index] << 4 | digits[index + 1]) }
        guard group.pictureFormat != nil else {
            picturesSkipped += 1
            return
        }
        show(Data(bytes))
    }

    /// The picture `data` as its object character (U+FFFC), formatted as the text around it; counted as left out
    /// when it is no PNG, JPEG or GIF.
    private mutating func show(_ data: Data) {
        guard let name = ImportedDocument.pictureName(data) else {
            picturesSkipped += 1
            return
        }
        pictures[name] = data
        var character = top.character
        character.overrides[.image] = .string(name)
        builder.append(["\u{FFFC}"], as: character)
    }

    private mutating func msxObject() -> Attributes? {
        let object = RTFMsxData.object(takeCollected())
        if object == nil { warn(.invalidMsxData) }
        return object
    }

    // MARK: Results

    mutating func warn(_ warning: ImportWarning) {
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    private func finalWarnings() -> [ImportWarning] {
        var result: [ImportWarning] = []
        if picturesSkipped > 0 { result.append(.picturesSkipped(picturesSkipped)) }
        if hiddenCharacters > 0 { result.append(.hiddenTextSkipped(hiddenCharacters)) }
        if extraClosingBraces > 0 { result.append(.extraClosingBraces(extraClosingBraces)) }
        result += decoder.unavailable.map(ImportWarning.codePageUnavailable)
        return result
    }

    /// Paragraph styles by name; where two share a name, the lower style number wins.
    private func styleAttributes() -> [String: Attributes] {
        var result: [String: Attributes] = [:]
        for (_, style) in tables.styles.sorted(by: { $0.key < $1.key }) where result[style.name] == nil {
            result[style.name] = style.attributes
        }
        return result
    }
}
