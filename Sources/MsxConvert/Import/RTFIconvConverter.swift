#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One iconv conversion from a legacy encoding to Unicode scalars. The handle is closed when the converter goes.
final class RTFIconvConverter {
    private let handle: iconv_t

    /// A converter from `encoding` (an iconv name such as "CP1251"), or nil when iconv does not know it.
    init?(encoding: String) {
        guard let handle = iconv_open("UTF-32LE", encoding), Int(bitPattern: handle) != -1 else { return nil }
        self.handle = handle
    }

    deinit { iconv_close(handle) }

    /// Decodes `bytes`, giving U+FFFD for each byte iconv cannot read.
    func decode(_ bytes: [UInt8], into scalars: inout [Unicode.Scalar]) {
        var input = bytes.map { CChar(bitPattern: $0) }
        var output = [UInt32](repeating: 0, count: bytes.count + 4)
        input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                var inputPointer = inputBuffer.baseAddress
                var inputLeft = inputBuffer.count
                while inputLeft > 0 {
                    var outputPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outputBuffer.baseAddress!)
                        .assumingMemoryBound(to: CChar.self)
                    var outputLeft = outputBuffer.count * 4
                    let result = iconv(handle, &inputPointer, &inputLeft, &outputPointer, &outputLeft)
                    let produced = (outputBuffer.count * 4 - outputLeft) / 4
                    for value in outputBuffer[0..<produced] { scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}") }
                    guard result == -1, inputLeft > 0, errno != E2BIG else { continue }
                    scalars.append("\u{FFFD}")
                    inputPointer = inputPointer.map { $0 + 1 }
                    inputLeft -= 1
                    iconv(handle, nil, nil, nil, nil)
                }
            }
        }
    }
}
