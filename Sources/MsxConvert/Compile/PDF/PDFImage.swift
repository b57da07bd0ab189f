import CSystemZlib
import Foundation

/// A picture as a PDF image XObject: a JPEG as it is (DCTDecode); a PNG decoded (every colour type, bit depths
/// 1 to 16, not interlaced) and written again as deflated samples, its transparency as a soft mask. A GIF or an
/// interlaced PNG is not drawn (nil), and the writer names it.
enum PDFImage {
    /// Writes the picture's objects and returns the image's reference, or nil when it cannot be drawn.
    static func write(_ picture: Picture, into objects: inout PDFObjects) -> PDFObjects.Ref? {
        switch picture.kind {
        case .jpeg:
            let components = jpegComponents([UInt8](picture.data)) ?? 3
            let space = components == 1 ? "/DeviceGray" : components == 4 ? "/DeviceCMYK /Decode [1 0 1 0 1 0 1 0]" : "/DeviceRGB"
            return objects.addStream([UInt8](picture.data), dictionary: "/Type /XObject /Subtype /Image /Width \(picture.width)"
                + " /Height \(picture.height) /ColorSpace \(space) /BitsPerComponent 8 /Filter /DCTDecode", compress: false)
        case .png:
            guard let decoded = PNGSamples(picture.data) else { return nil }
            let mask = decoded.alpha.map { alpha in
                objects.addStream(alpha, dictionary: "/Type /XObject /Subtype /Image /Width \(decoded.width) /Height \(decoded.height)"
                    + " /ColorSpace /DeviceGray /BitsPerComponent 8")
            }
            return objects.addStream(decoded.color, dictionary: "/Type /XObject /Subtype /Image /Width \(decoded.width)"
                + " /Height \(decoded.height) /ColorSpace \(decoded.channels == 1 ? "/DeviceGray" : "/DeviceRGB") /BitsPerComponent 8"
                + (mask.map { " /SMask \($0.text)" } ?? ""))
        case .gif:
            return nil
        }
    }

    /// The number of colour components a JPEG's frame header gives.
    private static func jpegComponents(_ bytes: [UInt8]) -> Int? {
        var at = 2
        while at + 9 < bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) { return Int(bytes[at + 9]) }
            at += 2 + length
        }
        return nil
    }
}

/// A PNG's pixels as 8-bit samples: colour (grey or RGB) and, when it has transparency, alpha apart.
struct PNGSamples {
    let width: Int
    let height: Int
    let channels: Int
    var color: [UInt8] = []
    var alpha: [UInt8]?

    init?(_ data: Data) {
        let bytes = [UInt8](data)
        var at = 8
        var header: [UInt8] = [], palette: [UInt8] = [], transparency: [UInt8] = [], compressed: [UInt8] = []
        while at + 8 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            guard length >= 0, at + 12 + length <= bytes.count else { return nil }
            let body = Array(bytes[(at + 8)..<(at + 8 + length)])
            switch type {
            case "IHDR": header = body
            case "PLTE": palette = body
            case "tRNS": transparency = body
            case "IDAT": compressed += body
            default: break
            }
            if type == "IEND" { break }
            at += 12 + length
        }
        guard header.count == 13, header[12] == 0 else { return nil }   // not interlaced
        width = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        height = Int(header[4]) << 24 | Int(header[5]) << 16 | Int(header[6]) << 8 | Int(header[7])
        let depth = Int(header[8]), type = Int(header[9])
        let samplesPerPixel: Int
        switch type {
        case 0, 3: samplesPerPixel = 1
        case 2: samplesPerPixel = 3
        case 4: samplesPerPixel = 2
        case 6: samplesPerPixel = 4
        default: return nil
        }
        guard [1, 2, 4, 8, 16].contains(depth), width > 0, height > 0, width * height <= 64 << 20,
              let raw = Self.inflate(compressed, expected: height * (1 + (width * samplesPerPixel * depth + 7) / 8)) else { return nil }
        let stride = (width * samplesPerPixel * depth + 7) / 8
        guard let rows = Self.unfiltered(raw, rows: height, stride: stride, bytesPerPixel: max(1, samplesPerPixel * depth / 8)) else { return nil }
        channels = type == 0 || type == 4 ? 1 : 3
        color.reserveCapacity(width * height * channels)
        var alphaSamples: [UInt8] = []
        let hasAlpha = type == 4 || type == 6 || !transparency.isEmpty
        for row in 0..<height {
            for x in 0..<width {
                var samples: [Int] = []
                for s in 0..<samplesPerPixel {
                    let index = x * samplesPerPixel + s
                    switch depth {
                    case 16: samples.append(Int(rows[row * stride + index * 2]))
                    case 8: samples.append(Int(rows[row * stride + index]))
                    default:
                        let bit = index * depth
                        let byte = Int(rows[row * stride + bit / 8])
                        let value = (byte >> (8 - depth - bit % 8)) & ((1 << depth) - 1)
                        samples.append(type == 3 ? value : value * 255 / ((1 << depth) - 1))
                    }
                }
                switch type {
                case 3:
                    let entry = samples[0]
                    guard entry * 3 + 2 < palette.count else { return nil }
                    color += palette[(entry * 3)..<(entry * 3 + 3)]
                    alphaSamples.append(entry < transparency.count ? transparency[entry] : 255)
                case 0, 2:
                    color += samples.map { UInt8($0) }
                    alphaSamples.append(255)
                default:
                    color += samples.dropLast().map { UInt8($0) }
                    alphaSamples.append(UInt8(samples.last!))
                }
            }
        }
        alpha = hasAlpha && alphaSamples.contains { $0 != 255 } ? alphaSamples : nil
    }

    /// zlib's inflate of a PNG's joined IDAT chunks, which must give `expected` bytes.
    private static func inflate(_ compressed: [UInt8], expected: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: expected)
        var length = uLongf(expected)
        let status = compressed.withUnsafeBufferPointer { source in
            uncompress(&out, &length, source.baseAddress, uLong(compressed.count))
        }
        return status == Z_OK && Int(length) == expected ? out : nil
    }

    /// The scanlines with PNG's per-row filters undone (None, Sub, Up, Average, Paeth), filter bytes removed.
    private static func unfiltered(_ raw: [UInt8], rows: Int, stride: Int, bytesPerPixel: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: rows * stride)
        for row in 0..<rows {
            let filter = raw[row * (stride + 1)]
            let source = row * (stride + 1) + 1
            for i in 0..<stride {
                let x = Int(raw[source + i])
                let left = i >= bytesPerPixel ? Int(out[row * stride + i - bytesPerPixel]) : 0
                let up = row > 0 ? Int(out[(row - 1) * stride + i]) : 0
                let corner = row > 0 && i >= bytesPerPixel ? Int(out[(row - 1) * stride + i - bytesPerPixel]) : 0
                let value: Int
                switch filter {
                case 0: value = x
                case 1: value = x + left
                case 2: value = x + up
                case 3: value = x + (left + up) / 2
                case 4:
                    let p = left + up - corner
                    let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - corner))
                    value = x + (pa <= pb && pa <= pc ? left : pb <= pc ? up : corner)
                default: return nil
                }
                out[row * stride + i] = UInt8(truncatingIfNeeded: value)
            }
        }
        return out
    }
}
