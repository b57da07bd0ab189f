import Foundation
import MsxModel

/// Reads the body of a `.docx` (and the notes it refers to) into imported paragraphs: text, paragraph and run
/// properties through the style chain, lists, headings, links (hyperlinks and HYPERLINK fields), footnotes and
/// endnotes inline as `^[note]`, table rows as tab-separated lines, and tracked changes taken or undone.
struct DocxBodyReader {
    /// What the reader needs from the rest of the package.
    struct Package {
        var styles: DocxStyleTable
        var numbering: DocxNumbering
        /// Hyperlink targets by relationship id.
        var links: [String: String]
        var footnotes: [String: XMLNode]
        var endnotes: [String: XMLNode]
        var themeFonts: [String: String]
        var changes: TrackedChanges
        /// Comments by Word id, as annotations.
        var comments: [String: Annotation] = [:]
        /// The package's pictures by relationship id.
        var pictures: [String: Data] = [:]
    }

    let package: Package
    private(set) var paragraphs: [ImportedParagraph] = []
    /// The paragraph styles used, by id.
    private(set) var usedStyles = Set<String>()
    private(set) var picturesSkipped = 0
    private(set) var hiddenSkipped = 0
    /// Where things were skipped: the paragraph (by index) and what was skipped in it.
    private(set) var skippedAt: [(paragraph: Int, warning: ImportWarning)] = []
    /// The counts of skipped things when the last paragraph ended.
    private var skippedBefore = (pictures: 0, hidden: 0)
    /// Bookmarks by name, with the paragraphs each covers; `closed` is false when its end was never found.
    private(set) var bookmarks: [(name: String, paragraphs: Range<Int>, closed: Bool)] = []
    /// Bookmarks started and not ended yet, by id: their name and first paragraph.
    private var openBookmarks: [String: (name: String, start: Int)] = [:]
    /// Bookmarks (by index in `bookmarks`) that ended inside the paragraph being read: it is theirs if it has text.
    private var endedInParagraph: [Int] = []

    private var builder = DocxParagraphBuilder()
    /// Character properties of the paragraph being read (defaults and paragraph style), under each run's own.
    private var paragraphCharacter = DocxCharacterFormat()
    private var pageBreakPending = false
    /// The properties of a paragraph whose mark was removed (its text waits to join the next paragraph's).
    private var joining: (format: DocxParagraphFormat, styleID: String?)?
    private var pageBreakBeforeNext = false
    /// Text boxes and shapes met in the paragraph being read (`w:txbxContent`): their paragraphs follow it.
    private var textBoxes: [XMLNode] = []
    /// Open complex fields, innermost last: their instruction so far, whether their result is being read, and the
    /// address of a HYPERLINK field.
    private var fields: [(instruction: String, inResult: Bool, link: String?)] = []
    /// Addresses of the hyperlinks around the current run, innermost last.
    private var linkStack: [String] = []
    /// Set while reading a note, so a note inside a note is read as text.
    private var inNote = false
    /// Paragraphs of a table cell are joined by line breaks, the cells of a row by tabs.
    private var tableDepth = 0
    /// Tables read so far (a row's paragraph is marked with its table's number).
    private var tableCount = 0
    /// The comments whose range is open (Word ids), in the order they opened.
    private var openComments: [String] = []
    /// The annotations the text carries, by id.
    private(set) var annotations: [String: Annotation] = [:]
    /// The pictures the text shows, by file name.
    private(set) var pictures: [String: Data] = [:]

    init(package: Package) { self.package = package }

    // MARK: Blocks

    /// Reads the children of a block container (the body, a cell, a content control).
    mutating func readBlocks(_ container: XMLNode) {
        for node in container.children { readBlock(node) }
    }

