import MsxActions

/// The words over time against the target, and the words written each day.
enum StatisticsPage {
    static func render(_ context: PageContext) async throws -> (title: String, body: String, style: String) {
        let report = try await context.run(StatsAction())
        return ("Statistics", StatsPage.charts(report.figures), StatsPage.style)
    }
}
