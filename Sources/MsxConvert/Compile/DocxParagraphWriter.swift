import Foundation
import MsxModel

/// Writes resolved paragraphs as WordprocessingML (`w:p`), collecting what other parts of the package need: the
/// footnotes' own paragraphs and the addresses of links (each a relationship).
///
/// Children of `w:pPr` and `w:rPr` are written in the order the schema gives, as Word refuses others.
struct DocxParagraphWriter {
    let tables: OutputTables
    /// Footnotes in order (`w:footnote` elements, ids from 1).
    private(set) var footnotes: [String] = []
    /// Link targets in order (relationship ids `rIdLink1`, ...).
    private(set) var links: [String] = []

    /// Each style's id in the package.
    let styleIDs: [String: String]
    /// The project's defaults and styles: what Word gives a run before its own properties.
    let sheet: StyleSheet
    /// Whether a run of inline code was written (the package then defines its character style).
    private(set) var usesCode = false
    /// What the written properties do not say, per paragraph, for the package's document variables.
    private(set) var msxData: [DocxMsxData.Entry] = []
    /// Paragraphs with text written so far (the position an import will find each at).
    private var paragraphsWithText = 0
    /// Who tracked changes are credited to, and when (`w:author`, `w:date`).
    var reviser: (author: String, date: String) = ("msx", "2020-01-01T00:00:00Z")
    /// Tracked changes written so far (each gets its own `w:id`).
    private var revisionCount = 0
    /// The open annotations written as Word comments, in order (a comment's `w:id` is its index).
    private(set) var comments: [Annotation] = []
    /// The pictures the paragraphs show (a run's `image` is "#picture-N", N from 1).
    var pictures: [Picture] = []
    /// The widest a picture may be, in EMU (English Metric Units, 914,400 an inch): the text's width.
    var textWidth = 5_943_600
    /// Pictures placed so far (each `wp:docPr` gets its own id).
    private var picturesPlaced = 0
    /// Where each comment starts and ends: paragraph position, then run index, then the comments' numbers.
    private var commentStarts: [Int: [Int: [Int]]] = [:]
    private var commentEnds: [Int: [Int: [Int]]] = [:]

    init(tables: OutputTables, sheet: StyleSheet) {
        self.tables = tables
        self.sheet = sheet
        styleIDs = DocxStyles.ids(of: tables.styles)
    }

    /// The paragraph at `position` among those the document holds; `opening` and `closing` go first and last
    /// among its contents (bookmarks). In a document of tracked changes, `revisions` marks each run (by index in
    /// `p.runs`), `mark` the paragraph mark (its end) as inserted or deleted, `box` a checklist box, and `former`
    /// gives the paragraph properties it had (written as a tracked change where they differ).
    mutating func write(_ p: ResolvedParagraph, at position: Int, opening: String = "", closing: String = "",
                        revisions: [Int: DocxRevision] = [:], mark: DocxRevision? = nil, box boxRevision: DocxRevision? = nil,
                        former: ResolvedParagraph? = nil,
                        recording: Bool = true) -> String {
        var properties = paragraphProperties(p, at: position)
        let style = p.attributes[.style]?.stringValue
        if let element = mark?.element { properties += "<w:rPr><\(element) \(stamp())/></w:rPr>" }
        if let former, former.attributes != p.attributes || former.kind != p.kind {
            properties += "<w:pPrChange \(stamp())><w:pPr>\(paragraphProperties(former, at: nil))</w:pPr></w:pPrChange>"
        }
        if recording { record(p) }
        var out = "<w:p>" + (properties.isEmpty ? "" : "<w:pPr>\(properties)</w:pPr>") + opening
        let base = sheet.defaults.overlaid(with: style.flatMap { sheet.style(named: $0)?.attributes } ?? [:])
        if let box = p.checklist.map({ $0 == "checked" ? "\u{2611} " : "\u{2610} " }) {
            out += tracked("<w:r>\(Self.text(box, deleted: boxRevision == .deleted))</w:r>", boxRevision)
        }
        for group in InlineNote.groups(p.runs) {
            if group.isNote, let note = note(group.runs.indices, of: p, revisions: revisions) {
                out += footnoteReference(note.inner, marker: group.runs.first?.attributes ?? [:], base: base, revision: note.revision)
                continue
            }
            var i = group.runs.startIndex
            while i < group.runs.endIndex {
                let link = group.runs[i].attributes[.link]?.stringValue
                var j = i + 1
                while j < group.runs.endIndex, link != nil, group.runs[j].attributes[.link]?.stringValue == link { j += 1 }
                let inner = (i..<j).map { index in
                    let starts = commentStarts[position]?[index] ?? [], ends = commentEnds[position]?[index] ?? []
                    return starts.map { "<w:commentRangeStart w:id=\"\($0)\"/>" }.joined()
                        + run(group.runs[index], base: base, revision: revisions[index])
                        + ends.map { "<w:commentRangeEnd w:id=\"\($0)\"/><w:r><w:commentReference w:id=\"\($0)\"/></w:r>" }.joined()
                }.joined()
                if let link {
                    links.append(link)
                    out += "<w:hyperlink r:id=\"rIdLink\(links.count)\">\(inner)</w:hyperlink>"
                } else {
                    out += inner
                }
                i = j
            }
        }
        return out + closing + "</w:p>"
    }

