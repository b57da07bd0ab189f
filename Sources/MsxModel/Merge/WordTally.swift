/// How often each word stands in some lines, counted over their UTF-8 bytes (a word: letters, digits and any byte
/// of a character beyond ASCII), each word known by a 64-bit hash: a check over a whole chapter that allocates
/// nothing per word.
struct WordTally {
    private(set) var counts: [UInt64: Int] = [:]

    /// Counts the words of `line`, `times` over.
    mutating func add(_ line: ByteLine, _ times: Int) {
        guard times > 0 else { return }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325, inWord = false
        for byte in line.bytes {
            let isWord = byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
            if isWord {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
                inWord = true
            } else if inWord {
                counts[hash, default: 0] += times
                (hash, inWord) = (0xcbf2_9ce4_8422_2325, false)
            }
        }
        if inWord { counts[hash, default: 0] += times }
    }

    /// Whether `merged` holds a word more often than the base and both sides' additions of it give: a passage
    /// doubled (nothing either side wrote is there twice).
    static func doubles(_ merged: WordTally, base: WordTally, ours: WordTally, theirs: WordTally) -> Bool {
        merged.counts.contains { word, count in
            let kept = base.counts[word, default: 0]
            return count > kept + max(0, ours.counts[word, default: 0] - kept) + max(0, theirs.counts[word, default: 0] - kept)
        }
    }
}
