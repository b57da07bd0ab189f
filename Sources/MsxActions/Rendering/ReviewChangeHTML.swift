import MsxDiff
import MsxModel
import MsxWorkspace

/// One change of a draft under review as tracked changes: the working file's paragraphs against the draft's, with
/// the draft's formatting and every formatting change named.
public enum ReviewChangeHTML {
    public static func render(_ change: ParagraphChanges.Change, of document: DraftReview.Document, sheet: StyleSheet) -> String {
        let changes = document.changes
        let old = RichDocument.resolved(Array(changes.older.markdown.blocks[change.old]), slice(changes.older.formatting, change.old), with: sheet)
        let new = RichDocument.resolved(Array(changes.newer.markdown.blocks[change.new]), slice(changes.newer.formatting, change.new), with: sheet)
        let diff = DocumentDiff(old: old, new: new)
        let comparison = DocumentComparison(id: document.node.id, title: document.node.title, path: document.node.path, binder: [],
                                            diff: diff, oldTexts: old.map(\.text), newTexts: new.map(\.text), newParagraphs: new,
                                            oldParagraphs: old)
        return DiffHTML.changes(comparison)
    }

    private static func slice(_ formatting: DocumentFormatting, _ range: Range<Int>) -> DocumentFormatting {
        var sliced = DocumentFormatting(paragraphCount: 0)
        sliced.paragraphs = Array(formatting.paragraphs[range])
        return sliced
    }
}
