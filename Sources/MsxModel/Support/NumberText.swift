/// Numbers as a writer reads them in English: 12,345 (the same on every machine, whatever its locale).
public enum NumberText {
    public static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var out = number < 0 ? "-" : ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}
