import Foundation
import MsxHistory
import MsxModel
import MsxProject
import MsxWorkspace

/// The words written, day by day, from the versions and today's files (`msx stats`, and the statistics page).
public struct StatsAction: Action {
    public init() {}

    public var writes: Bool { false }

    public func run(in workspace: Workspace, reporter: any Reporter) throws -> StatsReport {
        let history = try workspace.existingHistory()
        let project = history.project
        let stats = try history.writingStats()
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        let today = WritingStats.dayText(parts)
        let draftWords = try project.countedTree().first { $0.node.role == "draft" }?.words ?? 0
        let (target, deadline, sessionTarget) = project.target
        let pace = target.flatMap { target in deadline.flatMap { WritingStats.pace(words: draftWords, target: target, deadline: $0, today: today) } }
        let figures = StatsPage.Figures(title: project.manifest.title, today: today, draftWords: draftWords, target: target,
                                        deadline: deadline, pace: pace, streak: stats.streak(today: today), days: stats.days(today: today))
        return StatsReport(figures: figures, stats: stats, manifest: project.manifest, sessionTarget: sessionTarget)
    }
}

/// The writing statistics: the figures the charts draw, and the rest of what `stats` says.
public struct StatsReport: ActionReport {
    /// What the charts draw (today, the draft's words, target and pace, streak, every day with words).
    public var figures: StatsPage.Figures
    public var stats: WritingStats
    /// The binder the figures are of (for folder and document titles).
    public var manifest: Manifest
    /// Words a day the writer aims at, if set.
    public var sessionTarget: Int?

    /// Words written today, snapshotted or not.
    public var session: Int { stats.session(today: figures.today) }
    /// The folders' totals, all time.
    public var folders: [(folder: BinderNode, added: Int, removed: Int)] { stats.folders(of: manifest) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        let today = figures.today
        try container.encode(today, forKey: .today)
        try container.encode(figures.draftWords, forKey: .draftWords)
        try container.encode(figures.streak, forKey: .streak)
        try container.encode(["words": figures.target.map(JSONValue.int) ?? .null, "deadline": .optional(figures.deadline),
                              "wordsPerDay": figures.pace.map(JSONValue.int) ?? .null] as JSONValue, forKey: .target)
        try container.encode(["added": .int(stats.unsnapshotted.added), "removed": .int(stats.unsnapshotted.removed)] as JSONValue,
                             forKey: .unsnapshotted)
        try container.encode(["target": sessionTarget.map(JSONValue.int) ?? .null, "today": .int(session)] as JSONValue, forKey: .session)
        try container.encode(JSONValue.array(folders.map { ["id": .string($0.folder.id), "title": .string($0.folder.title),
                                                           "added": .int($0.added), "removed": .int($0.removed)] }), forKey: .folders)
        try container.encode(JSONValue.array(figures.days.map(Self.json)), forKey: .days)
        try container.encode(JSONValue.array(stats.totals(by: .week, today: today).map(Self.json)), forKey: .weeks)
        try container.encode(JSONValue.array(stats.totals(by: .month, today: today).map(Self.json)), forKey: .months)
        try container.encode(JSONValue.array(stats.documents.sorted { $0.key < $1.key }.map { id, delta in
            ["id": .string(id), "title": .optional(manifest.node(id: id)?.title), "added": .int(delta.added), "removed": .int(delta.removed)]
        }), forKey: .documents)
        try container.encode(JSONValue.array(stats.broughtIn.map { ["day": .string($0.day), "how": .string($0.how.rawValue),
                                                                    "added": .int($0.added), "removed": .int($0.removed),
                                                                    "versions": .int($0.versions)] }), forKey: .broughtIn)
    }

    private enum Key: String, CodingKey {
        case today, draftWords, streak, target, unsnapshotted, session, folders, days, weeks, months, documents, broughtIn
    }

    private static func json(_ day: WritingDay) -> JSONValue {
        ["period": .string(day.day), "added": .int(day.added), "removed": .int(day.removed), "net": .int(day.net), "versions": .int(day.versions),
         "recordedBefore": .bool(day.recordedBefore)]
    }

    public static let commands = ["stats"]
    public static var schema: JSONSchema {
        let period = JSONSchema.named("period", .object(["period": .string, "added": .integer, "removed": .integer, "net": .integer,
                                                         "versions": .integer, "recordedBefore": .boolean]))
        let delta = { (more: [String: JSONSchema]) in JSONSchema.object(["added": .integer, "removed": .integer].merging(more) { a, _ in a }) }
        return .object([
            "today": .string, "draftWords": .integer, "streak": .integer,
            "target": .object(["words": .nullable(.integer), "deadline": .nullable(.string), "wordsPerDay": .nullable(.integer)]),
            "unsnapshotted": delta([:]), "session": .object(["target": .nullable(.integer), "today": .integer]),
            "folders": .array(delta(["id": .string, "title": .string])), "days": .array(period), "weeks": .array(period),
            "months": .array(period), "documents": .array(delta(["id": .string, "title": .nullable(.string)])),
            "broughtIn": .array(delta(["day": .string, "how": .oneOf(BroughtIn.allCases.map(\.rawValue)), "versions": .integer])),
        ])
    }
}
