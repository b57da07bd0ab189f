import MsxModel

/// Formatting that re-anchoring could not place, in the words `show`, `format`, `edit` and `check` print (also the
/// `warnings` strings of their `--json` reports).
public enum FormattingLossWording {
    public static func line(_ loss: FormattingLoss) -> String {
        line(loss, outcome: "was dropped")
    }

    /// The same, for formatting a restore could not bring back.
    public static func notRestored(_ loss: FormattingLoss) -> String {
        line(loss, outcome: "was not restored")
    }

    private static func line(_ loss: FormattingLoss, outcome: String) -> String {
        switch loss {
        case .paragraph(let index, let attributes):
            "paragraph \(index + 1): its formatting (\(attributes.map(\.rawValue).joined(separator: ", "))) \(outcome): the paragraph is gone"
        case .run(let paragraph, let text):
            "paragraph \(paragraph + 1): formatting on '\(text)' \(outcome): its words are gone"
        case .markup(let paragraph, let attribute):
            "paragraph \(paragraph + 1): its \(markupName(attribute)) \(outcome): its Markdown cannot be made to say it"
        case .inline(let paragraph, let text, let attribute):
            "paragraph \(paragraph + 1): the \(markupName(attribute)) on '\(text)' \(outcome): its Markdown cannot be made to say it"
        }
    }

    private static func markupName(_ key: AttributeKey) -> String {
        switch key {
        case .headingLevel: "heading level"
        case .quoteDepth: "block quote"
        case .listLevel: "list item"
        case .checklist: "task box"
        case .code: "code span"
        default: key.rawValue
        }
    }
}
