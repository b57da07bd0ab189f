import MsxModel

/// What a paragraph of msx's has that WordprocessingML cannot say (extra leading, a line height that is both a
/// multiple and a minimum, a line end measured from the leading margin, a quotation's depth, a code block in another style), kept in the package's document
/// variables (`w:docVar` in `word/settings.xml`, which Word keeps) and custom properties (which LibreOffice
/// keeps), so that importing msx's own `.docx` loses nothing. Each entry names its paragraph by position and by a hash of its text: an editor's change to the text
/// lets Word's own formatting of that paragraph stand.
enum DocxMsxData {
    struct Entry {
        /// The paragraph's position among the document's non-empty paragraphs.
        var paragraph: Int
        var textHash: String
        /// Attributes and block facts (`headingLevel`, `quoteDepth`, `kind`); `.null` removes one.
        var overlay: Attributes
    }

    /// Document variables hold at most 65,280 characters: longer data is cut into numbered variables.
    private static let chunkSize = 60_000
    private static let variablePrefix = "msx.paragraphs."

    /// The hash an entry carries for a paragraph's text (line breaks and code lines alike, as Word has them).
    static func hash(_ text: String) -> String {
        TextHash.fnv1a64(text.replacingOccurrences(of: "\n", with: "\u{2028}"))
    }

    /// The facts of `p` that the properties the writer states do not carry, or nil when they carry everything.
    static func overlay(for p: ResolvedParagraph, quoteStyle: Bool, codeStyle: Bool) -> Attributes? {
        var overlay: Attributes = [:]
        let a = p.attributes
        if let leading = a[.lineSpacing]?.numberValue, leading != 0 { overlay[.lineSpacing] = .number(leading) }
        // A positive tail indent measures the line's end from the leading margin; Word's right indent cannot.
        if let tail = a[.tailIndent]?.numberValue, tail > 0 { overlay[.tailIndent] = .number(tail) }
        // The writer states one line rule: exactly the maximum, else at least the minimum, else the multiple.
        var stated: Attributes = [.lineHeightMultiple: 1]
        if let maximum = a[.maximumLineHeight] {
            (stated[.minimumLineHeight], stated[.maximumLineHeight]) = (maximum, maximum)
        } else if let minimum = a[.minimumLineHeight] {
            stated[.minimumLineHeight] = minimum
        } else if let multiple = a[.lineHeightMultiple], (multiple.numberValue ?? 0) > 0 {
            stated[.lineHeightMultiple] = multiple
        }
        for key in [AttributeKey.lineHeightMultiple, .minimumLineHeight, .maximumLineHeight] where stated[key] != a[key] {
            overlay[key] = a[key] ?? .null
        }
        let depth = a[.quoteDepth]?.numberValue ?? 0
        if depth > 1 || (depth > 0) != quoteStyle { overlay[.quoteDepth] = .number(depth) }
        let isCode = p.kind == .codeBlock
        if isCode != codeStyle { overlay[.kind] = isCode ? "codeBlock" : .null }
        if case .heading = p.kind {} else if a[.style]?.stringValue?.lowercased().hasPrefix("heading ") == true {
            overlay[.headingLevel] = .null
        }
        overlay = overlay.overlaid(with: p.listContinuation?.data ?? [:])
        return overlay.isEmpty ? nil : overlay
    }

    /// The entries as JSON cut into pieces a variable or property holds, or none when there are no entries.
    private static func chunks(_ entries: [Entry]) -> [String] {
        guard !entries.isEmpty else { return [] }
        let json = JSONWriter.string(.array(entries.map { entry in
            .object(["paragraph": .int(entry.paragraph), "textHash": .string(entry.textHash), "attributes": .object(entry.overlay.json)])
        }), pretty: false)
        var chunks: [String] = [], rest = Substring(json)
        while !rest.isEmpty {
            chunks.append(String(rest.prefix(chunkSize)))
            rest = rest.dropFirst(chunkSize)
        }
        return chunks
    }

