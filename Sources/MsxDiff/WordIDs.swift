import MsxModel

/// Numbers the words two texts are compared on, the same number for the same units, so that the comparison
/// (`MyersDiff.diff(ids:_:)`) compares numbers.
struct WordIDs {
    private var ids: [ArraySlice<UInt16>: Int] = [:]

    /// The number of `key`, given the first time it is seen.
    mutating func id(_ key: ArraySlice<UInt16>) -> Int {
        if let id = ids[key] { return id }
        let id = ids.count
        ids[key] = id
        return id
    }
}