    private mutating func readBlock(_ node: XMLNode) {
        switch node.name {
        case "p": readParagraph(node)
        case "tbl": readTable(node)
        case "sectPr", "tblPr", "tblGrid": break
        case "ins", "moveTo": if package.changes == .accept { readBlocks(node) } else { notePlaces(in: node) }
        case "del", "moveFrom": if package.changes == .reject { readBlocks(node) } else { notePlaces(in: node) }
        case "bookmarkStart": noteBookmark(node)
        case "bookmarkEnd": endBookmark(node)
        case "commentRangeStart", "commentRangeEnd": noteComment(node)
        default: readBlocks(node)  // content controls, custom XML, smart tags: their content counts
        }
    }

    /// Ends a paragraph whose mark was removed when nothing follows to join (the end of the body, a table).
    mutating func finishJoining() {
        guard let (format, styleID) = joining, tableDepth == 0 else { return }
        joining = nil
        finishParagraph(format, styleID: styleID)
    }

    private mutating func readTable(_ table: XMLNode) {
        finishJoining()
        tableDepth += 1
        defer { tableDepth -= 1 }
        if tableDepth == 1 { tableCount += 1 }
        // A row deleted (`w:trPr/w:del`) or inserted (`w:ins`) as a tracked change goes with the change's fate.
        let removed = package.changes == .accept ? "del" : "ins"
        for row in table.descendants("tr", stoppingAt: "tbl") {
            if row.child("trPr")?.child(removed) != nil {
                notePlaces(in: row)
                continue
            }
            var firstFormat: (DocxParagraphFormat, String?)?
            for (cellIndex, cell) in row.descendants("tc", stoppingAt: "tbl").enumerated() {
                if cellIndex > 0 { builder.append("\t", paragraphCharacter.attributes(complete: true)) }
                var first = true
                forEachCellBlock(cell) { reader, node in
                    if node.name == "p" {
                        if !first { reader.builder.append("\u{2028}", reader.paragraphCharacter.attributes(complete: true)) }
                        first = false
                        let format = reader.readParagraphContent(node)
                        if firstFormat == nil { firstFormat = format }
                    } else {
                        reader.readTable(node)
                    }
                }
            }
            if let (format, styleID) = firstFormat, tableDepth == 1 {
                let count = paragraphs.count
                finishParagraph(format, styleID: styleID)
                if paragraphs.count > count { paragraphs[count].tableRow = tableCount }
            }
        }
    }

    /// The paragraphs and tables of a cell, in order, through what may hold them (content controls, custom XML,
    /// tracked insertions or deletions as the changes are taken); bookmarks and comment ranges on the way are noted.
    private mutating func forEachCellBlock(_ container: XMLNode, _ body: (inout DocxBodyReader, XMLNode) -> Void) {
        for node in container.children {
            switch node.name {
            case "p", "tbl": body(&self, node)
            case "tcPr": break
            case "ins", "moveTo": if package.changes == .accept { forEachCellBlock(node, body) } else { notePlaces(in: node) }
            case "del", "moveFrom": if package.changes == .reject { forEachCellBlock(node, body) } else { notePlaces(in: node) }
            case "bookmarkStart": noteBookmark(node)
            case "bookmarkEnd": endBookmark(node)
            case "commentRangeStart", "commentRangeEnd": noteComment(node)
            default: forEachCellBlock(node, body)
            }
        }
    }

    private mutating func readParagraph(_ p: XMLNode) {
        let (format, styleID) = readParagraphContent(p)
        let mark = p.child("pPr")?.child("rPr")
        // A deleted paragraph mark joins this paragraph to the next (an inserted one, when changes are undone).
        let removed = package.changes == .accept ? ["del", "moveFrom"] : ["ins", "moveTo"]
        // A drop cap is a paragraph of its own in a frame: its letters begin the next paragraph's first word.
        let dropCap = ["drop", "margin"].contains(p.child("pPr")?.child("framePr")?.attribute("dropCap") ?? "")
        let markRemoved = dropCap || removed.contains { mark?.child($0) != nil }
        if tableDepth > 0 { return }
        if markRemoved {
            joining = (format, styleID)
            // A paragraph taken away whole, mark and all: a bookmark ending in it ends before it, not in the
            // paragraph it joins (a scene's last paragraph deleted leaves the scene break after it outside the scene).
            if builder.isEmpty { endedInParagraph = [] }
            return
        }
        joining = nil
        finishParagraph(format, styleID: styleID)
        let boxes = textBoxes
        textBoxes = []
        for box in boxes { readBlocks(box) }
    }