    /// Notes what `p`'s written properties do not say, at the position an import will find it.
    private mutating func record(_ p: ResolvedParagraph) {
        guard !p.text.isEmpty || p.checklist != nil else { return }
        let styleName = p.attributes[.style]?.stringValue.flatMap { sheet.style(named: $0)?.name }?.lowercased() ?? ""
        if let overlay = DocxMsxData.overlay(for: p, quoteStyle: DocxBodyReader.quoteStyles.contains(styleName),
                                              codeStyle: DocxBodyReader.codeBlockStyles.contains(styleName)) {
            msxData.append(.init(paragraph: paragraphsWithText, textHash: DocxMsxData.hash(p.text), overlay: overlay))
        }
        paragraphsWithText += 1
    }

    /// A table row (`w:tr`): each cell (the row's text between tabs) a paragraph with the row's properties and its
    /// stretch of the runs, `width` twips wide; the first row repeats as the header on each page.
    mutating func writeRow(_ p: ResolvedParagraph, at position: Int, width: Int, isHeader: Bool,
                           opening: String = "", closing: String = "") -> String {
        record(p)
        let units = Array(p.text.utf16)
        var bounds: [Range<Int>] = [], start = 0
        for (offset, unit) in units.enumerated() where unit == 0x09 {
            bounds.append(start..<offset)
            start = offset + 1
        }
        bounds.append(start..<units.count)
        var out = "<w:tr>" + (isHeader ? "<w:trPr><w:tblHeader/></w:trPr>" : "")
        let rowStarts = commentStarts[position], rowEnds = commentEnds[position]
        for (index, range) in bounds.enumerated() {
            var cell = p
            cell.kind = .paragraph
            cell.text = String(decoding: units[range], as: UTF16.self)
            cell.runs = []
            // The comments placed on the row's runs, moved onto the cell's.
            var starts: [Int: [Int]] = [:], ends: [Int: [Int]] = [:]
            for (runIndex, run) in p.runs.enumerated() {
                let lower = max(run.range.lowerBound, range.lowerBound), upper = min(run.range.upperBound, range.upperBound)
                guard lower < upper else { continue }
                if run.range.lowerBound >= range.lowerBound, let marks = rowStarts?[runIndex] { starts[cell.runs.count] = marks }
                if run.range.upperBound <= range.upperBound, let marks = rowEnds?[runIndex] { ends[cell.runs.count] = marks }
                cell.runs.append(ResolvedRun(range: (lower - range.lowerBound)..<(upper - range.lowerBound),
                                             text: String(decoding: units[lower..<upper], as: UTF16.self), attributes: run.attributes))
            }
            (commentStarts[position], commentEnds[position]) = (starts, ends)
            out += "<w:tc><w:tcPr><w:tcW w:w=\"\(width)\" w:type=\"dxa\"/></w:tcPr>"
                + write(cell, at: position, opening: index == 0 ? opening : "", closing: index == bounds.count - 1 ? closing : "",
                        recording: false) + "</w:tc>"
        }
        (commentStarts[position], commentEnds[position]) = (rowStarts, rowEnds)
        return out + "</w:tr>"
    }

    /// A run of a note, with its tracked change.
    private struct NoteRun {
        var run: ResolvedRun
        var revision: DocxRevision?
    }

