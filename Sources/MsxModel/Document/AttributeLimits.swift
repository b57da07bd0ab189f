/// The values msx accepts for its numeric attributes: what `format` takes and what a sidecar, a style or the
/// manifest's defaults may hold. A value outside them is refused with a one-line error, never written, and never
/// reaches a writer (a first-line indent of 1e300 points has no place on a page).
public struct AttributeLimit: Sendable {
    /// What the writer calls the attribute ("first-line indent").
    public let name: String
    /// The values allowed, in the attribute's unit.
    public let range: ClosedRange<Double>
    /// Whether the lower bound itself is refused (a font size of 0 points).
    public let excludesLowerBound: Bool
    /// The unit, for messages ("points"), or "" for a plain number.
    public let unit: String

    /// The largest length on a page: 22 inches, Word's limit for indents and spacing.
    public static let longestLength = 1_584.0

    /// Whether `number` is allowed.
    public func allows(_ number: Double) -> Bool {
        number.isFinite && range.contains(number) && !(excludesLowerBound && number == range.lowerBound)
    }

    /// What is allowed, as the end of a sentence: "between -1584 and 1584 points".
    public var expectation: String {
        let low = Self.shown(range.lowerBound), high = Self.shown(range.upperBound)
        let bounds = excludesLowerBound ? "above \(low) and at most \(high)" : "between \(low) and \(high)"
        return unit.isEmpty ? bounds : "\(bounds) \(unit)"
    }

    private static func shown(_ number: Double) -> String {
        number == number.rounded() ? String(Int(number)) : String(number)
    }
}

extension AttributeKey {
    /// The limit of each numeric attribute (`tabStops`: of each of its stops).
    public static let limits: [AttributeKey: AttributeLimit] = {
        let length = AttributeLimit.longestLength
        func points(_ name: String, from low: Double = 0, excludingLow: Bool = false) -> AttributeLimit {
            AttributeLimit(name: name, range: low...length, excludesLowerBound: excludingLow, unit: "points")
        }
        return [
            .fontSize: AttributeLimit(name: "font size", range: 0...1_000, excludesLowerBound: true, unit: "points"),
            .firstLineHeadIndent: points("first-line indent", from: -length),
            .headIndent: points("left indent", from: -length),
            .tailIndent: points("right indent", from: -length),
            .lineHeightMultiple: AttributeLimit(name: "line height", range: 0...10, excludesLowerBound: true, unit: ""),
            .lineSpacing: points("line spacing"),
            .minimumLineHeight: points("minimum line height"),
            .maximumLineHeight: points("maximum line height"),
            .paragraphSpacingBefore: points("space before"),
            .paragraphSpacing: points("space after"),
            .tabStops: points("tab stop"),
        ]
    }()

    /// What this attribute's value must be ("a number between 0 and 1584 points") when `value` is not that, or nil
    /// when it is (also for attributes with no numeric limit, and for `null`, which removes one).
    public func unmetExpectation(by value: JSONValue) -> String? {
        guard let limit = Self.limits[self], value != .null else { return nil }
        if self == .tabStops {
            guard case .array(let stops) = value, stops.allSatisfy({ $0.numberValue.map(limit.allows) ?? false }) else {
                return "an array of tab stops \(limit.expectation)"
            }
            return nil
        }
        guard let number = value.numberValue, limit.allows(number) else { return "a number \(limit.expectation)" }
        return nil
    }
}

extension AttributeLimit {
    /// `number` brought within the limit, or nil when it has no place in it (not finite, or the excluded bound).
    func clamped(_ number: Double) -> Double? {
        guard number.isFinite else { return nil }
        let inside = Swift.min(Swift.max(number, range.lowerBound), range.upperBound)
        return allows(inside) ? inside : nil
    }
}

extension Dictionary where Key == AttributeKey, Value == JSONValue {
    /// These attributes with every numeric value brought within its limit (a value with no place in it, and a
    /// tab stop outside the page, left out): for formatting read from another program's files.
    public func clampedToLimits() -> Attributes {
        var result = self
        for (key, value) in self {
            guard let limit = AttributeKey.limits[key], value != .null else { continue }
            if case .array(let stops) = value, key == .tabStops {
                result[key] = .array(stops.compactMap { $0.numberValue.flatMap(limit.clamped).map(JSONValue.number) })
            } else {
                result[key] = value.numberValue.flatMap(limit.clamped).map(JSONValue.number)
            }
        }
        return result
    }

    /// The first attribute (in key order) whose value is out of its limits, and what it must be.
    public func firstOutOfLimits() -> (key: AttributeKey, expected: String)? {
        for key in keys.sorted() {
            if let expected = key.unmetExpectation(by: self[key]!) { return (key, expected) }
        }
        return nil
    }
}
