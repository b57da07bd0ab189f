import Foundation
import MsxModel

/// A picture a compiled file holds: its bytes, kind and size in pixels (read from the file's own header).
struct Picture: Sendable {
    enum Kind: String, Sendable {
        case png, jpeg, gif

        var mediaType: String { "image/\(rawValue)" }
    }

    let data: Data
    let kind: Kind
    let width: Int
    let height: Int

    /// The picture in `data`, or nil when it is not a PNG, JPEG or GIF whose size can be read.
    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(64 * 1024))
        func big(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= bytes.count else { return nil }
            return bytes[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), let w = big(16, 4), let h = big(20, 4) {
            (kind, width, height) = (.png, w, h)
        } else if bytes.starts(with: Array("GIF8".utf8)), bytes.count >= 10 {
            (kind, width, height) = (.gif, Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        } else if bytes.starts(with: [0xFF, 0xD8]), let size = Self.jpegSize(bytes) {
            (kind, width, height) = (.jpeg, size.width, size.height)
        } else {
            return nil
        }
        guard width > 0, height > 0, width < 1 << 20, height < 1 << 20 else { return nil }
        self.data = data
    }

    /// A JPEG's size from its first start-of-frame segment.
    private static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var at = 2
        while at + 9 < bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (Int(bytes[at + 7]) << 8 | Int(bytes[at + 8]), Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]))
            }
            guard length >= 2 else { return nil }
            at += 2 + length
        }
        return nil
    }
}

extension Manuscript {
    /// Pictures larger than this (64 MiB) are left out of compiled files.
    static let largestPicture = 64 << 20

    /// The paragraphs laid out, each picture's `image` attribute replaced by its number among `pictures` (as
    /// "#picture-N"), and a picture the file cannot hold (missing, not PNG, JPEG or GIF) left out with its
    /// placeholder character.
    func laidOutWithPictures() -> (layout: Layout, pictures: [Picture]) {
        let (layout, placement) = laidOutPlacingPictures()
        return (layout, placement.placed)
    }

    /// The manuscript laid out with its pictures numbered, and where each came from.
    func laidOutPlacingPictures() -> (layout: Layout, placement: PicturePlacement) {
        var layout = laidOut()
        var paths: [String: String] = [:]
        for part in parts { if case .document(let node, _) = part { paths[node.id] = node.path } }
        var placement = PicturePlacement { pictures[$0] }
        for document in layout.documents {
            guard let documentPath = paths[document.id] else { continue }
            for index in document.paragraphs {
                layout.paragraphs[index] = placement.place(layout.paragraphs[index], documentPath: documentPath)
            }
        }
        return (layout, placement)
    }
}

/// Pictures numbered for a file that holds them: each run showing a picture gets `image` "#picture-N", N its number
/// among `placed` (the first time a picture is shown it is placed).
struct PicturePlacement {
    /// A picture's bytes by project path; nil when there is none.
    let load: (String) -> Data?
    /// The pictures placed, in order.
    private(set) var placed: [Picture] = []
    /// The number of each picture placed, by project path.
    private(set) var numbers: [String: Int] = [:]

    init(load: @escaping (String) -> Data?) { self.load = load }

    /// `p` of the document at `documentPath` with its pictures numbered. A picture the file cannot hold (missing,
    /// not PNG, JPEG or GIF) is left out with its placeholder character, unless `keepingUnplaceable`.
    mutating func place(_ p: ResolvedParagraph, documentPath: String, keepingUnplaceable: Bool = false) -> ResolvedParagraph {
        guard p.runs.contains(where: { $0.attributes[.image] != nil }) else { return p }
        var p = p
        var runs: [ResolvedRun] = [], text = "", length = 0
        for var run in p.runs {
            if let address = run.attributes[.image]?.stringValue {
                if let path = PictureAddress.projectPath(documentPath: documentPath, address: address), let n = number(of: path) {
                    run.attributes[.image] = .string("#picture-\(n)")
                } else if !keepingUnplaceable {
                    continue
                }
            }
            let count = run.text.utf16.count
            run.range = length..<(length + count)
            length += count
            text += run.text
            runs.append(run)
        }
        p.text = text
        p.runs = runs
        return p
    }

    /// The number of the picture at `path`, placing it the first time; nil when unusable.
    private mutating func number(of path: String) -> Int? {
        if let known = numbers[path] { return known }
        guard let data = load(path), data.count <= Manuscript.largestPicture, let picture = Picture(data) else { return nil }
        placed.append(picture)
        numbers[path] = placed.count
        return placed.count
    }
}