    /// The note written by the runs `indices` of `p` (`^[`, its text, `]`): its own runs, each with its tracked
    /// change, and the change of the note as a whole (all of it inserted, deleted or moved; nil when only its inside
    /// changed). Nil when the runs do not make one note in both versions (a change that takes in a marker): they
    /// are then written as text.
    private func note(_ indices: Range<Int>, of p: ResolvedParagraph, revisions: [Int: DocxRevision]) -> (inner: [NoteRun], revision: DocxRevision?)? {
        let runs = indices.map { NoteRun(run: p.runs[$0], revision: revisions[$0]) }
        guard let inner = InlineNote.inner(runs, text: \.run.text) else { return nil }
        let changes = Set(runs.map { $0.revision?.element })
        if changes.count == 1 { return (inner, runs.first?.revision?.element == nil ? nil : runs.first?.revision) }
        // Changed inside: the markers must be where both versions have them.
        guard runs.first?.revision?.element == nil, runs.last?.revision?.element == nil else { return nil }
        return (inner, nil)
    }

    /// A footnote: its reference here, its paragraph in the footnotes part; changes tracked in both.
    private mutating func footnoteReference(_ inner: [NoteRun], marker: Attributes, base: Attributes, revision: DocxRevision?) -> String {
        let id = footnotes.count + 1
        let reference = "<w:r><w:rPr><w:vertAlign w:val=\"superscript\"/></w:rPr><w:footnoteRef/></w:r>"
        footnotes.append("<w:footnote w:id=\"\(id)\"><w:p>\(reference)<w:r><w:t xml:space=\"preserve\"> </w:t></w:r>"
            + inner.map { run($0.run, base: sheet.defaults, revision: $0.revision) }.joined() + "</w:p></w:footnote>")
        let properties = Self.characterProperties(marker, base: base, superscript: true)
        return tracked("<w:r><w:rPr>\(properties)</w:rPr><w:footnoteReference w:id=\"\(id)\"/></w:r>", revision)
    }

    /// Makes the open ones of `annotations` Word comments on `paragraphs` (those `write` will be given, in order):
    /// each from the first run it is on to the last (a Word comment is one stretch), footnotes left out.
    mutating func placeComments(_ annotations: [String: Annotation], in paragraphs: [ResolvedParagraph]) {
        var numbers: [String: Int] = [:], last: [Int: (Int, Int)] = [:]
        for (position, p) in paragraphs.enumerated() {
            for (index, run) in p.runs.enumerated() where run.attributes[.footnote] != true {
                for id in RichDocument.annotationIDs(run.attributes[.annotation]) {
                    guard let annotation = annotations[id], !annotation.resolved else { continue }
                    let number = numbers[id] ?? comments.count
                    if numbers[id] == nil {
                        numbers[id] = number
                        comments.append(annotation)
                        commentStarts[position, default: [:]][index, default: []].append(number)
                    }
                    last[number] = (position, index)
                }
            }
        }
        for (number, place) in last.sorted(by: { $0.key < $1.key }) {
            commentEnds[place.0, default: [:]][place.1, default: []].append(number)
        }
    }

