/// Writes JSON deterministically: keys sorted by code point, 2-space indent, shortest round-trip numbers,
/// a trailing newline. Writing the same value twice gives the same bytes.
public enum JSONWriter {
    /// Serializes `value` in msx's canonical form.
    /// - Parameter pretty: indented (files, `--json`) or compact on one line.
    public static func string(_ value: JSONValue, pretty: Bool = true) -> String {
        var out = ""
        write(value, into: &out, indent: pretty ? 0 : nil)
        if pretty { out += "\n" }
        return out
    }

    /// `value` as it is written nested `indent` levels deep in a pretty document (no trailing newline): for a writer
    /// that puts a long document together a piece at a time.
    package static func fragment(_ value: JSONValue, indent: Int) -> String {
        var out = ""
        write(value, into: &out, indent: indent)
        return out
    }

    private static func write(_ value: JSONValue, into out: inout String, indent: Int?) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += format(n)
        case .string(let s): writeString(s, into: &out)
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "["
            let inner = indent.map { $0 + 1 }
            // Long arrays near the top (a sidecar's paragraphs, a diff's operations) are written on all cores, a
            // batch at a time so that only one batch is held twice.
            let batch = items.count >= 256 && (indent ?? 0) <= 1 ? 256 : items.count
            for start in stride(from: 0, to: items.count, by: batch) {
                let range = start..<min(items.count, start + batch)
                let written = batch < items.count
                    ? Array(items[range]).concurrentMap { item in
                        var piece = ""
                        write(item, into: &piece, indent: inner)
                        return piece
                    }
                    : nil
                for i in range {
                    if i > 0 { out += "," }
                    newline(&out, inner)
                    if let written { out += written[i - start] } else { write(items[i], into: &out, indent: inner) }
                }
            }
            newline(&out, indent)
            out += "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{"
            let keys = members.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            for (i, key) in keys.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent.map { $0 + 1 })
                writeString(key, into: &out)
                out += indent == nil ? ":" : ": "
                write(members[key]!, into: &out, indent: indent.map { $0 + 1 })
            }
            newline(&out, indent)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: Int?) {
        guard let indent else { return }
        out += "\n"
        out += String(repeating: "  ", count: indent)
    }

    /// Integral values print without a fraction; others in Swift's shortest round-trip form.
    package static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 9_007_199_254_740_992 {
            return String(Int64(n))
        }
        return "\(n)"
    }

    private static func writeString(_ s: String, into out: inout String) {
        out += "\""
        // Most strings need no escape: copy them whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
