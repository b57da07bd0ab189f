import Foundation
import MsxModel

/// What each control word and control symbol does to the reading state.
extension RTFParser {
    /// A control word; `ignorable` when `\*` came just before it.
    mutating func handleWord(_ name: String, _ parameter: Int?, ignorable: Bool) {
        guard top.destination != .skipped else { return }
        switch RTFKeyword.named(name) {
        case nil: if ignorable { groups[topIndex].destination = .skipped }
        case .document(let word): handleDocumentWord(word, parameter)
        case .destination(let word): openDestination(word)
        case .table(let word): handleTableWord(word, parameter)
        case .character(let word): handleCharacterWord(word, parameter)
        case .paragraph(let word): handleParagraphWord(word, parameter)
        case .text(let word): handleTextWord(word)
        }
    }

    mutating func handleSymbol(_ symbol: UInt8) {
        switch symbol {
        case UInt8(ascii: "*"): ignorableNext = true
        case UInt8(ascii: "~"): deliver(["\u{00A0}"])
        case UInt8(ascii: "_"): deliver(["\u{2011}"])
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\\"): deliver([Unicode.Scalar(symbol)])
        default: break
        }
    }

    private mutating func handleDocumentWord(_ word: RTFKeyword.Document, _ parameter: Int?) {
        switch word {
        case .fixedCodePage(let codePage): tables.documentCodePage = codePage
        case .codePage: if let parameter, parameter > 0 { tables.documentCodePage = parameter }
        case .cocoa: tables.isCocoa = true
        case .defaultFont: tables.defaultFont = parameter ?? 0
        case .unicodeFallbackCount: groups[topIndex].unicodeFallbackCount = max(0, min(parameter ?? 1, 16))
        case .unicode:
            addUnicode(parameter ?? 0)
            fallbackToSkip = top.unicodeFallbackCount
        }
    }

    private mutating func openDestination(_ word: RTFKeyword.Destination) {
        let index = topIndex
        switch word {
        case .fontTable:
            groups[index].destination = .fontTable
            collected.removeAll()
        case .colorTable:
            groups[index].destination = .colorTable
        case .styleSheet:
            groups[index].destination = .styleSheet
            groups[index].character = RTFCharacterState()
            groups[index].paragraph = RTFParagraphState()
            collected.removeAll()
        case .listTable:
            groups[index].destination = .listTable
        case .listOverrideTable:
            groups[index].destination = .listOverrideTable
        case .list:
            guard top.destination == .listTable else { return }
            groups[index].end = .list
            tables.beginList()
        case .listLevel:
            if top.destination == .listTable {
                tables.listLevels.append(RTFTables.listFormat(levelNumbering: 0))
                tables.listLevelStarts.append(1)
            }
        case .listOverride:
            guard top.destination == .listOverrideTable else { return }
            groups[index].end = .listOverride
        case .field:
            groups[index].fieldLink = nil
        case .fieldInstruction:
            groups[index].destination = .fieldInstruction
            groups[index].end = .fieldInstruction
            collected.removeAll()
        case .fieldResult:
            if let link = top.fieldLink { groups[index].character.link = link }
        case .footnote:
            guard top.destination == .body else { return }
            groups[index].end = .footnote
            groups[index].character.footnote = true
            builder.openFootnote(top.character)
        case .paragraphNumbering:
            groups[index].destination = .paragraphNumbering
            groups[index].end = .paragraphNumbering
        case .msxParagraph, .msxCharacter:
            groups[index].destination = .msxData
            groups[index].end = word == .msxParagraph ? .msxParagraph : .msxCharacter
            collected.removeAll()
        case .picture:
            guard top.destination == .body else { return }
            groups[index].destination = .picture
            groups[index].end = .picture
            pictureDigits.removeAll()
        case .pictureWrapper:
            break
        case .attachment:
            guard top.destination == .body else { return }
            groups[index].destination = .attachmentName
            groups[index].end = .attachment
            collected.removeAll()
        case .skipped:
            groups[index].destination = .skipped
        }
    }

    private mutating func handleTableWord(_ word: RTFKeyword.TableWord, _ parameter: Int?) {
        let value = parameter ?? 0
        switch word {
        case .pictureFormat(let format): if top.destination == .picture { groups[topIndex].pictureFormat = format }
        case .fontCharset: tables.fontCharset = value
        case .fontCodePage: tables.fontCodePage = value
        case .red: tables.red = value
        case .green: tables.green = value
        case .blue: tables.blue = value
        case .nonParagraphStyle: if top.destination == .styleSheet { tables.styleIsParagraphStyle = false }
        case .listID: tables.listID = value
        case .levelStart:
            if top.destination == .listTable, !tables.listLevelStarts.isEmpty {
                tables.listLevelStarts[tables.listLevelStarts.count - 1] = max(0, min(value, 1_000_000))
            }
        case .levelNumbering:
            if top.destination == .listTable, !tables.listLevels.isEmpty {
                tables.listLevels[tables.listLevels.count - 1] = RTFTables.listFormat(levelNumbering: value)
            }
        case .numberingBullet:
            groups[topIndex].paragraph.numberingFormat = "bulletSymbols"
            groups[topIndex].paragraph.numberingLevel = 1
        case .numberingBody:
            groups[topIndex].paragraph.numberingLevel = 1
        case .numberingLevel:
            groups[topIndex].paragraph.numberingLevel = max(1, min(value, 9))
        case .numberingFormat(let format):
            groups[topIndex].paragraph.numberingFormat = format
        }
    }

