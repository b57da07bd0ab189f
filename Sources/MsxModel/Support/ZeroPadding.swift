extension String {
    /// A whole number of at least `width` digits, zeros in front: "%04d" or "%016llx" without Foundation's
    /// formatter, which costs a log tens of thousands of instructions per line. `value` is not negative.
    public init<Value: BinaryInteger>(_ value: Value, radix: Int = 10, width: Int) {
        let digits = String(value, radix: radix)
        self = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