    /// Reads a paragraph's runs into the builder; returns its properties (its style's under its own) and style id.
    private mutating func readParagraphContent(_ p: XMLNode) -> (DocxParagraphFormat, String?) {
        let own = DocxParagraphFormat(p.child("pPr"), changes: package.changes)
        let styleID = own.styleID ?? package.styles.defaultParagraphStyleID
        let base = package.styles.paragraphBase(styleID)
        paragraphCharacter = base.character
        for node in p.children where node.name != "pPr" { readInline(node) }
        return (base.paragraph.overlaid(with: own), styleID)
    }

    // MARK: Inline content

    private mutating func readInline(_ node: XMLNode) {
        switch node.name {
        case "r": readRun(node)
        case "hyperlink":
            let link = relationshipID(node).flatMap { package.links[$0] } ?? node.attribute("anchor").map { "#" + $0 }
            if let link { linkStack.append(link) }
            for child in node.children { readInline(child) }
            if link != nil { linkStack.removeLast() }
        case "fldSimple":
            let link = Self.hyperlinkTarget(node.attribute("instr") ?? "")
            if let link { linkStack.append(link) }
            for child in node.children { readInline(child) }
            if link != nil { linkStack.removeLast() }
        case "ins", "moveTo": if package.changes == .accept { for child in node.children { readInline(child) } } else { notePlaces(in: node) }
        case "del", "moveFrom": if package.changes == .reject { for child in node.children { readInline(child) } } else { notePlaces(in: node) }
        case "bookmarkStart": noteBookmark(node)
        case "bookmarkEnd": endBookmark(node)
        case "commentRangeStart", "commentRangeEnd": noteComment(node)
        case "oMath", "oMathPara": picturesSkipped += 1
        case "AlternateContent":
            // One content in two forms (Word's check box, say): the first choice only (msx reads what Word 2010
            // writes), else the fallback.
            for child in (node.child("Choice") ?? node.child("Fallback"))?.children ?? [] { readInline(child) }
        case "pPr", "rPr", "proofErr", "permStart", "permEnd": break
        default: for child in node.children { readInline(child) }  // smart tags, content controls, custom XML
        }
    }