    /// The `w:docVars` element for `entries` (Word keeps document variables), or "" when there are none.
    static func documentVariables(_ entries: [Entry]) -> String {
        let chunks = chunks(entries)
        guard !chunks.isEmpty else { return "" }
        return "<w:docVars>" + chunks.enumerated().map { index, chunk in
            "<w:docVar w:name=\"\(variablePrefix)\(index + 1)\" w:val=\"\(XMLText.escaped(chunk, quotes: true))\"/>"
        }.joined() + "</w:docVars>"
    }

    /// The custom properties part (`docProps/custom.xml`): `record` (how the file was compiled), then `entries`
    /// (LibreOffice drops document variables but keeps custom properties); nil when both are empty.
    static func customProperties(_ entries: [Entry], record: [(String, String)]) -> String? {
        let properties = record + chunks(entries).enumerated().map { ("\(variablePrefix)\($0 + 1)", $1) }
        guard !properties.isEmpty else { return nil }
        return "<Properties xmlns=\"http://schemas.openxmlformats.org/officeDocument/2006/custom-properties\" "
            + "xmlns:vt=\"http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes\">"
            + properties.enumerated().map { index, property in
                "<property fmtid=\"{D5CDD505-2E9C-101B-9397-08002B2CF9AE}\" pid=\"\(index + 2)\" name=\"\(XMLText.escaped(property.0, quotes: true))\">"
                    + "<vt:lpwstr>\(XMLText.escaped(property.1))</vt:lpwstr></property>"
            }.joined() + "</Properties>"
    }

    /// The entries kept in a settings part's document variables or, failing those, in the custom properties; none
    /// when both are missing or damaged.
    static func entries(settings: XMLNode?, customProperties: XMLNode?) -> [Entry] {
        var pieces: [(Int, String)] = []
        for variable in settings?.child("docVars")?.children("docVar") ?? [] {
            if let piece = piece(variable.attribute("name"), variable.attribute("val")) { pieces.append(piece) }
        }
        if pieces.isEmpty {
            for property in customProperties?.children("property") ?? [] {
                if let piece = piece(property.attribute("name"), property.child("lpwstr")?.textContent) { pieces.append(piece) }
            }
        }
        let json = pieces.sorted { $0.0 < $1.0 }.map(\.1).joined()
        guard !json.isEmpty, let array = (try? JSONParser.parse(json))?.arrayValue else { return [] }
        return array.compactMap { item in
            guard let paragraph = item["paragraph"]?.numberValue.flatMap({ Int(exactly: $0) }),
                  let hash = item["textHash"]?.stringValue, let overlay = item["attributes"]?.objectValue else { return nil }
            return Entry(paragraph: paragraph, textHash: hash, overlay: Attributes(json: overlay))
        }
    }

    /// A numbered piece of the data, from a variable or property named `msx.paragraphs.N`.
    private static func piece(_ name: String?, _ value: String?) -> (Int, String)? {
        guard let name, name.hasPrefix(variablePrefix), let number = Int(name.dropFirst(variablePrefix.count)), let value else { return nil }
        return (number, value)
    }

    /// Lays each entry over its paragraph: the one at its position if the text there still hashes the same, else
    /// the only paragraph whose text does; an entry that finds neither is dropped.
    static func apply(_ entries: [Entry], to paragraphs: inout [ImportedParagraph]) {
        guard !entries.isEmpty else { return }
        let hashes = paragraphs.map { hash($0.text) }
        var byHash: [String: [Int]] = [:]
        for (index, value) in hashes.enumerated() { byHash[value, default: []].append(index) }
        for entry in entries {
            let index: Int
            if entry.paragraph >= 0, entry.paragraph < hashes.count, hashes[entry.paragraph] == entry.textHash {
                index = entry.paragraph
            } else if let matches = byHash[entry.textHash], matches.count == 1 {
                index = matches[0]
            } else {
                continue
            }
            RTFMsxData.apply(entry.overlay, to: &paragraphs[index])
        }
    }
}
