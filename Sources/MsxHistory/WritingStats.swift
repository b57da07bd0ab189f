import Foundation
import MsxGit
import MsxModel

/// The words of one day, as the versions made that day recorded them.
public struct WritingDay: Sendable, Equatable {
    /// The day (YYYY-MM-DD) where the versions were made (their own clock's offset from UTC).
    public var day: String
    public var added: Int
    public var removed: Int
    /// Versions made that day (0 for today's words not snapshotted yet).
    public var versions: Int
    /// Whether words of the day come from the writing history recorded before the project came to msx
    /// (`Manifest.writingHistory`).
    public var recordedBefore = false

    public var net: Int { added - removed }
}

/// Words written over the project's history: per day, per document, and today's words not yet in a version.
public struct WritingStats: Sendable {
    /// Days with versions, oldest first. A day that is not here is a day with no recorded words.
    public var days: [WritingDay] = []
    /// Words added and removed since the last version (today's files).
    public var unsnapshotted = (added: 0, removed: 0)
    /// Words written (added and removed) per document id, over the whole history and today's files.
    public var documents: [String: (added: Int, removed: Int)] = [:]
    /// Words that came in without being written (see `BroughtIn`), by how they came, oldest first: never counted in
    /// `days`.
    public var broughtIn: [BroughtInWords] = []
}

/// The words one way of bringing words in brought on one day.
public struct BroughtInWords: Sendable, Equatable {
    public var day: String
    public var how: BroughtIn
    public var added: Int
    public var removed: Int
    public var versions: Int
}

extension ProjectHistory {
    /// The words each version added and removed (from its trailers; for versions made with other git tools, by
    /// comparing the documents it touched with its first parent), summed per day and per document, along the
    /// project's first-parent history, the writing history recorded before msx, and today's words not yet
    /// snapshotted. Words a version brought in (an
    /// import, a restore, a merge: see `BroughtIn`) are summed apart, never as a day's writing.
    public func writingStats() throws -> WritingStats {
        var stats = WritingStats()
        var days: [String: WritingDay] = [:]
        // A day's words are the draft's (a document no longer in the binder counted: it may have been), unless the
        // project counts all.
        let manifest = project.manifest
        let draft = manifest.roleFolder("draft")?.id
        let outsideDraft = project.sessionCountsDraftOnly ? Set(manifest.entries.filter { entry in
            entry.node.kind == .document && !manifest.ancestors(of: entry.node.id).contains { $0 == draft }
        }.map(\.node.id)) : []
        var brought: [String: BroughtInWords] = [:]
        var next = try head()
        while let id = next {
            let commit = try repository.commit(id)
            next = commit.parents.first
            let deltas = try wordDeltas(of: commit)
            let day = Self.day(of: commit.time, offsetMinutes: commit.offsetMinutes)
            if let how = commit.parents.count > 1 ? .merge : BroughtIn.said(in: commit.message) {
                let key = day + " " + how.rawValue
                var entry = brought[key] ?? BroughtInWords(day: day, how: how, added: 0, removed: 0, versions: 0)
                entry.added += deltas.reduce(0) { $0 + $1.1.added }
                entry.removed += deltas.reduce(0) { $0 + $1.1.removed }
                entry.versions += 1
                brought[key] = entry
                continue
            }
            let counted = deltas.filter { !outsideDraft.contains($0.0) }
            let added = counted.reduce(0) { $0 + $1.1.added }, removed = counted.reduce(0) { $0 + $1.1.removed }
            for (documentID, delta) in deltas {
                let sum = stats.documents[documentID] ?? (0, 0)
                stats.documents[documentID] = (sum.added + delta.added, sum.removed + delta.removed)
            }
            var entry = days[day] ?? WritingDay(day: day, added: 0, removed: 0, versions: 0)
            entry.added += added
            entry.removed += removed
            entry.versions += 1
            days[day] = entry
        }
        for change in try changes() {
            var delta = (added: change.wordsAdded, removed: change.wordsRemoved)
            if change.isNew { delta = (WordDelta.count(try project.loadDocument(change.node, sourceMap: false).text), 0) }
            if change.isDeleted { delta = (0, WordDelta.count(try head().flatMap { try document(change.node, at: $0)?.text } ?? "")) }
            if !outsideDraft.contains(change.node.id) {
                stats.unsnapshotted.added += delta.added
                stats.unsnapshotted.removed += delta.removed
            }
            let sum = stats.documents[change.node.id] ?? (0, 0)
            stats.documents[change.node.id] = (sum.added + delta.added, sum.removed + delta.removed)
        }
        // The days a program recorded before the project came to msx: the draft's words, as Scrivener counts a session.
        for recorded in project.manifest.writingHistory {
            var entry = days[recorded.day] ?? WritingDay(day: recorded.day, added: 0, removed: 0, versions: 0)
            entry.added += max(0, recorded.draftWords)
            entry.removed += max(0, -recorded.draftWords)
            entry.recordedBefore = true
            days[recorded.day] = entry
        }
        stats.days = days.values.sorted { $0.day < $1.day }
        stats.broughtIn = brought.values.sorted { ($0.day, $0.how.rawValue) < ($1.day, $1.how.rawValue) }
        return stats
    }