    private mutating func readRun(_ run: XMLNode) {
        let own = DocxCharacterFormat(run.child("rPr"), changes: package.changes, themeFonts: package.themeFonts)
        let styleName = own.styleID.flatMap { package.styles.styles[$0]?.name.lowercased() }
        // The code style marks the run as code; its monospace font is how code looks, not the run's own font.
        let isCode = styleName.map(Self.codeCharacterStyles.contains) ?? false
        let characterStyle = isCode ? DocxCharacterFormat() : package.styles.characterStyle(own.styleID)
        let format = paragraphCharacter.overlaid(with: characterStyle).overlaid(with: own)
        var attributes = format.attributes(complete: true)
        if let link = currentLink { attributes[.link] = .string(link) }
        if isCode { attributes[.code] = true }
        let comments = openComments.compactMap { package.comments[$0] }
        if !comments.isEmpty, !inNote {
            attributes[.annotation] = .array(comments.map { .string($0.id) })
            for comment in comments { annotations[comment.id] = comment }
        }
        let hidden = format.hidden == true
        for node in run.children {
            switch node.name {
            case "t", "delText":
                // Text of a field's instruction part is not shown.
                if fields.last.map({ !$0.inResult }) ?? false { continue }
                if hidden { hiddenSkipped += node.textContent.count; continue }
                builder.append(node.textContent, attributes)
            case "tab", "ptab": if !hidden { builder.append("\t", attributes) }
            case "br", "cr":
                switch node.attribute("type") {
                // A page break before any text starts this paragraph on a new page; after text, the next one.
                case "page": if builder.isEmpty { pageBreakPending = true } else { pageBreakBeforeNext = true }
                case "column": break
                default: if !hidden { builder.append("\u{2028}", attributes) }
                }
            case "noBreakHyphen": builder.append("\u{2011}", attributes)
            case "softHyphen": builder.append("\u{00AD}", attributes)
            case "sym":
                if let code = node.attribute("char").flatMap({ UInt32($0, radix: 16) }),
                   let symbol = SymbolFont.character(code, font: node.attribute("font")) {
                    var symbolAttributes = attributes
                    if let font = symbol.font { symbolAttributes[.fontFamily] = .string(font) }
                    builder.append(symbol.text, symbolAttributes)
                }
            case "commentReference":
                if let id = node.attribute("id"), !openComments.contains(id), let comment = package.comments[id] { notePoint(comment) }
            case "footnoteReference", "endnoteReference":
                let notes = node.name == "footnoteReference" ? package.footnotes : package.endnotes
                if let id = node.attribute("id"), let note = notes[id] { readNote(note, marker: attributes) }
            case "drawing", "pict", "AlternateContent":
                // A text box or a shape with text: its paragraphs are kept, after this one (once: Word writes the
                // same box twice, as a DrawingML choice and a VML fallback).
                if let box = node.descendant("txbxContent") {
                    if !inNote, tableDepth == 0 { textBoxes.append(box) }
                    continue
                }
                // A DrawingML picture (`a:blip`), or an older VML one (`v:imagedata`).
                let reference = node.descendant("blip")?.attribute("embed") ?? node.descendant("imagedata")?.attribute("id")
                // A picture in a footnote is left out: an inline note holds text only.
                guard !inNote, let data = reference.flatMap({ package.pictures[$0] }), let name = ImportedDocument.pictureName(data) else {
                    picturesSkipped += 1
                    continue
                }
                pictures[name] = data
                var picture = attributes
                picture[.image] = .string(name)
                builder.append("\u{FFFC}", picture)
            case "object": picturesSkipped += 1
            case "fldChar":
                switch node.attribute("fldCharType") {
                case "begin": fields.append(("", false, nil))
                case "separate":
                    if let last = fields.indices.last {
                        fields[last].inResult = true
                        fields[last].link = Self.hyperlinkTarget(fields[last].instruction)
                    }
                case "end": if !fields.isEmpty { fields.removeLast() }
                default: break
                }
            case "instrText", "delInstrText":
                if let last = fields.indices.last, !fields[last].inResult { fields[last].instruction += node.textContent }
            default: break
            }
        }
    }

    /// A footnote or endnote, inline as `^[text]`: its paragraphs joined by single spaces, the note's own
    /// reference mark and leading spaces left out; `^[` and `]` take the reference's formatting.
    private mutating func readNote(_ note: XMLNode, marker: Attributes) {
        guard !inNote else { return }
        var reader = DocxBodyReader(package: package)
        reader.inNote = true
        var text = DocxParagraphBuilder()
        for p in note.children("p") {
            let (_, _) = reader.readParagraphContent(p)
            var content = reader.builder
            reader.builder = DocxParagraphBuilder()
            let leading = content.text.utf16.prefix { $0 == 0x20 || $0 == 0x09 }.count
            content.dropPrefix(leading)
            guard !content.isEmpty else { continue }
            if !text.isEmpty, let last = text.runs.last { text.append(" ", last.attributes) }
            text.append(content, adding: [:])
        }
        picturesSkipped += reader.picturesSkipped
        hiddenSkipped += reader.hiddenSkipped
        guard !text.isEmpty else { return }
        var mark = marker
        mark[.footnote] = true
        // A note's reference is raised by its style, not by the text's own position.
        mark[.verticalAlign] = nil
        builder.append("^[", mark)
        builder.append(text, adding: [.footnote: true])
        builder.append("]", mark)
    }

