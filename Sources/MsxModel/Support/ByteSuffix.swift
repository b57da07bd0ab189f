import Foundation

extension String {
    /// Whether the text ends with `suffix`, byte for byte: for file names and extensions, read in loops over every
    /// file of a project, where `hasSuffix` compares characters and costs many times more.
    package func hasByteSuffix(_ suffix: StaticString) -> Bool {
        var text = self
        let count = suffix.utf8CodeUnitCount
        guard count > 0 else { return true }
        return text.withUTF8 { bytes in
            // memcmp: the generic comparison of two buffers cost ten times the bytes compared.
            bytes.count >= count && memcmp(bytes.baseAddress! + (bytes.count - count), suffix.utf8Start, count) == 0
        }
    }
}
