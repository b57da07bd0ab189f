import Foundation
import MsxModel

/// Writes the manuscript as a PDF with nothing but msx: the standard fonts for a manuscript (Times, and Courier
/// for code), TrueType fonts embedded as subsets for the project's own formatting and for a book; lines broken
/// and justified by `PDFTextSetter` (hyphenated with the installed patterns for the book's language), pages filled
/// by `PDFPageComposer`, running heads and page numbers as the preset says, an outline of the headings.
enum PDFWriter {
    /// Where the page furniture goes and says what.
    struct Furniture {
        /// The running head of a page (1-based number), nil for none, and how it is aligned.
        var head: (Int, Page) -> (text: String, alignment: String)?
        /// The page number at the foot of the page, nil for none.
        var foot: (Int, Page) -> String?
    }

    typealias Page = PDFPageComposer.Page

    static func render(_ manuscript: Manuscript) -> (data: Data, warnings: [String]) {
        let (layout, placement) = manuscript.laidOutPlacingPictures()
        let fonts = PDFFontCatalog(projectFonts: manuscript.fonts, standardOnly: manuscript.preset == .manuscript || manuscript.preset == .screenplay)
        let hyphenator = manuscript.preset == .book ? Hyphenator(language: manuscript.language) : nil
        let (width, height) = manuscript.pageSize
        let margins = manuscript.margins
        var setter = PDFTextSetter(fonts: fonts, hyphenator: hyphenator, width: width - margins.left - margins.right)
        var objects = PDFObjects()
        var images: [String] = []
        var leftOut: [String] = []
        let paths = Dictionary(placement.numbers.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        for (index, picture) in placement.placed.enumerated() {
            guard let image = PDFImage.write(picture, into: &objects) else {
                leftOut.append(paths[index + 1] ?? "a picture")
                continue
            }
            images.append("/Im\(index + 1) \(image.text)")
            setter.pictures[index + 1] = (Double(picture.width) * 0.75, Double(picture.height) * 0.75)
        }
        setter.tallestPicture = height - margins.top - margins.bottom - 24
        let sectionStarts = Set(layout.sections.map(\.paragraph))
        var speeches = SpeechMarker()
        // Each paragraph is set as the composer comes to it, and each page written as it fills.
        let blocks = layout.paragraphs.indices.lazy.map { index -> PDFBlock in
            let paragraph = layout.paragraphs[index]
            var block = setter.set(paragraph)
            if sectionStarts.contains(index) {
                block.opensSection = true
                block.sectionDrop = paragraph.attributes[.paragraphSpacingBefore]?.numberValue ?? 0
            }
            if manuscript.preset == .screenplay { speeches.mark(&block, paragraph, setter: &setter) }
            return block
        }
        let furniture = self.furniture(manuscript)
        let headFace = fonts.face(family: manuscript.runningHeadFont, bold: false, italic: false)
        let pageTree = objects.reserve()
        var pageRefs: [PDFObjects.Ref] = []
        var contents: [PDFObjects.Ref] = []
        var outline: [(title: String, level: Int, page: PDFObjects.Ref, y: Double)] = []
        PDFPageComposer(height: height - margins.top - margins.bottom).compose(blocks) { page in
            let number = pageRefs.count + 1
            // Odd pages are right-hand pages: a book's inside margin is on their left.
            let left = manuscript.mirrorsMargins && number % 2 == 0 ? margins.right : margins.left
            var content = PDFContent(pageHeight: height, textTop: height - margins.top, left: left)
            for placed in page.lines { content.draw(placed.line, top: placed.top) }
            if let head = furniture.head(number, page) {
                content.drawFurniture(head.text, face: headFace, size: manuscript.runningHeadSize, baseline: height - margins.top / 2,
                                      alignment: head.alignment, left: left, width: width - margins.left - margins.right)
            }
            if let foot = furniture.foot(number, page) {
                content.drawFurniture(foot, face: headFace, size: manuscript.runningHeadSize, baseline: margins.bottom / 2,
                                      alignment: "center", left: left, width: width - margins.left - margins.right)
            }
            contents.append(objects.addStream(content.bytes))
            let ref = objects.reserve()
            pageRefs.append(ref)
            for entry in page.outline { outline.append((entry.title, entry.level, ref, height - margins.top - entry.top)) }
        }
        var fontEntries: [String] = []
        for (index, face) in fonts.faces.enumerated() {
            let ref = face.write(into: &objects, tag: subsetTag(index))
            fontEntries.append("/\(face.resource) \(ref.text)")
        }
        let xObjects = images.isEmpty ? "" : " /XObject << \(images.joined(separator: " ")) >>"
        let resources = objects.add("<< /Font << \(fontEntries.joined(separator: " ")) >>\(xObjects) /ProcSet [/PDF /Text /ImageB /ImageC] >>")
        for (ref, stream) in zip(pageRefs, contents) {
            objects.write(ref, "<< /Type /Page /Parent \(pageTree.text) /MediaBox [0 0 \(PDFObjects.number(width)) \(PDFObjects.number(height))]"
                + " /Resources \(resources.text) /Contents \(stream.text) >>")
        }
        objects.write(pageTree, "<< /Type /Pages /Kids [\(pageRefs.map(\.text).joined(separator: " "))] /Count \(pageRefs.count) >>")
        let outlines = PDFOutline.write(outline, into: &objects)
        let catalog = objects.add("<< /Type /Catalog /Pages \(pageTree.text)\(outlines.map { " /Outlines \($0.text) /PageMode /UseOutlines" } ?? "")"
            + " /Lang \(PDFObjects.textString(manuscript.language)) >>")
        var info = "<< /Title \(PDFObjects.textString(manuscript.title)) /Author \(PDFObjects.textString(manuscript.author)) /Creator (msx)"
        if let modified = manuscript.modified { info += " /ModDate \(PDFObjects.literal(Array(pdfDate(modified).utf8)))" }
        let infoRef = objects.add(info + " >>")
        let data = objects.finished(root: catalog, info: infoRef, identifier: identifier(manuscript))
        let pictureWarnings = leftOut.map { "\($0): the picture is left out: msx draws PNG (not interlaced) and JPEG pictures in a PDF" }
        return (data, pictureWarnings + warnings(fonts: fonts, hyphenator: hyphenator, manuscript: manuscript))
    }

    /// What the PDF could not set as the project says: fonts not found, characters no font has, no hyphenation.
    private static func warnings(fonts: PDFFontCatalog, hyphenator: Hyphenator?, manuscript: Manuscript) -> [String] {
        var warnings = fonts.substitutions.sorted { $0.key < $1.key }.map { family, standard in
            "the font '\(family)' is neither in the project (a .ttf under \(Manifest.contentsFolder)/) nor installed: set in \(standard)"
        }
        if !fonts.missingCharacters.isEmpty {
            let shown = fonts.missingCharacters.sorted { $0.value < $1.value }.prefix(12)
                .map { String(format: "U+%04X", $0.value) + " '\($0)'" }.joined(separator: ", ")
            warnings.append("no font has the characters \(shown)\(fonts.missingCharacters.count > 12 ? " and more" : ""): shown as '?'"
                + " (a TrueType font with them under \(Manifest.contentsFolder)/, or fonts-dejavu, sets them)")
        }
        if manuscript.preset == .book && hyphenator == nil {
            warnings.append("no hyphenation patterns for '\(manuscript.language)' are installed (Debian's hyphen-\(manuscript.language.lowercased()) package):"
                + " justified without hyphenation")
        }
        return warnings
    }

    private static func furniture(_ manuscript: Manuscript) -> Furniture {
        let firstBodyPage = manuscript.hasTitlePage ? 2 : 1
        switch manuscript.preset {
        case .manuscript:
            // Shunn: "Surname / TITLE / page" at the top right of every page but the first.
            let head = "\(manuscript.surname) / \(manuscript.title.uppercased()) / "
            return Furniture(head: { number, _ in number > 1 ? (head + String(number), "right") : nil }, foot: { _, _ in nil })
        case .book:
            return Furniture(
                head: { number, page in
                    guard number > firstBodyPage || !manuscript.hasTitlePage, !page.opensSection, number >= firstBodyPage else { return nil }
                    return (number % 2 == 0 ? manuscript.author : manuscript.title, "center")
                },
                foot: { number, _ in number >= firstBodyPage ? String(number - firstBodyPage + 1) : nil })
        case .screenplay:
            // The script's pages are numbered "2." on from its second page, at the top right.
            return Furniture(head: { number, _ in
                let page = number - (firstBodyPage - 1)
                return page > 1 ? ("\(page).", "right") : nil
            }, foot: { _, _ in nil })
        case .default:
            return Furniture(head: { _, _ in nil }, foot: { number, _ in number >= firstBodyPage ? String(number - firstBodyPage + 1) : nil })
        }
    }

    /// Six capital letters naming a subset (ISO 32000-1 9.6.4), different for each font of the file.
    private static func subsetTag(_ index: Int) -> String {
        var tag = "", value = index
        for _ in 0..<6 {
            tag.append(Character(UnicodeScalar(UInt8(65 + value % 26))))
            value /= 26
        }
        return "MSX" + tag.prefix(3)
    }

    /// The file's identifier: the same for the same book, so compiling twice writes the same bytes.
    private static func identifier(_ manuscript: Manuscript) -> [UInt8] {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x8422_2325_CBF2_9CE4
        for byte in (manuscript.identifier + "\u{0}" + manuscript.title).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x100_0000_01B3 &+ 1
        }
        return (0..<8).map { UInt8(truncatingIfNeeded: hash >> ($0 * 8)) } + (0..<8).map { UInt8(truncatingIfNeeded: second >> ($0 * 8)) }
    }

