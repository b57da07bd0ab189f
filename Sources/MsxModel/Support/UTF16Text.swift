/// Offsets in msx count UTF-16 code units, as NSRange does. These helpers convert and widen ranges.
extension String {
    /// The number of UTF-16 code units.
    var utf16Length: Int { utf16.count }

    /// The substring between two UTF-16 offsets (clamped to the string).
    package func utf16Slice(_ start: Int, _ end: Int) -> String {
        let u = utf16
        let lower = u.index(u.startIndex, offsetBy: max(0, min(start, u.count)))
        let upper = u.index(u.startIndex, offsetBy: max(0, min(end, u.count)))
        guard lower < upper else { return "" }
        return String(self[lower..<upper])
    }

    /// Widens a UTF-16 range so it neither splits a surrogate pair nor a grapheme cluster.
    func widenedToGraphemes(_ range: Range<Int>) -> Range<Int> {
        var start = 0
        var lower = range.lowerBound
        var upper = range.upperBound
        for character in self {
            let end = start + character.utf16.count
            if start < range.lowerBound && range.lowerBound < end { lower = start }
            if start < range.upperBound && range.upperBound < end { upper = end }
            if start >= range.upperBound { break }
            start = end
        }
        return lower..<upper
    }

    /// All UTF-16 offsets where `needle` occurs, non-overlapping, in order.
    func utf16Occurrences(of needle: String) -> [Int] {
        let hay = Array(utf16)
        let pat = Array(needle.utf16)
        guard !pat.isEmpty, pat.count <= hay.count else { return [] }
        var result: [Int] = []
        var i = 0
        let first = pat[0]
        while i <= hay.count - pat.count {
            if hay[i] == first && hay[i..<(i + pat.count)].elementsEqual(pat) {
                result.append(i)
                i += pat.count
            } else {
                i += 1
            }
        }
        return result
    }
}

/// Text from UTF-16 units, transcoded to UTF-8 in one pass: the standard library's `String(decoding:as: UTF16.self)`
/// goes through a general transcoder a scalar at a time, too slow for slicing every run and paragraph of a diff.
package enum UTF16Text {
    /// The UTF-16 code units of `text`, transcoded from its UTF-8 in one pass: `Array(text.utf16)` walks a string
    /// with any non-ASCII character in it a scalar at a time through string indices, far slower than one pass.
    /// Eight bytes at a time are widened when all are ASCII, as most of a manuscript's are.
    package static func units(_ text: String) -> [UInt16] {
        var text = text
        return text.withUTF8 { bytes in
            let count = count(bytes)
            return [UInt16](unsafeUninitializedCapacity: count) { out, initialized in
                var i = 0, o = 0
                while i < bytes.count {
                    if i + 8 <= bytes.count {
                        let eight = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: SIMD8<UInt8>.self)
                        if unsafeBitCast(eight, to: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                            UnsafeMutableRawPointer(out.baseAddress! + o).storeBytes(of: SIMD8<UInt16>(truncatingIfNeeded: eight), as: SIMD8<UInt16>.self)
                            (i, o) = (i + 8, o + 8)
                            continue
                        }
                    }
                    let lead = UInt32(bytes[i])
                    func continuation(_ k: Int) -> UInt32 { UInt32(bytes[i + k] & 0x3F) }
                    switch lead {
                    case ..<0x80:
                        out[o] = UInt16(lead)
                        (i, o) = (i + 1, o + 1)
                    case ..<0xE0:
                        out[o] = UInt16((lead & 0x1F) << 6 | continuation(1))
                        (i, o) = (i + 2, o + 1)
                    case ..<0xF0:
                        out[o] = UInt16((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2))
                        (i, o) = (i + 3, o + 1)
                    default:
                        let beyond = ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3)) - 0x10000
                        out[o] = UInt16(0xD800 + beyond >> 10)
                        out[o + 1] = UInt16(0xDC00 + beyond & 0x3FF)
                        (i, o) = (i + 4, o + 2)
                    }
                }
                initialized = o
            }
        }
    }

    /// How many UTF-16 units `text` has, counted over its UTF-8: `text.utf16.count` builds an index of the string
    /// (breadcrumbs) on first use when it holds any non-ASCII character, work a diff does not need.
    package static func count(_ text: String) -> Int {
        var text = text
        return text.withUTF8(count)
    }

    /// The UTF-16 length of valid UTF-8. Every scalar is one unit but those of four UTF-8 bytes, which are two;
    /// continuation bytes count none. Eight bytes at a time are let through when all are ASCII (one unit each), as
    /// most of a manuscript's are.
    package static func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = bytes.count
        var i = 0
        while i < bytes.count {
            if i + 8 <= bytes.count,
                UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let byte = bytes[i]
            if byte & 0xC0 == 0x80 { count -= 1 } else if byte >= 0xF0 { count += 1 }
            i += 1
        }
        return count
    }

    /// The string of `units` (an array or a slice of one); a lone surrogate becomes U+FFFD.
    package static func string<Units: Collection<UInt16>>(_ units: Units) -> String {
        units.withContiguousStorageIfAvailable(string) ?? Array(units).withUnsafeBufferPointer(string)
    }

    /// The string of `units`; a lone surrogate becomes U+FFFD, as `String(decoding:as:)` makes it.
    package static func string(_ units: UnsafeBufferPointer<UInt16>) -> String {
        // The exact length first: a string keeps the capacity it was made with (a diff holds a million of them).
        var length = 0
        var k = 0
        while k < units.count {
            let unit = units[k]
            if unit < 0x80 {
                length += 1
            } else if unit < 0x800 {
                length += 2
            } else if UTF16.isLeadSurrogate(unit), k + 1 < units.count, UTF16.isTrailSurrogate(units[k + 1]) {
                length += 4
                k += 1
            } else {
                length += 3
            }
            k += 1
        }
        return String(unsafeUninitializedCapacity: length) { out in
            var o = 0
            var i = 0
            func put(_ scalar: UInt32) {
                switch scalar {
                case ..<0x80:
                    out[o] = UInt8(scalar)
                    o += 1
                case ..<0x800:
                    out[o] = UInt8(0xC0 | scalar >> 6)
                    out[o + 1] = UInt8(0x80 | scalar & 0x3F)
                    o += 2
                case ..<0x10000:
                    out[o] = UInt8(0xE0 | scalar >> 12)
                    out[o + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    out[o + 2] = UInt8(0x80 | scalar & 0x3F)
                    o += 3
                default:
                    out[o] = UInt8(0xF0 | scalar >> 18)
                    out[o + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                    out[o + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    out[o + 3] = UInt8(0x80 | scalar & 0x3F)
                    o += 4
                }
            }
            while i < units.count {
                let unit = units[i]
                if UTF16.isLeadSurrogate(unit), i + 1 < units.count, UTF16.isTrailSurrogate(units[i + 1]) {
                    put(0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(units[i + 1]) - 0xDC00))
                    i += 2
                } else {
                    put(UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) ? 0xFFFD : UInt32(unit))
                    i += 1
                }
            }
            return o
        }
    }
}

