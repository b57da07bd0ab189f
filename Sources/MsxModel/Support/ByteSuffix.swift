extension String {
    /// Whether the text ends with `suffix`, byte for byte: for file names and extensions, read in loops over every
    /// file of a project, where `hasSuffix` compares characters and costs many times more.
    package func hasByteSuffix(_ suffix: StaticString) -> Bool {
        var text = self
        return text.withUTF8 { bytes in
            suffix.withUTF8Buffer { wanted in
                bytes.count >= wanted.count && UnsafeBufferPointer(rebasing: bytes[(bytes.count - wanted.count)...]).elementsEqual(wanted)
            }
        }
    }
}
