extension Unicode.Scalar {
    /// Whether the scalar is a character of its own, whatever stands next to it: Latin letters and accents before the
    /// combining marks (below U+0300) and general punctuation (’ “ — …), each one UTF-16 unit. CR and LF make one
    /// character together, but both are white space. Text made only of such scalars can be read scalar by scalar with
    /// the results of reading it character by character, without the cost of finding grapheme boundaries.
    package var standsAlone: Bool {
        switch value {
        case 0..<0x300, 0x2010...0x2027, 0x2030...0x205E: true
        default: false
        }
    }
}
