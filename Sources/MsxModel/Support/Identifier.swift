/// Binder and project ids: 12 lowercase hex digits (48 random bits), never reused within a project.
public enum Identifier {
    /// A fresh id not in `taken`.
    public static func make(avoiding taken: Set<String>) -> String {
        var generator = SystemRandomNumberGenerator()
        while true {
            let value = generator.next() & 0xFFFF_FFFF_FFFF
            let hex = String(value, radix: 16)
            let id = String(repeating: "0", count: 12 - hex.count) + hex
            if !taken.contains(id) { return id }
        }
    }

    /// Whether `text` has the shape of an id.
    public static func isValid(_ text: String) -> Bool {
        text.count == 12 && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }
}
