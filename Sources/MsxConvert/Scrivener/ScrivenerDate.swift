import Foundation

/// Scrivener's dates: `2021-08-31 10:03:13 +0100` in the binder and snapshot indexes, `2021-08-31-10-03-13+0100`
/// in a snapshot's file name; local time with its offset from UTC.
public struct ScrivenerDate: Sendable, Equatable, Comparable {
    public var date: Date
    /// Minutes east of UTC where it was written.
    public var offsetMinutes: Int

    /// The date in either form, or nil.
    public init?(_ text: String) {
        let digits = text.split { !$0.isNumber && $0 != "+" && $0 != "-" }
        // Either "2021-08-31", "10:03:13", "+0100" or the file name's one run "2021-08-31-10-03-13+0100".
        let joined = digits.joined(separator: "-")
        let fields = joined.split(whereSeparator: { $0 == "-" || $0 == "+" })
        guard fields.count >= 7, let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]),
              let hour = Int(fields[3]), let minute = Int(fields[4]), let second = Int(fields[5]), fields[6].count == 4,
              let zone = Int(fields[6]) else { return nil }
        let negative = joined.dropFirst(joined.count - 5).first == "-"
        offsetMinutes = (negative ? -1 : 1) * (zone / 100 * 60 + zone % 100)
        var components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        components.timeZone = TimeZone(secondsFromGMT: offsetMinutes * 60)
        guard let date = Calendar(identifier: .gregorian).date(from: components) else { return nil }
        self.date = date
    }

    /// The snapshot file name Scrivener gives a snapshot taken at `text` (`… +0100` → `…-10-03-13+0100.rtf`).
    static func snapshotFileName(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " +", with: "+").replacingOccurrences(of: " -", with: "-")
            .replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: ":", with: "-") + ".rtf"
    }

    /// The day part (`2021-08-31`) of a date in the binder's form, when it reads as one.
    static func isoDay(_ text: String) -> String? {
        guard ScrivenerDate(text) != nil else { return nil }
        return String(text.prefix(10))
    }

    /// The day and time where it was written, as messages name a snapshot (`2021-08-31 10:03`).
    public var written: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: offsetMinutes * 60)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    public static func < (a: ScrivenerDate, b: ScrivenerDate) -> Bool { a.date < b.date }
}
