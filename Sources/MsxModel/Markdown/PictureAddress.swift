import Foundation

/// Where the picture a document shows is in the project.
public enum PictureAddress {
    /// The project path of the picture a document at `documentPath` shows as `address` (relative to the document's
    /// folder, percent-encoded or not), or nil when the address is a web address, absolute, or leads outside the
    /// project.
    public static func projectPath(documentPath: String, address: String) -> String? {
        guard !address.contains(":"), !address.hasPrefix("/"), !address.isEmpty else { return nil }
        var parts = documentPath.split(separator: "/").dropLast().map(String.init)
        let decoded = address.removingPercentEncoding ?? address
        for piece in decoded.split(separator: "/") {
            switch piece {
            case ".": continue
            case "..": if parts.popLast() == nil { return nil }
            default: parts.append(String(piece))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// The project paths of the pictures `markdown` (the document at `documentPath`) shows, in order, once each.
    public static func projectPaths(in markdown: MarkdownDocument, documentPath: String) -> [String] {
        var seen = Set<String>()
        return markdown.blocks.flatMap(\.spans).compactMap { span in
            guard case .image(let address) = span.attribute, let path = projectPath(documentPath: documentPath, address: address),
                  seen.insert(path).inserted else { return nil }
            return path
        }
    }
}
