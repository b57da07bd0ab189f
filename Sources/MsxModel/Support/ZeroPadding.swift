extension String {
    /// A whole number of at least `width` characters, zeros after the sign: "%04d" or "%016llx" without
    /// Foundation's formatter, which is costly on every line of a log.
    package init<Value: BinaryInteger>(_ value: Value, radix: Int = 10, width: Int) {
        let digits = String(value.magnitude, radix: radix)
        let sign = value < 0 ? "-" : ""
        self = sign + String(repeating: "0", count: Swift.max(0, width - sign.count - digits.count)) + digits
    }
}