    private var currentLink: String? {
        if let field = fields.last(where: { $0.inResult && $0.link != nil }) { return field.link }
        return linkStack.last
    }

    // MARK: Paragraph end

    private mutating func finishParagraph(_ format: DocxParagraphFormat, styleID: String?) {
        if picturesSkipped > skippedBefore.pictures { skippedAt.append((paragraphs.count, .picturesSkipped(picturesSkipped - skippedBefore.pictures))) }
        if hiddenSkipped > skippedBefore.hidden { skippedAt.append((paragraphs.count, .hiddenTextSkipped(hiddenSkipped - skippedBefore.hidden))) }
        skippedBefore = (picturesSkipped, hiddenSkipped)
        defer {
            paragraphCharacter = DocxCharacterFormat()
            endedInParagraph = []
        }
        guard !builder.isEmpty else {
            pageBreakPending = pageBreakPending || pageBreakBeforeNext
            pageBreakBeforeNext = false
            return
        }
        var attributes = format.attributes(complete: true)
        var paragraph = ImportedParagraph(text: "")
        let style = styleID.flatMap { package.styles.styles[$0] }
        if let styleID, let style {
            attributes[.style] = .string(style.name)
            usedStyles.insert(styleID)
        }
        let styleName = style?.name.lowercased() ?? ""
        if let level = format.outlineLevel, (0...8).contains(level) {
            paragraph.headingLevel = min(level + 1, 6)
        } else if styleName.hasPrefix("heading "), let level = Int(styleName.dropFirst(8)), level >= 1 {
            paragraph.headingLevel = min(level, 6)
        }
        if let id = format.numberingID, let list = package.numbering.format(list: id, level: max(0, min(format.numberingLevel ?? 0, 8))) {
            paragraph.listLevel = max(0, min(format.numberingLevel ?? 0, 8)) + 1
            attributes[.listFormat] = .string(list.rawValue)
            paragraph.listID = id
            let start = package.numbering.start(list: id, level: max(0, min(format.numberingLevel ?? 0, 8)))
            if start != 1 { paragraph.listStart = start }
            // Word places the text where the list's level says unless the paragraph (or its style) says otherwise.
            if format.left == nil {
                paragraph.listTextIndent = package.numbering.textIndent(list: id, level: max(0, min(format.numberingLevel ?? 0, 8)))
            }
        }
        if Self.quoteStyles.contains(styleName) { paragraph.quoteDepth = 1 }
        if pageBreakPending { attributes[.pageBreakBefore] = true }
        (pageBreakPending, pageBreakBeforeNext) = (pageBreakBeforeNext, false)
        // The compiler writes a checklist's box as the paragraph's first characters.
        for (box, state) in [("\u{2610} ", "unchecked"), ("\u{2611} ", "checked"), ("\u{2612} ", "checked")] where builder.text.hasPrefix(box) {
            builder.dropPrefix(2)
            attributes[.checklist] = .string(state)
            break
        }
        let (text, runs) = builder.take()
        paragraph.text = text
        paragraph.runs = runs
        paragraph.attributes = attributes
        if Self.codeBlockStyles.contains(styleName) { paragraph.attributes[.kind] = "codeBlock" }
        paragraphs.append(paragraph)
        for index in endedInParagraph {
            bookmarks[index].paragraphs = bookmarks[index].paragraphs.lowerBound..<paragraphs.count
        }
    }

    /// A comment's range opens or closes; a range that closes on no words is a comment at a point.
    private mutating func noteComment(_ node: XMLNode) {
        guard let id = node.attribute("id"), let comment = package.comments[id] else { return }
        if node.name == "commentRangeStart" {
            if !openComments.contains(id) { openComments.append(id) }
        } else if openComments.contains(id) {
            openComments.removeAll { $0 == id }
            notePoint(comment)
        }
    }

