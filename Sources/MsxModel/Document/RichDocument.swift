/// A document's rich model: its Markdown paragraphs plus the sidecar formatting anchored to them.
public struct RichDocument: Sendable {
    public let markdown: MarkdownDocument
    public var formatting: DocumentFormatting
    /// Runs and paragraph attributes that could not be placed on the current text.
    public internal(set) var lostFormatting: [FormattingLoss]
    /// Whether the sidecar on disk no longer matches the text (it is re-anchored in memory).
    public let sidecarIsStale: Bool
    /// Top-level sidecar fields other than the paragraphs (the annotations table, and fields msx does not know,
    /// kept for the next write).
    package var sidecarExtra: [String: JSONValue]
    /// The base the sidecar on disk names (replaced by the next write, which may then drop it).
    package let sidecarBase: String?
    /// Fields of the sidecar on disk whose numbers were out of their limits (brought within them here; the next
    /// write saves them so).
    public private(set) var sidecarValuesOutOfLimits: [String] = []

    /// Builds the model from Markdown text and its sidecar (nil when there is none).
    /// - Parameter base: reads the paragraphs the sidecar was anchored to, when known (a stale sidecar's formatting
    ///   is then carried through the changes since).
    public init(markdown: MarkdownDocument, sidecar: Sidecar?, base: () -> [String]? = { nil }) {
        self.markdown = markdown
        let texts = markdown.blocks.map(\.text)
        if let sidecar {
            let anchored = Anchoring.anchor(sidecar, to: texts, base: base)
            formatting = anchored.formatting
            lostFormatting = anchored.lost
            sidecarIsStale = anchored.isStale
            sidecarExtra = sidecar.extra
            sidecarBase = sidecar.base
            sidecarValuesOutOfLimits = sidecar.valuesOutOfLimits
        } else {
            formatting = DocumentFormatting(paragraphCount: texts.count)
            lostFormatting = []
            sidecarIsStale = false
            sidecarExtra = [:]
            sidecarBase = nil
        }
    }

    /// Rebuilds the model after the Markdown changed without changing any paragraph's text.
    init(markdown: MarkdownDocument, formatting: DocumentFormatting, keeping previous: RichDocument) {
        self.markdown = markdown
        self.formatting = formatting
        lostFormatting = previous.lostFormatting
        sidecarIsStale = previous.sidecarIsStale
        sidecarExtra = previous.sidecarExtra
        sidecarBase = previous.sidecarBase
    }

    /// A model built from Markdown and formatting made together (an import), with nothing to re-anchor.
    package init(markdown: MarkdownDocument, formatting: DocumentFormatting) {
        self.markdown = markdown
        self.formatting = formatting
        lostFormatting = []
        sidecarIsStale = false
        sidecarExtra = [:]
        sidecarBase = nil
    }

    public var paragraphTexts: [String] { markdown.blocks.map(\.text) }

    /// The document's text: paragraphs joined by one newline.
    public var text: String { markdown.text }

    /// The sidecar that records this model's formatting (empty when there is none).
    public var sidecar: Sidecar { formatting.sidecar(texts: paragraphTexts, keeping: sidecarExtra) }
}