    private mutating func handleCharacterWord(_ word: RTFKeyword.CharacterWord, _ parameter: Int?) {
        let isOn = (parameter ?? 1) != 0
        var state = top.character
        switch word {
        case .plain: state.resetFormatting()
        case .bold: state.set(.bold) { $0.bold = isOn }
        case .italic: state.set(.italic) { $0.italic = isOn }
        case .strikethrough: state.set(.strikethrough) { $0.strikethrough = isOn }
        case .underline(let kind): state.set(.underline) { $0.underline = isOn ? kind : nil }
        case .noUnderline: state.set(.underline) { $0.underline = nil }
        case .font:
            if top.destination == .fontTable {
                tables.fontNumber = parameter ?? 0
            } else {
                state.set(.fontFamily) { $0.font = parameter ?? 0 }
            }
        case .fontSize: state.set(.fontSize) { $0.halfPoints = max(1, parameter ?? 24) }
        case .foregroundColor: state.set(.foregroundColor) { $0.foreground = parameter ?? 0 }
        case .backgroundColor: state.set(.backgroundColor) { $0.background = parameter ?? 0 }
        case .verticalAlign(let value): state.set(.verticalAlign) { $0.verticalAlign = value }
        case .smallCaps: state.set(.smallCaps) { $0.smallCaps = isOn }
        case .allCaps: state.set(.allCaps) { $0.allCaps = isOn }
        case .hidden: state.hidden = isOn
        }
        groups[topIndex].character = state
    }

    private mutating func handleParagraphWord(_ word: RTFKeyword.ParagraphWord, _ parameter: Int?) {
        let value = parameter ?? 0
        let index = topIndex
        switch word {
        case .defaults: groups[index].paragraph = RTFParagraphState()
        case .alignment(let alignment): groups[index].paragraph.alignment = alignment
        case .firstLineIndent: groups[index].paragraph.firstLineIndent = value
        case .leftIndent: groups[index].paragraph.leftIndent = value
        case .rightIndent: groups[index].paragraph.rightIndent = value
        case .spaceBefore: groups[index].paragraph.spaceBefore = value
        case .spaceAfter: groups[index].paragraph.spaceAfter = value
        case .lineSpacing: groups[index].paragraph.lineSpacing = value
        case .lineSpacingMultiple: groups[index].paragraph.lineSpacingIsMultiple = (parameter ?? 1) != 0
        case .leading: groups[index].paragraph.leading = value
        case .minimumLineHeight: groups[index].paragraph.minimumLineHeight = value
        case .maximumLineHeight: groups[index].paragraph.maximumLineHeight = value
        case .tabStop: groups[index].paragraph.tabStops.append(value)
        case .style:
            groups[index].paragraph.style = value
            if top.destination == .styleSheet { (tables.styleNumber, tables.styleIsParagraphStyle) = (value, true) }
        case .outlineLevel: groups[index].paragraph.outlineLevel = value
        case .pageBreakBefore: groups[index].paragraph.pageBreakBefore = (parameter ?? 1) != 0
        case .listOverride:
            if top.destination == .listOverrideTable {
                tables.overrideNumber = value
            } else {
                groups[index].paragraph.listOverride = value
            }
        case .listLevelIndex: groups[index].paragraph.listLevelIndex = max(0, min(value, 8))
        }
    }

    private mutating func handleTextWord(_ word: RTFKeyword.TextWord) {
        switch word {
        case .paragraphEnd:
            endParagraph()
        case .pageEnd:
            endParagraph()
            if top.destination == .body, !builder.isInFootnote { pageBreakPending = true }
        case .rowEnd:
            if top.destination == .body { builder.dropTrailingTab() }
            let count = paragraphs.count
            endParagraph()
            // A row right after a row is in its table; else it starts one.
            if paragraphs.count > count {
                if count == 0 || paragraphs[count - 1].tableRow == nil { tablesRead += 1 }
                paragraphs[count].tableRow = tablesRead
            }
        case .cellEnd:
            deliver(["\t"])
        case .character(let scalar):
            deliver([scalar])
        }
    }
}

extension RTFCharacterState {
    /// Changes one attribute's state, dropping an `\msxchar` override of the same attribute.
    mutating func set(_ attribute: AttributeKey, _ change: (inout RTFCharacterState) -> Void) {
        if overrides[attribute] != nil { overrides[attribute] = nil }
        change(&self)
    }
}
