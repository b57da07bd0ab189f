/// The character attributes a page writes for a run, read in one pass over the run's attributes: a run holds a few,
/// and every run of a compiled book is read (asking for each of a dozen names would hash each one).
struct HTMLRunAttributes {
    var image, fontFamily, foregroundColor, backgroundColor, underline, verticalAlign, link: String?
    var fontSize: Double?
    /// The ids of the comments on the run (see `RichDocument.annotationIDs`).
    var annotation: JSONValue?
    var code = false, strikethrough = false, smallCaps = false, allCaps = false, italic = false, bold = false

    init(_ attributes: Attributes) {
        for (key, value) in attributes {
            switch key {
            case .image: image = value.stringValue
            case .fontFamily: fontFamily = value.stringValue
            case .fontSize: fontSize = value.numberValue
            case .foregroundColor: foregroundColor = value.stringValue
            case .backgroundColor: backgroundColor = value.stringValue
            case .underline: underline = value.stringValue
            case .code: code = value == true
            case .strikethrough: strikethrough = value == true
            case .verticalAlign: verticalAlign = value.stringValue
            case .smallCaps: smallCaps = value == true
            case .allCaps: allCaps = value == true
            case .italic: italic = value == true
            case .bold: bold = value == true
            case .link: link = value.stringValue
            case .annotation: annotation = value
            default: break
            }
        }
    }
}

/// The paragraph attributes a page writes, read in one pass (see `HTMLRunAttributes`).
struct HTMLParagraphAttributes {
    var alignment: String?
    var firstLineHeadIndent, headIndent, tailIndent, lineHeightMultiple, spacingBefore, spacingAfter: Double?
    var pageBreakBefore = false

    init(_ attributes: Attributes) {
        for (key, value) in attributes {
            switch key {
            case .alignment: alignment = value.stringValue
            case .firstLineHeadIndent: firstLineHeadIndent = value.numberValue
            case .headIndent: headIndent = value.numberValue
            case .tailIndent: tailIndent = value.numberValue
            case .lineHeightMultiple: lineHeightMultiple = value.numberValue
            case .paragraphSpacingBefore: spacingBefore = value.numberValue
            case .paragraphSpacing: spacingAfter = value.numberValue
            case .pageBreakBefore: pageBreakBefore = value == true
            default: break
            }
        }
    }
}
