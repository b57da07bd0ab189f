import Foundation
import MsxModel

/// Dates as msx reads and writes them: a command's date arguments (YYYY-MM-DD in local time, or ISO 8601), and a
/// version's date as text shows it and as JSON gives it, where the version was made.
public enum DateText {
    /// The moment `text` names (the day's last second with `endOfDay`).
    public static func seconds(_ text: String, endOfDay: Bool) throws -> Int64 {
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.dateFormat = "yyyy-MM-dd"
        if let date = day.date(from: text) {
            return Int64(date.timeIntervalSince1970) + (endOfDay ? 86_399 : 0)
        }
        if let date = ISO8601DateFormatter().date(from: text) { return Int64(date.timeIntervalSince1970) }
        throw MsxError(.invalidDate, "'\(text)' is not a date like 2026-11-01")
    }

    /// "2026-11-02 18:40" where the version was made (`offsetMinutes` east of UTC), as git shows a commit's date; in
    /// the writer's time zone when no offset is known (nil). The C library's calendar and no C format: no formatter
    /// is built per line.
    public static func display(_ seconds: Int64, offsetMinutes: Int? = nil) -> String {
        guard let parts = parts(seconds, offsetMinutes: offsetMinutes) else { return String(seconds) }
        return day(parts) + " " + String(parts.tm_hour, width: 2) + ":" + String(parts.tm_min, width: 2)
    }

    /// "2026-11-02T18:40:00Z", or "2026-11-02T13:40:00-05:00" with the offset of the clock that made the version.
    public static func iso(_ seconds: Int64, offsetMinutes: Int = 0) -> String {
        guard let parts = parts(seconds, offsetMinutes: offsetMinutes) else { return String(seconds) }
        let zone = offsetMinutes == 0 ? "Z"
            : (offsetMinutes < 0 ? "-" : "+") + String(abs(offsetMinutes) / 60, width: 2) + ":" + String(abs(offsetMinutes) % 60, width: 2)
        return day(parts) + "T" + [parts.tm_hour, parts.tm_min, parts.tm_sec].map { String($0, width: 2) }.joined(separator: ":") + zone
    }

    /// The calendar fields of a moment `offsetMinutes` east of UTC (nil: in the local time zone).
    private static func parts(_ seconds: Int64, offsetMinutes: Int?) -> tm? {
        var time = time_t(seconds + Int64(offsetMinutes ?? 0) * 60), parts = tm()
        let converted = offsetMinutes == nil ? localtime_r(&time, &parts) : gmtime_r(&time, &parts)
        return converted == nil ? nil : parts
    }

    /// "2026-11-02".
    private static func day(_ parts: tm) -> String {
        String(Int(parts.tm_year) + 1900, width: 4) + "-" + String(Int(parts.tm_mon) + 1, width: 2) + "-" + String(parts.tm_mday, width: 2)
    }
}
