/// The text a sidecar was anchored to, kept so that formatting can be carried through the changes made to the text
/// since (see `Anchoring.carry`). msx keeps it as `.msx/base/ID`, named by `id`, which the sidecar's `base` field
/// names.
///
/// File format (UTF-8): the line `msx-base 1`, then one line per paragraph with `\` written `\\`, a line feed `\n`
/// and a carriage return `\r`. The id is the FNV-1a 64 hash (section 6.1 of docs/format.md) of the whole file.
public struct BaseText: Equatable, Sendable {
    static let header = "msx-base 1"

    public let paragraphs: [String]
    /// The file's content.
    public let fileText: String
    /// 16 lowercase hexadecimal digits naming the file.
    public let id: String

    public init(paragraphs: [String]) {
        self.paragraphs = paragraphs
        var text = Self.header + "\n"
        for paragraph in paragraphs {
            for scalar in paragraph.unicodeScalars {
                switch scalar {
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                default: text.unicodeScalars.append(scalar)
                }
            }
            text += "\n"
        }
        fileText = text
        id = TextHash.fnv1a64(text)
    }

    /// Reads a base file; nil when it is not one (another format, damaged, or not the text `id` names).
    public init?(fileText: String, id: String) {
        guard TextHash.fnv1a64(fileText) == id, fileText.hasPrefix(Self.header + "\n") else { return nil }
        var paragraphs: [String] = []
        for line in fileText.dropFirst(Self.header.count + 1).split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            var paragraph = ""
            var escaped = false
            for scalar in line.unicodeScalars {
                if escaped {
                    switch scalar {
                    case "n": paragraph += "\n"
                    case "r": paragraph += "\r"
                    default: paragraph.unicodeScalars.append(scalar)
                    }
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else {
                    paragraph.unicodeScalars.append(scalar)
                }
            }
            paragraphs.append(paragraph)
        }
        self.init(paragraphs: paragraphs)
        guard self.id == id else { return nil }
    }

    /// Whether `id` has the shape of a base id (so it can name a file safely).
    public static func isValidID(_ id: String) -> Bool {
        id.utf8.count == 16 && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
