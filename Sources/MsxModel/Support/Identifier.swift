/// Binder and project ids: 12 lowercase hex digits (48 bits), never reused within a project.
public enum Identifier {
    /// Ids drawn from a seed: the same seed gives the same ids, so a dry run can show the ids the real run will
    /// use. The seed should name everything the ids must differ by (the project's state, the machine, the input).
    public struct Sequence {
        private var state: UInt64

        /// - Parameter parts: the seed's parts, hashed in order (FNV-1a, with a separator after each part).
        public init(seed parts: [String]) {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for part in parts {
                for byte in part.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
                hash = (hash ^ 0x1F) &* 0x0000_0100_0000_01b3
            }
            state = hash
        }

        /// The next id not in `taken` (SplitMix64 steps).
        public mutating func next(avoiding taken: Set<String>) -> String {
            while true {
                state &+= 0x9e37_79b9_7f4a_7c15
                var z = state
                z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
                z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
                z ^= z >> 31
                let id = Identifier.hex(z & 0xFFFF_FFFF_FFFF)
                if !taken.contains(id) { return id }
            }
        }
    }

    /// A fresh id not in `taken`.
    public static func make(avoiding taken: Set<String>) -> String {
        var generator = SystemRandomNumberGenerator()
        while true {
            let id = hex(generator.next() & 0xFFFF_FFFF_FFFF)
            if !taken.contains(id) { return id }
        }
    }

    /// A 48-bit value as 12 hex digits.
    private static func hex(_ value: UInt64) -> String {
        String(value, radix: 16, width: 12)
    }

    /// Whether `text` has the shape of an id.
    public static func isValid(_ text: String) -> Bool {
        text.count == 12 && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }
}
