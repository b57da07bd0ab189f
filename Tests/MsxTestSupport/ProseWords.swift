/// Words for property tests that follow words through edits: each one different, pronounceable, and as unlike the
/// others as prose's words are. Character alignment pairs edited paragraphs by the character sequences they share,
/// so words like `word1` ... `word33`, which share most of theirs, are a worst case no writer produces.
public enum ProseWords {
    /// How many different words there are.
    public static let count = 343_000

    /// The `n`th word (`n` below `count`): three syllables, `n` scrambled first so that neighbours share none.
    public static func word(_ n: Int) -> String {
        let (consonants, vowels) = (Array("bdfgklmnprstvz"), Array("aeiou"))
        let syllables = consonants.count * vowels.count
        var rest = n * 104_729 % count  // a bijection: 104,729 is prime to 70^3
        var word = ""
        for _ in 0..<3 {
            word += String([consonants[rest % consonants.count], vowels[rest / consonants.count % vowels.count]])
            rest /= syllables
        }
        return word
    }
}
