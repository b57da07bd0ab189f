import MsxConvert

/// Import warnings in the words `msx import` prints (also the `warnings` strings of its `--json` report).
public enum ImportWording {
    /// "FILE: what happened".
    public static func line(file: String, _ warning: ImportWarning) -> String { "\(file): \(text(warning))" }

    public static func text(_ warning: ImportWarning) -> String {
        switch warning {
        case .truncated: "the file ends inside a group (truncated?)"
        case .nestedTooDeep(let depth): "groups nested more than \(depth) deep were read as if flat"
        case .extraClosingBraces(let count):
            count == 1 ? "an extra closing brace was ignored" : "\(count) extra closing braces were ignored"
        case .picturesSkipped(let count): count == 1 ? "1 picture skipped" : "\(count) pictures skipped"
        case .hiddenTextSkipped(let count): "hidden text left out (\(count) character\(count == 1 ? "" : "s"))"
        case .codePageUnavailable(let codePage): "code page \(codePage) is not available here; its text was read as Windows-1252"
        case .invalidMsxData: "msx formatting data that is not a JSON object was ignored"
        case .unsupportedFileSkipped: "skipped (not a .md, .txt, .rtf or .docx file)"
        case .folderSeenAgainSkipped: "skipped (a link back to a folder already imported)"
        case .projectFolderSkipped: "skipped (a folder of this project, reached through a link)"
        case .notBroughtIn(let what): "not brought in: \(what)"
        case .reshaped(let what): what
        }
    }
}