    private static func pdfDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMddHHmmss"
        return "D:" + formatter.string(from: date) + "Z"
    }
}

/// Marks a screenplay's blocks as they are set: cues and parentheticals stay with what follows them; each speech's
/// blocks are numbered, with the "(MORE)" and "NAME (CONT'D)" lines set for where it crosses a page.
private struct SpeechMarker {
    private var speech = 0
    private var cue: ResolvedParagraph?

    mutating func mark(_ block: inout PDFBlock, _ paragraph: ResolvedParagraph, setter: inout PDFTextSetter) {
        let element = paragraph.attributes[.style]?.stringValue.flatMap(ScreenplayElement.init(style:))
        switch element {
        case .character:
            speech += 1
            cue = paragraph
            block.keepWithNext = true
        case .parenthetical, .dialogue:
            guard let cue else { return }
            block.keepWithNext = element == .parenthetical
            block.speech = speech
            let more = Self.line("(MORE)", like: cue), resumed = Self.line(cue.text.replacing(/\s*\(CONT'D\)\s*$/, with: "") + " (CONT'D)", like: cue)
            if let moreLine = setter.set(more).lines.first, let resumedLine = setter.set(resumed).lines.first {
                block.continuation = (moreLine, resumedLine)
            }
        default:
            cue = nil
        }
    }

    /// A line set as the cue is (its indent, its font).
    private static func line(_ text: String, like cue: ResolvedParagraph) -> ResolvedParagraph {
        var paragraph = cue
        paragraph.text = text
        paragraph.runs = [ResolvedRun(range: 0..<text.utf16.count, text: text, attributes: cue.runs.first?.attributes ?? [:])]
        return paragraph
    }
}
