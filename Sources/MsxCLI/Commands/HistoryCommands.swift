import ArgumentParser
import Foundation
import MsxKit

/// The author option shared by commands that record versions.
struct AuthorOption: ParsableArguments {
    @Option(help: ArgumentHelp("Record versions as this author (default: MSX_AUTHOR, then git's user.name and user.email).", valueName: "name <mail>"))
    var author: String?

    func resolved(environment: [String: String]) throws -> Author? {
        guard let text = author ?? environment["MSX_AUTHOR"], !text.isEmpty else { return nil }
        guard let parsed = Author.parse(text) else {
            throw MsxError(.invalidAuthor, "the author must look like \"Name <mail@example.com>\", not '\(text)'")
        }
        return parsed
    }
}

/// `--snapshot` and `-m` for commands that move files (sync, switch): changes not yet snapshotted are recorded
/// first, with the writer's consent; without it, they make the command refuse.
struct SnapshotFirstOptions: ParsableArguments {
    @Flag(help: "Snapshot changes first.") var snapshot = false
    @Option(name: .shortAndLong, help: "The first snapshot's message (implies --snapshot).") var message: String?
    @OptionGroup var authorOption: AuthorOption

    /// Records the changes when asked; returns the version made (nil when not asked, or nothing had changed).
    func record(in history: ProjectHistory, defaultMessage: String, environment: [String: String]) throws -> GitOID? {
        guard snapshot || message != nil else { return nil }
        let author = try authorOption.resolved(environment: environment)
        // A merge being recorded keeps its own message ("Merge 'origin'") unless the writer gave one.
        let fallback = try history.mergeState() == nil ? defaultMessage : nil
        return try history.snapshot(message: message ?? fallback, author: author).version
    }
}

/// Dates on the command line: YYYY-MM-DD (local time) or ISO 8601.
enum DateArgument {
    static func seconds(_ text: String, endOfDay: Bool) throws -> Int64 {
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
    static func display(_ seconds: Int64, offsetMinutes: Int? = nil) -> String {
        guard let parts = parts(seconds, offsetMinutes: offsetMinutes) else { return String(seconds) }
        return day(parts) + " " + String(parts.tm_hour, width: 2) + ":" + String(parts.tm_min, width: 2)
    }

    /// "2026-11-02T18:40:00Z", or "2026-11-02T13:40:00-05:00" with the offset of the clock that made the version.
    static func iso(_ seconds: Int64, offsetMinutes: Int = 0) -> String {
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
