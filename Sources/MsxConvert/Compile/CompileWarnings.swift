import Foundation
import MsxModel

/// What a compiled file will not carry as the documents say it, named so that the writer can see it before an
/// editor does: documents whose file is missing, raw HTML in a format that is not a web page or Markdown, raw LaTeX
/// (other than a page break, which every format makes one), and pictures that are missing or that no format can
/// hold.
extension Manuscript {
    /// The warnings for compiling to `format`, a line each, naming the document and the paragraph.
    public func warnings(for format: CompileFormat) -> [String] {
        var warnings = missingDocuments.map { node in
            "\(node.path): the document '\(node.title)' is missing its file: left out (msx check says how to mend it)"
        }
        if let coverPath, cover == nil, format.renderer.showsCover {
            warnings.append("\(Manifest.fileName): the cover picture \(coverPath) is missing, outside the project or not a PNG, JPEG or GIF: the book has no cover")
        }
        for part in parts {
            guard case .document(let node, let document) = part else { continue }
            for (index, block) in document.markdown.blocks.enumerated() {
                var place: String { "\(node.path), paragraph \(index + 1)" }
                if block.kind == .htmlBlock && !format.renderer.carriesRawHTML {
                    warnings.append("\(place): raw HTML is compiled as its text only (a .\(format.name) file cannot carry it)")
                }
                // Only a paragraph with a backslash can hold a command: most are looked at no further.
                if block.kind != .codeBlock && block.kind != .htmlBlock && ByteSearch.contains(block.text, "\\") && !PageBreakCommand.matches(block.text),
                   let command = LaTeXCommand.first(in: block.spans.isEmpty ? block.text : Self.textOutsideCode(block)) {
                    warnings.append("\(place): raw LaTeX '\(command)' is compiled as text")
                }
                for span in block.spans {
                    guard case .image(let address) = span.attribute else { continue }
                    guard let path = PictureAddress.projectPath(documentPath: node.path, address: address) else {
                        warnings.append("\(place): the picture '\(address)' is not a file of the project: left out")
                        continue
                    }
                    guard let data = pictures[path] else {
                        warnings.append("\(place): the picture \(path) is missing: left out")
                        continue
                    }
                    if Picture(data) == nil {
                        warnings.append("\(place): the picture \(path) is not a PNG, JPEG or GIF: left out")
                    } else if !format.renderer.showsPictures {
                        warnings.append("\(place): the picture \(path) is left out: msx puts no pictures in a .\(format.name) file")
                    }
                }
            }
        }
        return warnings
    }

    /// A block's text with its code spans left out (a backslash command in code is code, not LaTeX).
    private static func textOutsideCode(_ block: MarkdownBlock) -> String {
        let units = Array(block.text.utf16)
        var kept = [UInt16]()
        var offset = 0
        for span in block.spans.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where span.attribute == .code {
            guard span.range.lowerBound >= offset, span.range.upperBound <= units.count else { continue }
            kept += units[offset..<span.range.lowerBound]
            offset = span.range.upperBound
        }
        kept += units[offset...]
        return String(decoding: kept, as: UTF16.self)
    }
}

/// `\newpage`, `\pagebreak` or `\clearpage` alone in a paragraph: what pandoc's writers read as a page break.
enum PageBreakCommand {
    static func matches(_ text: String) -> Bool {
        guard text.utf8.count < 64, text.utf8.contains(0x5C) else { return false }
        return ["\\newpage", "\\pagebreak", "\\clearpage"].contains(text.trimmingCharacters(in: .whitespaces))
    }
}

/// A LaTeX command in a text: a backslash and letters (`\textbf`, `\vspace`).
enum LaTeXCommand {
    static func first(in text: String) -> String? {
        text.firstMatch(of: /\\[A-Za-z]+/).map { String($0.output) }
    }
}
