extension String {
    /// Whether the text ends with `suffix`, byte for byte: for file names and extensions, read in loops over every
    /// file of a project, where `hasSuffix` compares characters and costs many times more.
    package func hasByteSuffix(_ suffix: StaticString) -> Bool {
        var text = self
        return text.withUTF8 { bytes in
            let count = suffix.utf8CodeUnitCount
            guard bytes.count >= count else { return false }
            return UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[(bytes.count - count)...])
                .elementsEqual(UnsafeRawBufferPointer(start: suffix.utf8Start, count: count))
        }
    }
}
