import Foundation
import MsxModel

/// What `format` did (or would do).
public struct FormatOutcome: Sendable {
    /// What changed, in order.
    public var events: [FormatEvent]
    /// Project-relative paths written (or that would be, with `--dry-run`).
    public var changedFiles: [String]
    /// Formatting the sidecar lost to outside edits (re-anchoring), reported once.
    public var lostFormatting: [FormattingLoss]
}

extension Project {
    /// Formats a document: Markdown where it can say it, the sidecar for the rest; both files land together.
    public func format(_ node: BinderNode, _ request: FormatRequest, dryRun: Bool = false) throws -> FormatOutcome {
        let request = try request.validated()
        let lock = dryRun ? nil : try lock()
        defer { withExtendedLifetime(lock) {} }
        let document = try loadDocument(node)
        let targets = try DocumentFormatter.targets(of: request.selection, in: document.paragraphTexts, title: node.title)
        var formatter = DocumentFormatter(document: document, styles: styleSheet)
        try formatter.apply(request, to: targets)
        let result = formatter.result
        var transaction = transaction()
        let markdownChanged = result.markdown.source != document.markdown.source
        try stage(result, markdown: markdownChanged ? result.markdown.sourceText : nil, for: node, into: &transaction)
        var project = self
        if !dryRun { try project.commit(transaction) }
        return FormatOutcome(events: formatter.events, changedFiles: transaction.writtenPaths, lostFormatting: document.lostFormatting)
    }
}
