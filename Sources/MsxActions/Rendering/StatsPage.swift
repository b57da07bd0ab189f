import Foundation
import MsxDiff
import MsxHistory
import MsxModel

/// `msx stats --html`: a standalone page a writer would rather look at than read: the words of the project over
/// time with the target as a line, and the words written each day as bars (added up, removed down), drawn as
/// inline SVG (no script, no outside file).
public enum StatsPage {
    public struct Figures: Sendable {
        public var title: String
        public var today: String
        public var draftWords: Int
        public var target: Int?
        public var deadline: String?
        public var pace: Int?
        public var streak: Int
        public var days: [WritingDay]

        public init(title: String, today: String, draftWords: Int, target: Int?, deadline: String?, pace: Int?, streak: Int,
                    days: [WritingDay]) {
            (self.title, self.today, self.draftWords, self.target, self.deadline) = (title, today, draftWords, target, deadline)
            (self.pace, self.streak, self.days) = (pace, streak, days)
        }
    }

    private static let width = 760.0, height = 240.0, margin = 56.0
    /// The charts' looks, for a page that shows `charts`.
    public static let style = """
        .axis { stroke: #999; stroke-width: 1; } .grid { stroke: #EEE; stroke-width: 1; }
        .total { fill: none; stroke: #1565C0; stroke-width: 2; } .point { fill: #1565C0; }
        .target { stroke: #C62828; stroke-width: 1.5; stroke-dasharray: 6 4; } .added { fill: #2E7D32; } .removed { fill: #C62828; }
        text { font-size: 11px; fill: #555; font-family: sans-serif; }
        """

    /// The two charts alone, one above the other, as a standalone SVG file (`msx stats --svg`), titled.
    public static func svg(_ f: Figures) -> String {
        let heading = { (y: Double, text: String) in
            "<text x=\"\(margin)\" y=\"\(format(y))\" style=\"font-size: 15px; fill: #222\">\(escape(text))</text>"
        }
        let total = 2 * (height + 30)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(total))" viewBox="0 0 \(Int(width)) \(Int(total))">
            <title>\(escape(f.title)): words written</title>
            <style>\(style)</style>
            \(heading(20, "\(f.title): words over time"))
            <g transform="translate(0,30)">\(totals(f))</g>
            \(heading(height + 50, "Words per day"))
            <g transform="translate(0,\(Int(height + 60)))">\(bars(f.days))</g>
            </svg>

