import XCTest
@testable import MsxModel

/// What a page reads of a run's and a paragraph's attributes, name by name: every attribute msx knows, each alone,
/// fills the one field a page writes it from (or none), and names that differ from a known one only in a letter or
/// its length fill nothing.
final class HTMLAttributeReadingTests: XCTestCase {
    /// Every attribute name msx knows (docs/format.md), with the field a page writes it from; nil: none.
    private let runFields: [String: String?] = [
        "bold": "bold", "italic": "italic", "strikethrough": "strikethrough", "underline": "underline",
        "fontFamily": "fontFamily", "fontSize": "fontSize", "foregroundColor": "foregroundColor",
        "backgroundColor": "backgroundColor", "verticalAlign": "verticalAlign", "smallCaps": "smallCaps",
        "allCaps": "allCaps", "code": "code", "link": "link", "image": "image", "annotation": "annotation",
    ]
    private let paragraphFields: [String: String] = [
        "alignment": "alignment", "firstLineHeadIndent": "firstLineHeadIndent", "headIndent": "headIndent",
        "tailIndent": "tailIndent", "lineHeightMultiple": "lineHeightMultiple", "paragraphSpacingBefore": "spacingBefore",
        "paragraphSpacing": "spacingAfter", "pageBreakBefore": "pageBreakBefore",
    ]
    private let others = ["footnote", "style", "lineSpacing", "minimumLineHeight", "maximumLineHeight", "tabStops", "listFormat",
                          "checklist", "headingLevel", "quoteDepth", "listLevel", "kind"]

    func testEachNameFillsItsOwnFieldAlone() {
        for name in runFields.keys.sorted() + paragraphFields.keys.sorted() + others {
            XCTAssertEqual(filled(runOf: name), runFields[name].flatMap { $0 }.map { [$0] } ?? [], "run: \(name)")
            XCTAssertEqual(filled(paragraphOf: name), paragraphFields[name].map { [$0] } ?? [], "paragraph: \(name)")
        }
    }

    /// Names one letter off, one letter longer or shorter, in another case: read as no attribute.
    func testNamesNearAKnownOneFillNothing() {
        for name in runFields.keys.sorted() + paragraphFields.keys.sorted() {
            let near = [String(name.dropLast()) + "X", name + "s", String(name.dropLast()), name.uppercased(), "x" + name.dropFirst()]
            for other in near where runFields[other] == nil && paragraphFields[other] == nil {
                XCTAssertEqual(filled(runOf: other), [], other)
                XCTAssertEqual(filled(paragraphOf: other), [], other)
            }
        }
    }

    /// The fields of a run's reading that `name`, alone, fills.
    private func filled(runOf name: String) -> [String] {
        let run = HTMLRunAttributes(attributes(name))
        let fields: [(String, Bool)] = [
            ("image", run.image != nil), ("fontFamily", run.fontFamily != nil), ("foregroundColor", run.foregroundColor != nil),
            ("backgroundColor", run.backgroundColor != nil), ("underline", run.underline != nil),
            ("verticalAlign", run.verticalAlign != nil), ("link", run.link != nil), ("fontSize", run.fontSize != nil),
            ("annotation", run.annotation != nil), ("code", run.code), ("strikethrough", run.strikethrough),
            ("smallCaps", run.smallCaps), ("allCaps", run.allCaps), ("italic", run.italic), ("bold", run.bold),
        ]
        return fields.filter(\.1).map(\.0)
    }

    private func filled(paragraphOf name: String) -> [String] {
        let paragraph = HTMLParagraphAttributes(attributes(name))
        let fields: [(String, Bool)] = [
            ("alignment", paragraph.alignment != nil), ("firstLineHeadIndent", paragraph.firstLineHeadIndent != nil),
            ("headIndent", paragraph.headIndent != nil), ("tailIndent", paragraph.tailIndent != nil),
            ("lineHeightMultiple", paragraph.lineHeightMultiple != nil), ("spacingBefore", paragraph.spacingBefore != nil),
            ("spacingAfter", paragraph.spacingAfter != nil), ("pageBreakBefore", paragraph.pageBreakBefore),
        ]
        return fields.filter(\.1).map(\.0)
    }

    /// `name` with a value each kind of field reads as set: a string and a number can't be one value, so the value
    /// is what the name's field reads (a string for names whose field is text, true or a number otherwise).
    private func attributes(_ name: String) -> Attributes {
        let numbers: Set<String> = ["fontSize", "firstLineHeadIndent", "headIndent", "tailIndent", "lineHeightMultiple",
                                    "paragraphSpacingBefore", "paragraphSpacing"]
        let flags: Set<String> = ["code", "strikethrough", "smallCaps", "allCaps", "italic", "bold", "pageBreakBefore"]
        let value: JSONValue = numbers.contains(name) ? 12 : flags.contains(name) ? true : "value"
        return [AttributeKey(rawValue: name): value]
    }
}
