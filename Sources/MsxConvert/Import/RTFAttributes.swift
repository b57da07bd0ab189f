import MsxModel

/// RTF formatting states in msx's attribute vocabulary (docs/format.md section 7): twips and half-points become
/// points, colour and font numbers become "#RRGGBB" and family names through the document's tables; sizes, indents
/// and spacing are brought within msx's limits (`AttributeKey.limits`).
extension RTFTables {
    /// The full set of character attributes for text in `state` (`link` and `footnote` only when set).
    func characterAttributes(_ state: RTFCharacterState) -> Attributes {
        var attributes: Attributes = [
            .bold: .bool(state.bold),
            .italic: .bool(state.italic),
            .strikethrough: .bool(state.strikethrough),
            .underline: .optional(state.underline),
            .fontSize: .number(Double(state.halfPoints) / 2),
            .foregroundColor: color(state.foreground),
            .backgroundColor: background(state.background),
        ]
        if let family = fonts[state.font ?? defaultFont]?.family { attributes[.fontFamily] = .string(family) }
        if let align = state.verticalAlign { attributes[.verticalAlign] = .string(align) }
        if state.smallCaps { attributes[.smallCaps] = true }
        if state.allCaps { attributes[.allCaps] = true }
        if let link = state.link { attributes[.link] = .string(link) }
        if state.footnote { attributes[.footnote] = true }
        for (key, value) in state.overrides { attributes[key] = value }
        return attributes.clampedToLimits()
    }

    /// Cocoa (TextEdit, Scrivener) writes `\cb` with white for "no background" on every run; elsewhere white is
    /// a real highlight.
    private func background(_ index: Int) -> JSONValue {
        let value = color(index)
        return isCocoa && value == "#FFFFFF" ? .null : value
    }

    /// The paragraph attributes RTF states for every paragraph (alignment, indents, spacing, line height, tab
    /// stops), plus `pageBreakBefore` when set. Style, heading and list come from `paragraph(_:)`.
    func paragraphAttributes(_ state: RTFParagraphState) -> Attributes {
        var attributes: Attributes = [
            .alignment: .string(state.alignment),
            .firstLineHeadIndent: points(state.leftIndent + state.firstLineIndent),
            .headIndent: points(state.leftIndent),
            .tailIndent: points(-state.rightIndent),
            .paragraphSpacingBefore: points(state.spaceBefore),
            .paragraphSpacing: points(state.spaceAfter),
            .tabStops: .array(Array(Set(state.tabStops)).sorted().map(points)),
        ]
        if state.lineSpacing == 0 {
            attributes[.lineHeightMultiple] = 1
        } else if state.lineSpacingIsMultiple, state.lineSpacing > 0 {
            attributes[.lineHeightMultiple] = .number(Double(state.lineSpacing) / 240)
        } else if state.lineSpacing > 0 {
            attributes[.minimumLineHeight] = points(state.lineSpacing)
        } else {
            attributes[.minimumLineHeight] = points(-state.lineSpacing)
            attributes[.maximumLineHeight] = points(-state.lineSpacing)
        }
        if let minimum = state.minimumLineHeight { attributes[.minimumLineHeight] = points(minimum) }
        if let maximum = state.maximumLineHeight { attributes[.maximumLineHeight] = points(maximum) }
        if let leading = state.leading { attributes[.lineSpacing] = points(leading) }
        if state.pageBreakBefore { attributes[.pageBreakBefore] = true }
        return attributes.clampedToLimits()
    }

    /// A paragraph of `text` and `runs` formatted by `state`: its attributes, style name, heading and list level.
    func paragraph(text: String, runs: [ImportedRun], state: RTFParagraphState) -> ImportedParagraph {
        var paragraph = ImportedParagraph(text: text, attributes: paragraphAttributes(state), runs: runs)
        if let number = state.style, let style = styles[number] {
            paragraph.attributes[.style] = .string(style.name)
            paragraph.headingLevel = style.headingLevel
        }
        if let level = state.outlineLevel { paragraph.headingLevel = Self.headingLevel(outlineLevel: level) }
        if let number = state.listOverride {
            paragraph.listLevel = state.listLevelIndex + 1
            paragraph.listID = number
            if let levels = listOverrides[number].flatMap({ lists[$0] }), !levels.isEmpty {
                paragraph.attributes[.listFormat] = .string(levels[min(state.listLevelIndex, levels.count - 1)])
            }
            if let starts = listOverrides[number].flatMap({ listStarts[$0] }), !starts.isEmpty {
                let start = starts[min(state.listLevelIndex, starts.count - 1)]
                if start != 1 { paragraph.listStart = start }
            }
        } else if let format = state.numberingFormat {
            paragraph.listLevel = state.numberingLevel
            paragraph.attributes[.listFormat] = .string(format)
        }
        return paragraph
    }

    private func color(_ index: Int) -> JSONValue {
        guard index > 0, index < colors.count else { return .null }
        return .optional(colors[index])
    }

    private func points(_ twips: Int) -> JSONValue { .number(Double(twips) / 20) }
}
