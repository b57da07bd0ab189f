/// SHA-1 (FIPS 180-4) without collision detection, and HMAC-SHA-1: for the checksum git ends its index file with
/// (`GitIndexFile`), which guards against a damaged file, not against an attacker (libgit2 checks it with collision
/// detection, which costs far more), and for hashed known_hosts names (OpenSSH's `HashKnownHosts`). Nothing else.
enum SHA1 {
    /// The 20-byte digest of `message`.
    static func digest(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { schedule in
            let whole = message.count / 64 * 64
            for block in stride(from: 0, to: whole, by: 64) {
                compress(UnsafeRawBufferPointer(rebasing: message[block..<(block + 64)]), &state, schedule.baseAddress!)
            }
            // The rest, a 1 bit, zeros, and the message's length in bits: one block or two.
            var tail = [UInt8](message[whole...])
            tail.append(0x80)
            while tail.count % 64 != 56 { tail.append(0) }
            let bits = UInt64(message.count) &* 8
            for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
            tail.withUnsafeBytes { bytes in
                for block in stride(from: 0, to: bytes.count, by: 64) {
                    compress(UnsafeRawBufferPointer(rebasing: bytes[block..<(block + 64)]), &state, schedule.baseAddress!)
                }
            }
        }
        var digest: [UInt8] = []
        digest.reserveCapacity(20)
        for word in [state.0, state.1, state.2, state.3, state.4] {
            for shift in stride(from: 24, through: 0, by: -8) { digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
        }
        return digest
    }

    /// One 64-byte block into `state`, with `w` as room for the 80-word message schedule.
    private static func compress(_ block: UnsafeRawBufferPointer, _ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32),
                                 _ w: UnsafeMutablePointer<UInt32>) {
        for i in 0..<16 { w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)) }
        for i in 16..<80 { w[i] = rotate(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
        var (a, b, c, d, e) = state
        // Four runs of twenty rounds, each written out: a shared round function that captured the five words was
        // slower.
        for i in 0..<20 {
            let next = rotate(a, 5) &+ ((b & c) | (~b & d)) &+ e &+ 0x5A82_7999 &+ w[i]
            (e, d, c, b, a) = (d, c, rotate(b, 30), a, next)
        }
        for i in 20..<40 {
            let next = rotate(a, 5) &+ (b ^ c ^ d) &+ e &+ 0x6ED9_EBA1 &+ w[i]
            (e, d, c, b, a) = (d, c, rotate(b, 30), a, next)
        }
        for i in 40..<60 {
            let next = rotate(a, 5) &+ ((b & c) | (b & d) | (c & d)) &+ e &+ 0x8F1B_BCDC &+ w[i]
            (e, d, c, b, a) = (d, c, rotate(b, 30), a, next)
        }
        for i in 60..<80 {
            let next = rotate(a, 5) &+ (b ^ c ^ d) &+ e &+ 0xCA62_C1D6 &+ w[i]
            (e, d, c, b, a) = (d, c, rotate(b, 30), a, next)
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }

    /// HMAC (RFC 2104) over SHA-1.
    static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > 64 ? key.withUnsafeBytes(digest) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = (block.map { $0 ^ 0x36 } + message).withUnsafeBytes(digest)
        return (block.map { $0 ^ 0x5C } + inner).withUnsafeBytes(digest)
    }

    private static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x << n | x >> (32 - n) }
}
