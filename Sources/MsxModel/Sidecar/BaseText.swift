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
        var text = fileText
        let paragraphs: [String]? = text.withUTF8 { bytes in
            let header = Array((Self.header + "\n").utf8)
            guard bytes.count >= header.count, bytes.last == 0x0A, header.indices.allSatisfy({ bytes[$0] == header[$0] }),
                  TextHash.hex(TextHash.fnv1a64(bytes)) == id
            else { return nil }
            guard bytes.count > header.count else { return [] }
            return bytes[header.count..<bytes.count - 1].split(separator: 0x0A, omittingEmptySubsequences: false).map(Self.unescaped)
        }
        guard let paragraphs else { return nil }
        self.init(paragraphs: paragraphs, fileText: fileText, id: id)
    }

    /// One line of a base file as the paragraph it stands for.
    private static func unescaped(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> String {
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

    /// Whether `id` has the shape of a base id (so it can name a file safely).
    public static func isValidID(_ id: String) -> Bool {
        id.utf8.count == 16 && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
