/// A page's content stream (ISO 32000-1 section 9): each line's fragments as text objects at their places, spaces
/// widened for justified lines, highlights behind the text, underlines and strikethroughs drawn as rules.
struct PDFContent {
    let pageHeight: Double
    /// The top of the text area, from the page's foot (PDF's y axis points up).
    let textTop: Double
    /// The text area's left edge.
    let left: Double
    private(set) var bytes: [UInt8] = []

    init(pageHeight: Double, textTop: Double, left: Double) {
        self.pageHeight = pageHeight
        self.textTop = textTop
        self.left = left
    }

    /// Draws a line whose top is `top` below the text area's top; its baseline sits its tallest text's ascent down
    /// (extra line spacing goes below the text, as word processors put it).
    mutating func draw(_ line: PDFLine, top: Double) {
        let tallest = line.fragments.map(\.size).max() ?? 0
        let ascent = line.fragments.map { $0.picture == nil ? $0.size * min(0.95, $0.face.ascent) : $0.size }.max() ?? 0
        let single = line.fragments.map { $0.size * $0.face.lineHeight }.max() ?? tallest
        let baseline = textTop - top - ascent - max(0, min(line.height, single) - tallest * 1.0) / 2
        var spacesBefore = 0
        for fragment in line.fragments {
            let x = left + line.indent + fragment.x + line.spaceStretch * Double(spacesBefore)
            spacesBefore += fragment.spaces
            let width = fragment.width + line.spaceStretch * Double(fragment.spaces)
            if let picture = fragment.picture {
                emit("q \(n(fragment.width)) 0 0 \(n(fragment.size)) \(n(x)) \(n(baseline)) cm /Im\(picture) Do Q\n")
                continue
            }
            if let highlight = fragment.highlight {
                emit("\(Self.color(highlight)) rg \(n(x)) \(n(baseline - fragment.size * 0.22)) \(n(width)) \(n(fragment.size * 1.1)) re f\n")
            }
            text(fragment, x: x, baseline: baseline + fragment.rise, stretch: line.spaceStretch)
            let thickness = max(0.5, fragment.size * 0.05)
            let rule = fragment.color.map(Self.color) ?? "0 0 0"
            if let underline = fragment.underline {
                let y = baseline - fragment.size * 0.12
                emit("\(rule) rg \(n(x)) \(n(y)) \(n(width)) \(n(underline == "thick" ? thickness * 2 : thickness)) re f\n")
                if underline == "double" { emit("\(n(x)) \(n(y - thickness * 2)) \(n(width)) \(n(thickness)) re f\n") }
            }
            if fragment.strikethrough {
                emit("\(rule) rg \(n(x)) \(n(baseline + fragment.size * 0.25)) \(n(width)) \(n(thickness)) re f\n")
            }
        }
    }

    /// A running head or page number: one line of text aligned in the text area's width at `baseline`.
    mutating func drawFurniture(_ text: String, face: PDFFace, size: Double, baseline: Double, alignment: String, left: Double, width: Double) {
        let scalars = Array(text.unicodeScalars)
        let textWidth = face.width(of: scalars, size: size)
        let x = alignment == "right" ? left + width - textWidth : alignment == "center" ? left + (width - textWidth) / 2 : left
        self.text(PDFFragment(scalars: scalars, face: face, size: size, width: textWidth), x: x, baseline: baseline, stretch: 0)
    }

    /// A fragment as a text object; each space followed by the justification's extra width (a TJ adjustment).
    private mutating func text(_ fragment: PDFFragment, x: Double, baseline: Double, stretch: Double) {
        var array = ""
        var piece: [Unicode.Scalar] = []
        let adjustment = stretch > 0 ? " \(n(-stretch * 1000 / fragment.size)) " : nil
        for scalar in fragment.scalars {
            piece.append(scalar)
            if scalar == " ", let adjustment {
                array += string(fragment.face, piece) + adjustment
                piece = []
            }
        }
        if !piece.isEmpty { array += string(fragment.face, piece) }
        guard !array.isEmpty else { return }
        let color = fragment.color.map { Self.color($0) + " rg " } ?? "0 g "
        emit("BT \(color)/\(fragment.face.resource) \(n(fragment.size)) Tf 1 0 0 1 \(n(x)) \(n(baseline)) Tm [\(array)] TJ ET\n")
    }

    private func string(_ face: PDFFace, _ scalars: [Unicode.Scalar]) -> String {
        let bytes = face.encode(scalars)
        if case .standard = face.source { return PDFObjects.literal(bytes) }
        var hex = "<"
        for byte in bytes {
            hex.unicodeScalars.append(Self.hexDigits[Int(byte >> 4)])
            hex.unicodeScalars.append(Self.hexDigits[Int(byte & 0xF)])
        }
        return hex + ">"
    }

    private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)

    private mutating func emit(_ text: String) { bytes += text.utf8 }

    private func n(_ value: Double) -> String { PDFObjects.number(value) }

    private static func color(_ rgb: [Double]) -> String { rgb.map { PDFObjects.number($0) }.joined(separator: " ") }
}

/// The document outline (bookmarks): one entry per heading, nested by level, each opening its page at the heading.
enum PDFOutline {
    static func write(_ entries: [(title: String, level: Int, page: PDFObjects.Ref, y: Double)], into objects: inout PDFObjects) -> PDFObjects.Ref? {
        guard !entries.isEmpty else { return nil }
        let root = objects.reserve()
        let refs = entries.map { _ in objects.reserve() }
        // Each entry's parent: the nearest entry before it of a lower level, else the root.
        var parents: [Int?] = []
        var stack: [Int] = []
        for (index, entry) in entries.enumerated() {
            while let last = stack.last, entries[last].level >= entry.level { stack.removeLast() }
            parents.append(stack.last)
            stack.append(index)
        }
        var childrenOf: [Int?: [Int]] = [:]
        for index in entries.indices { childrenOf[parents[index], default: []].append(index) }
        func children(of parent: Int?) -> [Int] { childrenOf[parent] ?? [] }
        // Entries come after their parents: counted from the last, each adds itself and its own to its parent.
        var descendants = [Int](repeating: 0, count: entries.count)
        for index in entries.indices.reversed() { if let parent = parents[index] { descendants[parent] += 1 + descendants[index] } }
        var positions = [Int](repeating: 0, count: entries.count)
        for siblings in childrenOf.values { for (position, index) in siblings.enumerated() { positions[index] = position } }
        for (index, entry) in entries.enumerated() {
            let siblings = children(of: parents[index])
            let position = positions[index]
            var dictionary = "<< /Title \(PDFObjects.textString(entry.title)) /Parent \((parents[index].map { refs[$0] } ?? root).text)"
            dictionary += " /Dest [\(entry.page.text) /XYZ null \(PDFObjects.number(entry.y)) null]"
            if position > 0 { dictionary += " /Prev \(refs[siblings[position - 1]].text)" }
            if position + 1 < siblings.count { dictionary += " /Next \(refs[siblings[position + 1]].text)" }
            let kids = children(of: index)
            if let first = kids.first, let last = kids.last {
                dictionary += " /First \(refs[first].text) /Last \(refs[last].text) /Count \(-descendants[index])"
            }
            objects.write(refs[index], dictionary + " >>")
        }
        let top = children(of: nil)
        objects.write(root, "<< /Type /Outlines /First \(refs[top.first!].text) /Last \(refs[top.last!].text) /Count \(top.count) >>")
        return root
    }
}