            """
    }

    public static func render(_ f: Figures) -> String {
        """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(f.title)): words written</title>
            <style>
            body { font-family: Georgia, serif; max-width: 820px; margin: 2em auto; color: #222; }
            \(style)
            </style></head><body>
            <h1>\(escape(f.title))</h1>
            \(charts(f))
            </body></html>

            """
    }

    /// The summary, the two charts and what they are made from, for a page of its own or another's.
    public static func charts(_ f: Figures) -> String {
        var summary = "\(NumberText.grouped(f.draftWords)) words in the draft"
        if let target = f.target {
            summary += "; target \(NumberText.grouped(target))" + (f.deadline.map { " by \($0)" } ?? "")
            if let pace = f.pace { summary += ": \(NumberText.grouped(pace)) words a day to finish" }
        }
        summary += ". Streak: \(f.streak) day\(f.streak == 1 ? "" : "s")."
        return """
            <p class="summary">\(escape(summary))</p>
            <h2>Words over time</h2>
            \(totals(f))
            <h2>Words per day</h2>
            \(bars(f.days))
            <p>Figures from the versions and today's files, up to \(escape(f.today)). A day without a bar has no recorded words.</p>
            """
    }

    /// The draft's words after each day with words, ending at the draft's words today (the words it held before
    /// the first day, brought in by an import, are where the line starts), the target as a dashed line, and a value
    /// axis.
    private static func totals(_ f: Figures) -> String {
        var running = f.draftWords - f.days.reduce(0) { $0 + $1.net }
        let points = f.days.map { day -> (String, Int) in
            running += day.net
            return (day.day, running)
        }
        let top = Double(max(points.map(\.1).max() ?? 0, f.target ?? 0, 1))
        let x = timeScale(f.days.map(\.day))
        let y = { (words: Int) in height - margin - Double(max(0, words)) / top * (height - 2 * margin) }
        let line = points.map { point in "\(format(x(point.0))),\(format(y(point.1)))" }.joined(separator: " ")
        var svg = "<svg class=\"totals\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" "
            + "aria-label=\"Words over time\"><line class=\"axis\" x1=\"\(margin)\" y1=\"\(height - margin)\" x2=\"\(width - margin)\" y2=\"\(height - margin)\"/>"
            + valueAxis([(0, y(0)), (Int(top / 2), y(Int(top / 2))), (Int(top), y(Int(top)))], sign: "")
        if let target = f.target {
            svg += "<line class=\"target\" x1=\"\(margin)\" y1=\"\(format(y(target)))\" x2=\"\(width - margin)\" y2=\"\(format(y(target)))\"/>"
                + "<text x=\"\(width - margin)\" y=\"\(format(y(target) - 4))\" text-anchor=\"end\">target \(NumberText.grouped(target))</text>"
        }
        svg += "<polyline class=\"total\" points=\"\(line)\"/>"
        // A dot a day, so that one day of data shows too.
        for point in points {
            svg += "<circle class=\"point\" cx=\"\(format(x(point.0)))\" cy=\"\(format(y(point.1)))\" r=\"3\"><title>\(point.0): \(NumberText.grouped(point.1))</title></circle>"
        }
        if let first = points.first, let last = points.last {
            svg += "<text x=\"\(margin)\" y=\"\(height - margin + 14)\">\(first.0)</text>"
                + "<text x=\"\(width - margin)\" y=\"\(height - margin + 14)\" text-anchor=\"end\">\(last.0): \(NumberText.grouped(last.1))</text>"
        }
        return svg + "</svg>"
    }

    /// A bar per day with versions: words added above the axis, removed below.
    private static func bars(_ days: [WritingDay]) -> String {
        let top = Double(max(days.map { max($0.added, $0.removed) }.max() ?? 0, 1))
        let middle = height / 2
        let x = timeScale(days.map(\.day))
        let numbers = days.compactMap { WritingStats.dayNumber($0.day) }
        let span = Double((numbers.last ?? 0) - (numbers.first ?? 0) + 1)
        let barWidth = max(2, min(24, (width - 2 * margin) / span * 0.7))
        var svg = "<svg class=\"days\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" "
            + "aria-label=\"Words per day\"><line class=\"axis\" x1=\"\(margin)\" y1=\"\(middle)\" x2=\"\(width - margin)\" y2=\"\(middle)\"/>"
            + valueAxis([(Int(top), margin), (0, middle), (-Int(top), height - margin)], sign: "+")
        if let first = days.first, let last = days.last {
            svg += "<text x=\"\(margin)\" y=\"\(height - 4)\">\(first.day)</text>"
                + (last.day == first.day ? "" : "<text x=\"\(width - margin)\" y=\"\(height - 4)\" text-anchor=\"end\">\(last.day)</text>")
        }
        for day in days {
            let x = format(min(x(day.day), width - margin - barWidth))
            let up = Double(day.added) / top * (middle - margin), down = Double(day.removed) / top * (middle - margin)
            svg += "<rect class=\"added\" data-day=\"\(day.day)\" data-words=\"\(day.added)\" x=\"\(x)\" y=\"\(format(middle - up))\" "
                + "width=\"\(format(barWidth))\" height=\"\(format(up))\"><title>\(day.day): +\(day.added)</title></rect>"
                + "<rect class=\"removed\" data-day=\"\(day.day)\" data-words=\"\(day.removed)\" x=\"\(x)\" y=\"\(format(middle))\" "
                + "width=\"\(format(barWidth))\" height=\"\(format(down))\"><title>\(day.day): -\(day.removed)</title></rect>"
        }
        return svg + "</svg>"
    }

    /// The vertical axis at the left, with a label and a faint line at each of `ticks` (a number of words and its
    /// height); `sign` goes before positive numbers.
    private static func valueAxis(_ ticks: [(words: Int, y: Double)], sign: String) -> String {
        var svg = "<line class=\"axis\" x1=\"\(margin)\" y1=\"\(margin)\" x2=\"\(margin)\" y2=\"\(height - margin)\"/>"
        for tick in ticks {
            let label = (tick.words > 0 ? sign : "") + NumberText.grouped(tick.words)
            svg += "<line class=\"grid\" x1=\"\(margin)\" y1=\"\(format(tick.y))\" x2=\"\(width - margin)\" y2=\"\(format(tick.y))\"/>"
                + "<text class=\"value\" x=\"\(margin - 4)\" y=\"\(format(tick.y + 4))\" text-anchor=\"end\">\(label)</text>"
        }
        return svg
    }

    /// Where a day goes along the horizontal axis: by its date, the first of `days` at the left, the last at the right.
    private static func timeScale(_ days: [String]) -> (String) -> Double {
        let first = days.first.flatMap(WritingStats.dayNumber) ?? 0, last = days.last.flatMap(WritingStats.dayNumber) ?? 0
        let span = Double(max(1, last - first))
        return { margin + Double((WritingStats.dayNumber($0) ?? first) - first) / span * (width - 2 * margin) }
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
