/// Numbers words, one number for words equal as Strings are (a composed é and e with a combining accent are one
/// word), without making a string of every word read: a word's bytes are looked up first (equal bytes are equal
/// strings), and its string is made, and numbered by equality, only the first time those bytes are met. Counting
/// or comparing words by number then costs what reading them costs, where a dictionary of strings hashed each one.
package struct WordNumbers {
    private var byBytes = UnitRunTable<UInt8>()
    private var byString: [String: Int] = [:]

    package init() {}

    /// How many numbers were given: the distinct words met, by String equality.
    package var count: Int { byString.count }

    /// The number of the word whose UTF-8 bytes these are.
    package mutating func number(ofBytes word: UnsafeBufferPointer<UInt8>) -> Int {
        if let number = byBytes.value(for: word) { return number }
        let number = number(String(decoding: word, as: UTF8.self))
        byBytes.add(word, value: number)
        return number
    }

    /// The number of `word`: the one a String equal to it was given, else the next.
    package mutating func number(_ word: String) -> Int {
        if let number = byString[word] { return number }
        byString[word] = byString.count
        return byString.count - 1
    }
}
