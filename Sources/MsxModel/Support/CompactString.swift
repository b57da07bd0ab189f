extension String {
    /// The same text in storage of its own size: a string built by appending keeps the room it grew into.
    package var compacted: String {
        var text = self
        return text.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { out in
                UnsafeMutableRawBufferPointer(out).copyMemory(from: UnsafeRawBufferPointer(bytes))
                return bytes.count
            }
        }
    }
}