    /// Words added and removed per document by one version.
    private func wordDeltas(of commit: GitCommit) throws -> [(String, (added: Int, removed: Int))] {
        let trailers = DocumentTrailer.all(in: commit.message)
        if !trailers.isEmpty, trailers.allSatisfy(\.isComplete) {
            return trailers.map { ($0.id, ($0.wordsAdded ?? 0, $0.wordsRemoved ?? 0)) }
        }
        return try documentsTouched(by: commit).map { documentID in
            let after = try version(of: documentID, at: commit.id)?.1.text ?? ""
            let before = try commit.parents.first.flatMap { try version(of: documentID, at: $0)?.1.text } ?? ""
            return (documentID, WordDelta.between(before, after))
        }
    }

    /// The day (YYYY-MM-DD) of a moment where the clock was `offsetMinutes` east of UTC.
    static func day(of time: Int64, offsetMinutes: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offsetMinutes * 60) ?? TimeZone(secondsFromGMT: 0)!
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: TimeInterval(time)))
        return WritingStats.dayText(parts)
    }
}

extension WritingStats {
    public enum Period: String, Sendable { case week, month }

    /// The days, with today's words not yet snapshotted counted on `today` (YYYY-MM-DD).
    public func days(today: String) -> [WritingDay] {
        guard unsnapshotted.added > 0 || unsnapshotted.removed > 0 else { return days }
        var days = self.days
        if let last = days.indices.last, days[last].day == today {
            days[last].added += unsnapshotted.added
            days[last].removed += unsnapshotted.removed
        } else {
            days.append(WritingDay(day: today, added: unsnapshotted.added, removed: unsnapshotted.removed, versions: 0))
        }
        return days
    }

    /// The words per ISO week (`2026-W48`) or month (`2026-11`), oldest first, `day` naming the period.
    public func totals(by period: Period, today: String) -> [WritingDay] {
        var totals: [WritingDay] = []
        for day in days(today: today) {
            let name = period == .month ? String(day.day.prefix(7)) : Self.isoWeek(day.day)
            if let last = totals.indices.last, totals[last].day == name {
                totals[last].added += day.added
                totals[last].removed += day.removed
                totals[last].versions += day.versions
                totals[last].recordedBefore = totals[last].recordedBefore || day.recordedBefore
            } else {
                totals.append(WritingDay(day: name, added: day.added, removed: day.removed, versions: day.versions, recordedBefore: day.recordedBefore))
            }
        }
        return totals
    }

    /// The words added and removed under each folder of `manifest` (a folder sums the documents anywhere below it,
    /// by today's binder), in binder order; folders without any are left out.
    public func folders(of manifest: Manifest) -> [(folder: BinderNode, added: Int, removed: Int)] {
        let entries = manifest.entries
        let parents = Dictionary(entries.map { ($0.node.id, $0.parentID) }, uniquingKeysWith: { first, _ in first })
        var sums: [String: (added: Int, removed: Int)] = [:]
        for (id, delta) in documents {
            var folder = parents[id] ?? nil
            while let current = folder {
                let sum = sums[current] ?? (0, 0)
                sums[current] = (sum.added + delta.added, sum.removed + delta.removed)
                folder = parents[current] ?? nil
            }
        }
        return entries.compactMap { entry in
            guard entry.node.kind == .folder, let sum = sums[entry.node.id], sum.added > 0 || sum.removed > 0 else { return nil }
            return (entry.node, sum.added, sum.removed)
        }
    }

    /// The words of today's session: the net words written today (versions and today's files), none below zero.
    public func session(today: String) -> Int {
        max(0, days(today: today).last { $0.day == today }?.net ?? 0)
    }

    /// Days in a row with words added, ending today, or yesterday when today has none yet.
    public func streak(today: String) -> Int {
        let written = Set(days(today: today).filter { $0.added > 0 }.map(\.day))
        var day = written.contains(today) ? today : Self.shifted(today, by: -1)
        var count = 0
        while written.contains(day) {
            count += 1
            day = Self.shifted(day, by: -1)
        }
        return count
    }

    /// The words a day it takes to go from `words` to `target` by the end of `deadline` (today counted), or nil
    /// when there is no such day left or nothing left to write.
    public static func pace(words: Int, target: Int, deadline: String, today: String) -> Int? {
        guard target > words, let end = date(deadline), let start = date(today) else { return nil }
        let days = Int((end.timeIntervalSince(start) / 86_400).rounded()) + 1
        guard days > 0 else { return nil }
        return (target - words + days - 1) / days
    }

    private static var utc: Calendar {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar
    }

    /// Days since 1970 of a YYYY-MM-DD day, nil when it is none.
    public static func dayNumber(_ day: String) -> Int? {
        date(day).map { Int(($0.timeIntervalSince1970 / 86_400).rounded()) }
    }

    private static func date(_ day: String) -> Date? {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return utc.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }

    private static func shifted(_ day: String, by days: Int) -> String {
        guard let date = date(day), let moved = utc.date(byAdding: .day, value: days, to: date) else { return day }
        let parts = utc.dateComponents([.year, .month, .day], from: moved)
        return dayText(parts)
    }

    private static func isoWeek(_ day: String) -> String {
        guard let date = date(day) else { return day }
        let parts = utc.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
        return String(parts.yearForWeekOfYear ?? 0, width: 4) + "-W" + String(parts.weekOfYear ?? 0, width: 2)
    }

    /// YYYY-MM-DD.
    package static func dayText(_ parts: DateComponents) -> String {
        String(parts.year ?? 0, width: 4) + "-" + String(parts.month ?? 0, width: 2) + "-" + String(parts.day ?? 0, width: 2)
    }
}
