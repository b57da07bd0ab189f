/// Writes JSON deterministically: keys sorted by code point, 2-space indent, shortest round-trip numbers,
/// a trailing newline. Writing the same value twice gives the same bytes.
public enum JSONWriter {
    /// Serializes `value` in msx's canonical form.
    /// - Parameter pretty: indented (files, `--json`) or compact on one line.
    public static func string(_ value: JSONValue, pretty: Bool = true) -> String {
        var out: [UInt8] = []
        write(value, into: &out, indent: pretty ? 0 : nil)
        if pretty { out.append(0x0A) }
        return String(decoding: out, as: UTF8.self)
    }

    /// `value` as it is written nested `indent` levels deep in a pretty document (no trailing newline): for a writer
    /// that puts a long document together a piece at a time.
    package static func fragment(_ value: JSONValue, indent: Int) -> String {
        var out: [UInt8] = []
        write(value, into: &out, indent: indent)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `value`'s UTF-8 bytes, as `fragment` writes it, to `out`.
    package static func append(_ value: JSONValue, indent: Int, to out: inout [UInt8]) {
        write(value, into: &out, indent: indent)
    }

    // Written as UTF-8 bytes, turned into a String once: appending to a String piece by piece cost more than
    // everything else `tree --json` does.
    private static func write(_ value: JSONValue, into out: inout [UInt8], indent: Int?) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): out.append(contentsOf: format(n).utf8)
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            guard !items.isEmpty else { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            let inner = indent.map { $0 + 1 }
            // Long arrays near the top (a sidecar's paragraphs, a diff's operations) are written on all cores, a
            // batch at a time so that only one batch is held twice.
            let batch = items.count >= 256 && (indent ?? 0) <= 1 ? 256 : items.count
            for start in stride(from: 0, to: items.count, by: batch) {
                let range = start..<min(items.count, start + batch)
                let written = batch < items.count
                    ? Array(items[range]).concurrentMap { item in
                        var piece: [UInt8] = []
                        write(item, into: &piece, indent: inner)
                        return piece
                    }
                    : nil
                for i in range {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    newline(&out, inner)
                    if let written { out.append(contentsOf: written[i - start]) } else { write(items[i], into: &out, indent: inner) }
                }
            }
            newline(&out, indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            let inner = indent.map { $0 + 1 }
            // The members are put in order by their keys' first eight bytes, as integers, and by the whole key only
            // where those are equal: sorting the members themselves cost more than writing them.
            let members = Array(members)
            var order = members.indices.map { (rank: leadingBytes(members[$0].key), index: $0) }
            order.sort { $0.rank != $1.rank ? $0.rank < $1.rank : codePointOrder(members[$0.index].key, members[$1.index].key) }
            for (i, position) in order.enumerated() {
                let member = members[position.index]
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, inner)
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if indent != nil { out.append(UInt8(ascii: " ")) }
                write(member.value, into: &out, indent: inner)
            }
            newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// The first eight UTF-8 bytes of `key` as a big-endian integer, zero-padded: when two keys' integers differ,
    /// they are in the keys' code point order.
    private static func leadingBytes(_ key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { bytes in
            var rank: UInt64 = 0
            for i in 0..<8 { rank = rank << 8 | (i < bytes.count ? UInt64(bytes[i]) : 0) }
            return rank
        }
    }

    /// Whether `a` comes before `b` by code point: UTF-8's byte order is code point order.
    private static func codePointOrder(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                for i in 0..<min(x.count, y.count) where x[i] != y[i] { return x[i] < y[i] }
                return x.count < y.count
            }
        }
    }

    /// A line break and the indentation of `indent` levels (nothing in the compact form, `indent` nil): for a writer
    /// that writes an object's members itself, as this one would.
    package static func newline(_ out: inout [UInt8], _ indent: Int?) {
        guard let indent else { return }
        out.append(0x0A)
        if 2 * indent <= spaces.count {
            out.append(contentsOf: spaces[..<(2 * indent)])
        } else {
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
        }
    }

    /// Indentation copied whole rather than a space at a time.
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// Integral values print without a fraction; others in Swift's shortest round-trip form.
    package static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 9_007_199_254_740_992 {
            return String(Int64(n))
        }
        return "\(n)"
    }

    /// `s` quoted and escaped as JSON.
    package static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings need no escape: copy them whole, looking at their bytes in place.
        var s = s
        let plain = s.withUTF8 { bytes in
            guard JSONByteRuns.plainStringEnd(in: bytes, from: 0) == bytes.count else { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if plain {
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
