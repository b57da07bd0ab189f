/// The RTF control words the reader acts on, by meaning. Words not listed are ignored (their group's text is
/// kept), unless a `\*` marks their group as an ignorable destination.
enum RTFKeyword: Equatable {
    case document(Document)
    case destination(Destination)
    case table(TableWord)
    case character(CharacterWord)
    case paragraph(ParagraphWord)
    case text(TextWord)

    /// The document's encoding, default font and Unicode escapes.
    enum Document: Equatable {
        case fixedCodePage(Int)
        case codePage
        /// `\cocoartf`: written by Cocoa (TextEdit, Scrivener), whose font tables hold PostScript names.
        case cocoa
        case defaultFont
        case unicodeFallbackCount
        case unicode
    }

    /// Words that say where a group's text goes.
    enum Destination: Equatable {
        case fontTable
        case colorTable
        case styleSheet
        case listTable
        case listOverrideTable
        case list
        case listLevel
        case listOverride
        case field
        case fieldInstruction
        case fieldResult
        case footnote
        case paragraphNumbering
        case msxParagraph
        case msxCharacter
        case picture
        /// `\shppict`: holds the picture Word means to be shown (its `\nonshppict` twin is skipped).
        case pictureWrapper
        /// `\NeXTGraphic NAME`: a file of the RTFD package around the RTF, shown where the group stands.
        case attachment
        case skipped
    }

    /// Words inside the font, colour, style and list tables and old-style `\pn` numbering.
    enum TableWord: Equatable {
        case fontCharset
        case fontCodePage
        case red
        case green
        case blue
        case nonParagraphStyle
        case listID
        case levelNumbering
        case levelStart
        case numberingBullet
        case numberingBody
        case numberingLevel
        case numberingFormat(String)
        /// `\pngblip`, `\jpegblip`: what a picture's data is (other kinds are left out).
        case pictureFormat(String)
    }

    enum CharacterWord: Equatable {
        case plain
        case bold
        case italic
        case strikethrough
        case underline(String)
        case noUnderline
        case font
        case fontSize
        case foregroundColor
        case backgroundColor
        case verticalAlign(String?)
        case smallCaps
        case allCaps
        case hidden
    }

    enum ParagraphWord: Equatable {
        case defaults
        case alignment(String)
        case firstLineIndent
        case leftIndent
        case rightIndent
        case spaceBefore
        case spaceAfter
        case lineSpacing
        case lineSpacingMultiple
        case leading
        case minimumLineHeight
        case maximumLineHeight
        case tabStop
        case style
        case outlineLevel
        case pageBreakBefore
        case listOverride
        case listLevelIndex
    }

    /// Characters and breaks.
    enum TextWord: Equatable {
        case paragraphEnd
        case pageEnd
        case rowEnd
        case cellEnd
        case character(Unicode.Scalar)
    }

    /// The keyword a control word's letters name, if the reader knows it.
    static func named(_ name: String) -> RTFKeyword? { byName[name] }

    private static let skippedDestinations = [
        "info", "object", "header", "headerl", "headerr", "headerf", "footer", "footerl", "footerr", "footerf",
        "pntext", "listtext", "leveltext", "levelnumbers", "listname", "pntxta", "pntxtb", "falt", "panose",
        "fname", "nonshppict", "shp", "do", "annotation", "atnid", "atnauthor", "xe", "tc", "txe", "revtbl",
        "filetbl", "rsidtbl", "template", "userprops", "docvar", "objdata", "themedata", "colorschememapping",
        "latentstyles", "datastore", "xmlnstbl", "generator", "ftnsep", "ftnsepc", "aftnsep", "aftnsepc",
        "bkmkstart", "bkmkend", "nesttableprops", "nonesttables", "expandedcolortbl", "listpicture", "pgdsctbl",
    ]

    private static let singleUnderlines = [
        "ul", "ulw", "uld", "uldash", "uldashd", "uldashdd", "ulwave", "ulhwave", "ulldash", "ululdbwave",
    ]
    private static let thickUnderlines = ["ulth", "ulthd", "ulthdash", "ulthdashd", "ulthdashdd", "ulthldash"]