    /// A comment on no words (a range that holds none, or a reference without a range, as LibreOffice writes a
    /// comment at a point) annotates the word where it stands.
    private mutating func notePoint(_ comment: Annotation) {
        guard annotations[comment.id] == nil, !inNote else { return }
        annotations[comment.id] = comment
        builder.notePoint(comment.id)
    }

    /// Lists the bookmarks whose end was never found (an editor's program lost it) as empty, at their start.
    mutating func endOpenBookmarks() {
        for (_, open) in openBookmarks.sorted(by: { $0.value.start < $1.value.start }) {
            bookmarks.append((open.name, open.start..<open.start, false))
        }
        openBookmarks = [:]
    }

    /// The bookmarks and comment ranges inside a change not taken: the places they mark stay (a scene whose every
    /// word was deleted still has its bookmark, where its text was).
    private mutating func notePlaces(in node: XMLNode) {
        for child in node.children {
            switch child.name {
            case "bookmarkStart": noteBookmark(child)
            case "bookmarkEnd": endBookmark(child)
            case "commentRangeStart", "commentRangeEnd": noteComment(child)
            default: notePlaces(in: child)
            }
        }
    }

    private mutating func noteBookmark(_ node: XMLNode) {
        guard !inNote, let name = node.attribute("name"), let id = node.attribute("id") else { return }
        openBookmarks[id] = (name, paragraphs.count)
    }

    /// A bookmark ends: it covers the paragraphs finished since it started, and the one being read if that has text.
    private mutating func endBookmark(_ node: XMLNode) {
        guard !inNote, let id = node.attribute("id"), let open = openBookmarks.removeValue(forKey: id) else { return }
        bookmarks.append((open.name, open.start..<max(open.start, paragraphs.count), true))
        endedInParagraph.append(bookmarks.count - 1)
    }

    // MARK: Names

    /// Style names (lower case) of quotations: msx's, Word's and pandoc's.
    static let quoteStyles: Set<String> = ["block quote", "quote", "intense quote", "block text"]
    /// Style names of code blocks: msx's and pandoc's.
    static let codeBlockStyles: Set<String> = ["code block", "source code"]
    /// Character style names of inline code: msx's (which is pandoc's) and Word's HTML one.
    static let codeCharacterStyles: Set<String> = ["verbatim char", "html code"]

    /// The address of a `HYPERLINK "address"` field instruction (with `\l "anchor"`, the anchor as `#anchor`).
    static func hyperlinkTarget(_ instruction: String) -> String? {
        var words: [String] = [], current = "", quoted = false
        for character in instruction {
            if character == "\"" {
                quoted.toggle()
                if !quoted { words.append(current); current = "" }
            } else if character == " ", !quoted {
                if !current.isEmpty { words.append(current); current = "" }
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        guard words.first?.uppercased() == "HYPERLINK" else { return nil }
        var address: String?, anchor: String?
        var index = 1
        while index < words.count {
            if words[index] == "\\l", index + 1 < words.count {
                anchor = words[index + 1]
                index += 2
            } else if words[index].hasPrefix("\\") {
                index += words[index] == "\\o" || words[index] == "\\t" ? 2 : 1
            } else {
                if address == nil { address = words[index] }
                index += 1
            }
        }
        if let anchor { return (address ?? "") + "#" + anchor }
        return address
    }

    /// The relationship id an element names (`r:id`, in the transitional or the strict namespace).
    private func relationshipID(_ node: XMLNode) -> String? {
        DocxReader.relationshipNamespaces.lazy.compactMap { node.attribute("id", in: $0) }.first
    }
}

extension XMLNode {
    /// Elements named `local` below this one, not looking inside elements named `boundary` (a nested table's
    /// rows are its own).
    func descendants(_ local: String, stoppingAt boundary: String) -> [XMLNode] {
        var found: [XMLNode] = []
        for child in children {
            if child.name == local {
                found.append(child)
            } else if child.name != boundary {
                found += child.descendants(local, stoppingAt: boundary)
            }
        }
        return found
    }
}
