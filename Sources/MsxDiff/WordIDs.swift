import MsxModel

/// Numbers the words two texts are compared on, the same number for the same units, so that the comparison
/// (`MyersDiff.diff(ids:_:)`) compares numbers.
struct WordIDs {
    /// A word's units with their hash worked out once (a dictionary would otherwise hash them unit by unit).
    private struct Key: Hashable {
        let units: ArraySlice<UInt16>
        let hash: UInt64

        init(_ units: ArraySlice<UInt16>) {
            self.units = units
            hash = units.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        }

        static func == (a: Key, b: Key) -> Bool { a.hash == b.hash && a.units == b.units }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    private var ids: [Key: Int] = [:]

    /// The number of `word`, given the first time it is seen.
    mutating func id(_ word: ArraySlice<UInt16>) -> Int {
        let key = Key(word)
        if let id = ids[key] { return id }
        let id = ids.count
        ids[key] = id
        return id
    }
}