    /// Every control word the reader knows, by its letters.
    static let byName: [String: RTFKeyword] = {
        var table: [String: RTFKeyword] = [
            "ansi": .document(.fixedCodePage(1252)), "mac": .document(.fixedCodePage(10000)),
            "pc": .document(.fixedCodePage(437)), "pca": .document(.fixedCodePage(850)),
            "ansicpg": .document(.codePage), "cocoartf": .document(.cocoa), "deff": .document(.defaultFont),
            "uc": .document(.unicodeFallbackCount), "u": .document(.unicode),
        ]
        let destinations: [String: Destination] = [
            "fonttbl": .fontTable, "colortbl": .colorTable, "stylesheet": .styleSheet, "listtable": .listTable,
            "listoverridetable": .listOverrideTable, "list": .list, "listlevel": .listLevel,
            "listoverride": .listOverride, "field": .field, "fldinst": .fieldInstruction, "fldrslt": .fieldResult,
            "footnote": .footnote, "pn": .paragraphNumbering, "msxpara": .msxParagraph, "msxchar": .msxCharacter,
            "pict": .picture, "shppict": .pictureWrapper, "NeXTGraphic": .attachment,
        ]
        let tableWords: [String: TableWord] = [
            "fcharset": .fontCharset, "cpg": .fontCodePage, "red": .red, "green": .green, "blue": .blue,
            "cs": .nonParagraphStyle, "ds": .nonParagraphStyle, "ts": .nonParagraphStyle, "listid": .listID,
            "levelnfc": .levelNumbering, "levelnfcn": .levelNumbering, "levelstartat": .levelStart, "pnlvlblt": .numberingBullet,
            "pnlvlbody": .numberingBody, "pnlvl": .numberingLevel, "pndec": .numberingFormat("decimal"),
            "pnucrm": .numberingFormat("uppercaseRoman"), "pnlcrm": .numberingFormat("lowercaseRoman"),
            "pnucltr": .numberingFormat("uppercaseLetter"), "pnlcltr": .numberingFormat("lowercaseLetter"),
            "pngblip": .pictureFormat("png"), "jpegblip": .pictureFormat("jpeg"),
        ]
        let characterWords: [String: CharacterWord] = [
            "plain": .plain, "b": .bold, "i": .italic, "strike": .strikethrough, "striked": .strikethrough,
            "uldb": .underline("double"), "ulnone": .noUnderline, "f": .font, "fs": .fontSize,
            "cf": .foregroundColor, "cb": .backgroundColor, "highlight": .backgroundColor,
            "chcbpat": .backgroundColor, "super": .verticalAlign("superscript"), "sub": .verticalAlign("subscript"),
            "nosupersub": .verticalAlign(nil), "scaps": .smallCaps, "caps": .allCaps, "v": .hidden,
        ]
        let paragraphWords: [String: ParagraphWord] = [
            "pard": .defaults, "ql": .alignment("left"), "qc": .alignment("center"), "qr": .alignment("right"),
            "qj": .alignment("justified"), "qd": .alignment("justified"), "fi": .firstLineIndent,
            "li": .leftIndent, "lin": .leftIndent, "ri": .rightIndent, "rin": .rightIndent, "sb": .spaceBefore,
            "sa": .spaceAfter, "sl": .lineSpacing, "slmult": .lineSpacingMultiple, "slleading": .leading,
            "slminimum": .minimumLineHeight, "slmaximum": .maximumLineHeight, "tx": .tabStop, "tb": .tabStop,
            "s": .style, "outlinelevel": .outlineLevel, "pagebb": .pageBreakBefore, "ls": .listOverride,
            "ilvl": .listLevelIndex,
        ]
        let textWords: [String: TextWord] = [
            "par": .paragraphEnd, "sect": .paragraphEnd, "page": .pageEnd, "row": .rowEnd, "nestrow": .rowEnd,
            "cell": .cellEnd, "nestcell": .cellEnd, "tab": .character("\t"), "line": .character("\u{2028}"),
            "emdash": .character("\u{2014}"), "endash": .character("\u{2013}"), "lquote": .character("\u{2018}"),
            "rquote": .character("\u{2019}"), "ldblquote": .character("\u{201C}"),
            "rdblquote": .character("\u{201D}"), "bullet": .character("\u{2022}"),
            "emspace": .character("\u{2003}"), "enspace": .character("\u{2002}"),
            "qmspace": .character("\u{2005}"), "zwj": .character("\u{200D}"), "zwnj": .character("\u{200C}"),
            "ltrmark": .character("\u{200E}"), "rtlmark": .character("\u{200F}"),
        ]
        table.merge(destinations.mapValues(RTFKeyword.destination)) { old, _ in old }
        table.merge(tableWords.mapValues(RTFKeyword.table)) { old, _ in old }
        table.merge(characterWords.mapValues(RTFKeyword.character)) { old, _ in old }
        table.merge(paragraphWords.mapValues(RTFKeyword.paragraph)) { old, _ in old }
        table.merge(textWords.mapValues(RTFKeyword.text)) { old, _ in old }
        for name in skippedDestinations { table[name] = .destination(.skipped) }
        for name in singleUnderlines { table[name] = .character(.underline("single")) }
        for name in thickUnderlines { table[name] = .character(.underline("thick")) }
        return table
    }()
}
