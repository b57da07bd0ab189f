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

    private init(paragraphs: [String], fileText: String, id: String) {
        self.paragraphs = paragraphs
        self.fileText = fileText
        self.id = id
    }

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
        guard TextHash.fnv1a64(fileText) == id, fileText.hasPrefix(Self.header + "\n"), fileText.hasSuffix("\n") else { return nil }
        let lines = fileText.utf8.dropFirst(Self.header.utf8.count + 1).dropLast().split(separator: 0x0A, omittingEmptySubsequences: false)
        let paragraphs = lines.map { line -> String in
            guard line.contains(0x5C) else { return String(decoding: line, as: UTF8.self) }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(line.count)
            var escaped = false
            for byte in line {
                if escaped {
                    bytes.append(byte == 0x6E ? 0x0A : byte == 0x72 ? 0x0D : byte)
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else {
                    bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        self.init(paragraphs: fileText == Self.header + "\n" ? [] : paragraphs, fileText: fileText, id: id)
    }

    /// Whether `id` has the shape of a base id (so it can name a file safely).
    public static func isValidID(_ id: String) -> Bool {
        id.utf8.count == 16 && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
