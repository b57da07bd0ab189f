/// The tables of a TrueType or OpenType file by tag, and big-endian reads into them (OpenType's byte order).
struct FontTables {
    enum Outlines { case trueType, compact }

    let outlines: Outlines
    let tables: [String: [UInt8]]

    /// The tables of `bytes`, or nil when it is no single TrueType or OpenType font (a collection, WOFF, damage).
    init?(_ bytes: [UInt8]) {
        guard let version = Self.uint32(bytes, 0) else { return nil }
        switch version {
        case 0x0001_0000, 0x7472_7565: outlines = .trueType   // 1.0, "true"
        case 0x4F54_544F: outlines = .compact                   // "OTTO"
        default: return nil
        }
        var tables: [String: [UInt8]] = [:]
        for index in 0..<Int(Self.uint16(bytes, 4) ?? 0) {
            let record = 12 + 16 * index
            guard let offset = Self.uint32(bytes, record + 8), let length = Self.uint32(bytes, record + 12),
                  Int(offset) + Int(length) <= bytes.count else { return nil }
            let tag = String(decoding: bytes[record..<(record + 4)], as: UTF8.self)
            tables[tag] = Array(bytes[Int(offset)..<(Int(offset) + Int(length))])
        }
        self.tables = tables
    }

    subscript(tag: String) -> [UInt8]? { tables[tag] }

    static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16? {
        at >= 0 && at + 2 <= bytes.count ? UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]) : nil
    }

    static func int16(_ bytes: [UInt8], _ at: Int) -> Int {
        uint16(bytes, at).map { Int(Int16(bitPattern: $0)) } ?? 0
    }

    static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32? {
        guard let high = uint16(bytes, at), let low = uint16(bytes, at + 2) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }

    static func append16(_ value: Int, to bytes: inout [UInt8]) {
        bytes += [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                  UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// OpenType's table checksum: the sum of its big-endian 32-bit words, the last padded with zeros.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < bytes.count {
            var word: UInt32 = 0
            for offset in 0..<4 { word = word << 8 | UInt32(index + offset < bytes.count ? bytes[index + offset] : 0) }
            sum &+= word
            index += 4
        }
        return sum
    }

    /// A font file of these tables, each 4-byte aligned, the directory sorted by tag, `head`'s checksum adjustment
    /// set as OpenType says.
    static func file(_ tables: [String: [UInt8]]) -> [UInt8] {
        let tags = tables.keys.sorted()
        var power = 1, log = 0
        while power * 2 <= tags.count { power *= 2; log += 1 }
        var out: [UInt8] = []
        append32(0x0001_0000, to: &out)
        append16(tags.count, to: &out)
        append16(power * 16, to: &out)
        append16(log, to: &out)
        append16(tags.count * 16 - power * 16, to: &out)
        var offset = 12 + 16 * tags.count
        var headAt: Int?
        var body: [UInt8] = []
        for tag in tags {
            var table = tables[tag]!
            if tag == "head", table.count >= 12 { table.replaceSubrange(8..<12, with: [0, 0, 0, 0]); headAt = offset }
            out += Array(tag.utf8)
            append32(checksum(table), to: &out)
            append32(UInt32(offset), to: &out)
            append32(UInt32(table.count), to: &out)
            let padding = (4 - table.count % 4) % 4
            body += table + [UInt8](repeating: 0, count: padding)
            offset += table.count + padding
        }
        out += body
        if let headAt {
            let adjustment = 0xB1B0_AFBA &- checksum(out)
            out.replaceSubrange((headAt + 8)..<(headAt + 12), with: [UInt8(adjustment >> 24), UInt8((adjustment >> 16) & 0xFF),
                                                                      UInt8((adjustment >> 8) & 0xFF), UInt8(adjustment & 0xFF)])
        }
        return out
    }
}