/// Cuts a string at UTF-16 offsets, forwards, into substrings that look into it rather than copy it. A cut between
/// the two halves of a surrogate pair is no place in the string: a range with one is copied, each half read as
/// U+FFFD (as `Context.slice` reads it).
package struct UTF16Slicer {
    private let text: String
    /// The string's length in UTF-16 units.
    private let count: Int
    /// The last place found, as a UTF-16 offset and the UTF-8 offset of the same place.
    private var unit = 0, byte = 0

    /// Reads the string's UTF-8 in place: no UTF-16 copy of it is made (a document's every paragraph is cut so).
    /// - Parameter count: the string's length in UTF-16 units, when the caller has it (counting reads the string).
    package init(_ text: String, count: Int? = nil) {
        self.text = text
        self.count = count ?? UTF16Text.count(text)
    }

    /// The characters between two UTF-16 offsets (clamped to the string). Cheapest when ranges come in order; the
    /// string's ends are known without reading it (a paragraph of one run is cut from end to end).
    package mutating func slice(_ range: Range<Int>) -> Substring {
        let lower = max(0, min(range.lowerBound, count)), upper = max(lower, min(range.upperBound, count))
        guard let start = lower == 0 ? text.startIndex : index(at: lower),
              let end = upper == count ? text.endIndex : index(at: upper) else {
            return Substring(Context.slice(UTF16Text.units(text), lower, upper))
        }
        return text[start..<end]
    }

    /// The string index at a UTF-16 offset, or nil inside a surrogate pair.
    private mutating func index(at offset: Int) -> String.Index? {
        if offset < unit { (unit, byte) = (0, 0) }
        var copy = text
        let found = copy.withUTF8 { bytes -> Bool in
            while unit < offset {
                // Eight ASCII bytes are eight units.
                if offset - unit >= 8, byte + 8 <= bytes.count,
                    UnsafeRawPointer(bytes.baseAddress! + byte).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    (unit, byte) = (unit + 8, byte + 8)
                    continue
                }
                let lead = bytes[byte]
                if lead < 0x80 {
                    (unit, byte) = (unit + 1, byte + 1)
                } else if lead < 0xE0 {
                    (unit, byte) = (unit + 1, byte + 2)
                } else if lead < 0xF0 {
                    (unit, byte) = (unit + 1, byte + 3)
                } else {
                    // Four bytes, two units: a surrogate pair, which no offset may split.
                    if unit + 1 == offset { return false }
                    (unit, byte) = (unit + 2, byte + 4)
                }
            }
            return true
        }
        // The index is the string's own (the copy is only read): `slice` cuts the string with it.
        return found ? text.utf8.index(text.utf8.startIndex, offsetBy: byte) : nil
    }
}
