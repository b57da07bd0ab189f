/// Numbers the words two texts are compared on, the same number for the same units, so that the comparison
/// (`MyersDiff.diff(ids:_:)`) compares numbers. (Beside `UnitRunTable`, so that its table is compiled for UTF-16
/// units here rather than looked up generically from the word diff's module.)
package struct WordIDs {
    private var table = UnitRunTable<UInt16>()

    package init() {}

    /// The number of `word`, given the first time it is seen.
    package mutating func id(_ word: ArraySlice<UInt16>) -> Int {
        word.withUnsafeBufferPointer { word in
            let next = table.count
            return table.value(for: word, orAdd: next)
        }
    }
}