    /// The comments part (`word/comments.xml`) for the comments placed, or nil when there are none.
    var commentsPart: String? {
        guard !comments.isEmpty else { return nil }
        return "<w:comments xmlns:w=\"\(DocxWriter.main)\">" + comments.enumerated().map { number, annotation in
            "<w:comment w:id=\"\(number)\" w:author=\"\(XMLText.escaped(annotation.author, quotes: true))\""
                + (annotation.date.isEmpty ? "" : " w:date=\"\(XMLText.escaped(annotation.date, quotes: true))\"") + ">"
                + annotation.note.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    "<w:p><w:r>\(Self.text(String(line)))</w:r></w:p>"
                }.joined() + "</w:comment>"
        }.joined() + "</w:comments>"
    }

    /// `w:pPr` children for a paragraph: its style, heading, page break, list (at `position` among the lists'
    /// paragraphs; none without one) and attributes.
    private func paragraphProperties(_ p: ResolvedParagraph, at position: Int?) -> String {
        var properties = ""
        if let style = p.attributes[.style]?.stringValue, let id = styleIDs[style] { properties += "<w:pStyle w:val=\"\(id)\"/>" }
        if case .heading = p.kind { properties += "<w:keepNext/>" }
        if p.attributes[.pageBreakBefore] == true { properties += "<w:pageBreakBefore/>" }
        if p.kind == .listItem, !p.continuesListItem, let list = position.flatMap(tables.listNumber(ofParagraphAt:)) {
            properties += "<w:numPr><w:ilvl w:val=\"\(min(max(p.listDepth ?? 1, 1), 9) - 1)\"/><w:numId w:val=\"\(list)\"/></w:numPr>"
        }
        properties += Self.paragraphProperties(p.attributes.overlaid(with: p.listContinuation?.shown ?? [:]))
        if case .heading(let level, _) = p.kind { properties += "<w:outlineLvl w:val=\"\(min(max(level, 1), 9) - 1)\"/>" }
        return properties
    }

    /// Picture `number` inline, at 96 pixels an inch, no wider than the text.
    private mutating func drawing(_ number: Int) -> String {
        let picture = pictures[number - 1]
        picturesPlaced += 1
        var (cx, cy) = (picture.width * 9525, picture.height * 9525)
        if cx > textWidth { (cx, cy) = (textWidth, Int(Double(cy) * Double(textWidth) / Double(cx))) }
        let name = "picture\(number).\(picture.kind.rawValue)"
        return "<w:drawing><wp:inline distT=\"0\" distB=\"0\" distL=\"0\" distR=\"0\"><wp:extent cx=\"\(cx)\" cy=\"\(cy)\"/>"
            + "<wp:docPr id=\"\(picturesPlaced)\" name=\"Picture \(picturesPlaced)\"/>"
            + "<a:graphic xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\">"
            + "<a:graphicData uri=\"http://schemas.openxmlformats.org/drawingml/2006/picture\">"
            + "<pic:pic xmlns:pic=\"http://schemas.openxmlformats.org/drawingml/2006/picture\">"
            + "<pic:nvPicPr><pic:cNvPr id=\"\(picturesPlaced)\" name=\"\(name)\"/><pic:cNvPicPr/></pic:nvPicPr>"
            + "<pic:blipFill><a:blip r:embed=\"rIdPicture\(number)\"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>"
            + "<pic:spPr><a:xfrm><a:off x=\"0\" y=\"0\"/><a:ext cx=\"\(cx)\" cy=\"\(cy)\"/></a:xfrm>"
            + "<a:prstGeom prst=\"rect\"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing>"
    }

    /// The attributes of a tracked change: a new id, the reviser and the date.
    private mutating func stamp() -> String {
        revisionCount += 1
        return "w:id=\"\(revisionCount)\" w:author=\"\(XMLText.escaped(reviser.author, quotes: true))\" w:date=\"\(reviser.date)\""
    }

    /// A run inside `w:ins`, `w:del`, `w:moveFrom` or `w:moveTo` when it was inserted, deleted or moved.
    private mutating func tracked(_ run: String, _ revision: DocxRevision?) -> String {
        guard let element = revision?.element else { return run }
        return "<\(element) \(stamp())>\(run)</\(element)>"
    }

    /// The markers around the paragraphs of one move, where they were (`away`) or where they are now: Word and
    /// LibreOffice pair the two places by `name`.
    mutating func moveRange(away: Bool, name: String) -> (start: String, end: String) {
        let element = away ? "w:moveFromRange" : "w:moveToRange"
        let start = "<\(element)Start \(stamp()) w:name=\"\(XMLText.escaped(name, quotes: true))\"/>"
        return (start, "<\(element)End w:id=\"\(revisionCount)\"/>")
    }

    /// A run, its properties stated over what `base` (the defaults and the paragraph's style) gives. Inline code
    /// takes the code character style, whose monospace font shows unless the run names another font. A run whose
    /// formatting changed carries its former properties (`w:rPrChange`).
    private mutating func run(_ r: ResolvedRun, base: Attributes, revision: DocxRevision? = nil) -> String {
        if let address = r.attributes[.image]?.stringValue, address.hasPrefix("#picture-"),
           let number = Int(address.dropFirst(9)), pictures.indices.contains(number - 1) {
            return tracked("<w:r>\(drawing(number))</w:r>", revision?.element == nil ? nil : revision)
        }
        var properties: String
        if r.attributes[.code] == true {
            usesCode = true
            var attributes = r.attributes
            if attributes[.fontFamily] == base[.fontFamily] { attributes[.fontFamily] = nil }
            properties = "<w:rStyle w:val=\"\(DocxStyles.codeStyleID)\"/>" + Self.characterProperties(attributes, base: base)
        } else {
            properties = Self.characterProperties(r.attributes, base: base)
        }
        if case .formatted(let former) = revision {
            properties += "<w:rPrChange \(stamp())><w:rPr>\(Self.characterProperties(former, base: base))</w:rPr></w:rPrChange>"
        }
        let run = "<w:r>" + (properties.isEmpty ? "" : "<w:rPr>\(properties)</w:rPr>") + Self.text(r.text, deleted: revision == .deleted) + "</w:r>"
        return tracked(run, revision)
    }

    /// Text as `w:t` elements (`w:delText` when `deleted`), with tabs and line breaks as their own elements.
    static func text(_ text: String, deleted: Bool = false) -> String {
        let element = deleted ? "w:delText" : "w:t"
        let scalars = text.unicodeScalars
        var out = "", start = scalars.startIndex, index = start
        // The text since `start` as one element (cut where a tab or break stands).
        func flush() {
            if start < index { out += "<\(element) xml:space=\"preserve\">\(XMLText.escaped(String(scalars[start..<index])))</\(element)>" }
        }
        while index < scalars.endIndex {
            let scalar = scalars[index]
            guard scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" else {
                index = scalars.index(after: index)
                continue
            }
            flush()
            out += scalar == "\t" ? "<w:tab/>" : "<w:br/>"
            index = scalars.index(after: index)
            // A CR LF is one break.
            if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" { index = scalars.index(after: index) }
            start = index
        }
        flush()
        return out
    }

    // MARK: Properties

    /// "#RRGGBB" as Word's six upper-case hex digits, or nil when it is not a colour.
    private static func hex(_ color: String) -> String? {
        OutputTables.rgb(color).map { rgb in [rgb.0, rgb.1, rgb.2].map { String(format: "%02X", $0) }.joined() }
    }

    /// `w:pPr` children for paragraph attributes, after `pStyle`, `keepNext`, `pageBreakBefore` and `numPr`.
    static func paragraphProperties(_ a: Attributes) -> String {
        var out = ""
        let stops = (a[.tabStops]?.arrayValue ?? []).compactMap(\.numberValue)
        if !stops.isEmpty {
            out += "<w:tabs>" + stops.map { "<w:tab w:val=\"left\" w:pos=\"\(RTFWriter.twips($0))\"/>" }.joined() + "</w:tabs>"
        }
        var spacing = ""
        if let before = a[.paragraphSpacingBefore]?.numberValue { spacing += " w:before=\"\(RTFWriter.twips(before))\"" }
        if let after = a[.paragraphSpacing]?.numberValue { spacing += " w:after=\"\(RTFWriter.twips(after))\"" }
        if let exact = a[.maximumLineHeight]?.numberValue {
            spacing += " w:line=\"\(RTFWriter.twips(exact))\" w:lineRule=\"exact\""
        } else if let minimum = a[.minimumLineHeight]?.numberValue {
            spacing += " w:line=\"\(RTFWriter.twips(minimum))\" w:lineRule=\"atLeast\""
        } else if let multiple = a[.lineHeightMultiple]?.numberValue, multiple > 0 {
            spacing += " w:line=\"\(RTFWriter.parameter(multiple * 240))\" w:lineRule=\"auto\""
        }
        if !spacing.isEmpty { out += "<w:spacing\(spacing)/>" }
        let head = a[.headIndent]?.numberValue, first = a[.firstLineHeadIndent]?.numberValue, tail = a[.tailIndent]?.numberValue
        if head != nil || first != nil || tail != nil {
            var indent = " w:left=\"\(RTFWriter.twips(head ?? 0))\""
            if let tail { indent += " w:right=\"\(RTFWriter.twips(-min(tail, 0)))\"" }
            let offset = (first ?? head ?? 0) - (head ?? 0)
            indent += offset < 0 ? " w:hanging=\"\(RTFWriter.twips(-offset))\"" : " w:firstLine=\"\(RTFWriter.twips(offset))\""
            out += "<w:ind\(indent)/>"
        }
        if let alignment = a[.alignment]?.stringValue, let value = ["left": "left", "center": "center", "right": "right", "justified": "both"][alignment] {
            out += "<w:jc w:val=\"\(value)\"/>"
        }
        return out
    }

    /// `w:rPr` children for character attributes. What `base` (the style's and defaults' attributes, which Word
    /// applies first) turns on and `a` does not is turned off outright.
    static func characterProperties(_ a: Attributes, base: Attributes = [:], superscript: Bool = false) -> String {
        var out = ""
        if let family = a[.fontFamily]?.stringValue {
            let name = XMLText.escaped(family, quotes: true)
            out += "<w:rFonts w:ascii=\"\(name)\" w:hAnsi=\"\(name)\" w:cs=\"\(name)\" w:eastAsia=\"\(name)\"/>"
        }
        if a[.bold] == true { out += "<w:b/><w:bCs/>" } else if base[.bold] == true { out += "<w:b w:val=\"0\"/><w:bCs w:val=\"0\"/>" }
        if a[.italic] == true { out += "<w:i/><w:iCs/>" } else if base[.italic] == true { out += "<w:i w:val=\"0\"/><w:iCs w:val=\"0\"/>" }
        if a[.allCaps] == true { out += "<w:caps/>" } else if base[.allCaps] == true { out += "<w:caps w:val=\"0\"/>" }
        if a[.smallCaps] == true { out += "<w:smallCaps/>" } else if base[.smallCaps] == true { out += "<w:smallCaps w:val=\"0\"/>" }
        if a[.strikethrough] == true { out += "<w:strike/>" } else if base[.strikethrough] == true { out += "<w:strike w:val=\"0\"/>" }
        if let color = a[.foregroundColor]?.stringValue.flatMap(hex) {
            out += "<w:color w:val=\"\(color)\"/>"
        } else if base[.foregroundColor]?.stringValue != nil {
            out += "<w:color w:val=\"auto\"/>"
        }
        if let size = a[.fontSize]?.numberValue, size > 0 {
            let halfPoints = RTFWriter.parameter(size * 2)
            out += "<w:sz w:val=\"\(halfPoints)\"/><w:szCs w:val=\"\(halfPoints)\"/>"
        }
        switch a[.underline]?.stringValue {
        case "double": out += "<w:u w:val=\"double\"/>"
        case "thick": out += "<w:u w:val=\"thick\"/>"
        case .some: out += "<w:u w:val=\"single\"/>"
        case nil: if base[.underline]?.stringValue != nil { out += "<w:u w:val=\"none\"/>" }
        }
        if let color = a[.backgroundColor]?.stringValue.flatMap(hex) {
            out += "<w:shd w:val=\"clear\" w:color=\"auto\" w:fill=\"\(color)\"/>"
        } else if base[.backgroundColor]?.stringValue != nil {
            out += "<w:shd w:val=\"clear\" w:color=\"auto\" w:fill=\"auto\"/>"
        }
        if superscript {
            out += "<w:vertAlign w:val=\"superscript\"/>"
        } else if let align = a[.verticalAlign]?.stringValue, AttributeKey.verticalAlignments.contains(align) {
            out += "<w:vertAlign w:val=\"\(align)\"/>"
        } else if base[.verticalAlign]?.stringValue != nil {
            out += "<w:vertAlign w:val=\"baseline\"/>"
        }
        return out
    }
}

/// How a run or a paragraph differs in a document of tracked changes.
enum DocxRevision: Equatable {
    case inserted, deleted
    /// Moved elsewhere (`away`: where it was; else where it is now).
    case moved(away: Bool)
    /// The formatting changed; these were its attributes.
    case formatted(from: Attributes)

    /// The element that holds such a run, or marks such a paragraph mark (nil: a change of formatting).
    var element: String? {
        switch self {
        case .inserted: "w:ins"
        case .deleted: "w:del"
        case .moved(let away): away ? "w:moveFrom" : "w:moveTo"
        case .formatted: nil
        }
    }
}

/// Text and attribute values escaped for XML.
enum XMLText {
    static func escaped(_ text: String, quotes: Bool = false) -> String {
        // Most text needs nothing (0xEF leads U+FFFE and U+FFFF, which are left out below).
        let plain = !text.utf8.contains { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0xEF || (quotes && $0 == 0x22) }
        if plain { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            // Characters XML 1.0 cannot hold at all are left out.
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
