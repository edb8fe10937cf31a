import Foundation
import MoodInsights
import MoodKit
import MoodListScreen
import TerminalUI

/// `moodtui stats` as text: the year in pixels (in colour on a terminal, digits when piped or
/// with `NO_COLOR`), streaks, levels, averages by weekday and month, and what helps.
struct StatsText {
    let report: InsightsReport
    /// Each scale in use, by name.
    let scales: [ScaleInsight]
    /// What the levels are called.
    let words: LevelWords
    let colour: Bool
    /// The week's first day, Monday 0 … Sunday 6: the order the weekdays are printed in.
    var firstWeekday = 0

    var lines: [String] {
        let days = report.dayAverages.count
        var lines = ["\(report.year): \(InsightsWords.count(report.moodCount, "mood")) on \(InsightsWords.count(days, "day"))", ""]
        lines += pixels
        lines += ["", legend, ""]
        lines.append("Streak     " + streaks)
        lines.append("Levels     " + zip(MoodLevel.allCases, report.levelCounts).map { "\(words.word(for: $0)) \($1)" }.joined(separator: "  "))
        let weekdays = LocalDay.weekdays(from: firstWeekday)
        lines.append("Weekdays   " + Self.averages(weekdays.map { report.weekdays[$0] }, names: weekdays.map { InsightsWords.weekdayNames[$0] }))
        lines.append("Months     " + Self.averages(report.months, names: InsightsWords.monthNames))
        lines.append("")
        lines += helps
        if !scales.isEmpty { lines += [""] + scaleLines }
        return lines
    }

    /// Each scale: its average, its median, the average level of the days at or above the median
    /// against those below, the correlation, and its averages by month.
    private var scaleLines: [String] {
        let width = scales.map { TextWidth.columns(of: $0.scale.name.value.text) }.max() ?? 0
        var lines = ["Scales   average · median · level on days at or above the median / below · correlation"]
        for insight in scales {
            let unit: String = if case .number(let unit?, _, _) = insight.scale.kind { " " + TerminalSafeText.singleLine(unit) } else { "" }
            let average = insight.values.value.map { InsightsWords.oneDecimal($0) + unit } ?? "–"
            let median = insight.median.map(InsightsWords.oneDecimal) ?? "–"
            lines.append("  " + TextWidth.pad(insight.scale.name.value.text, toColumns: width)
                + "  \(average) (\(InsightsWords.count(insight.values.count, "value")))  median \(median)  "
                + "\(InsightsWords.average(insight.atOrAboveMedian)) / \(InsightsWords.average(insight.belowMedian))  "
                + InsightsWords.correlation(insight.correlation))
            lines.append("  " + String(repeating: " ", count: width) + "  "
                + zip(InsightsWords.monthNames, insight.months).map { "\($0) \(InsightsWords.average($1))" }.joined(separator: " "))
        }
        return lines
    }

    /// A row per month: the day's rounded average as a digit (or a coloured cell), `·` for a day
    /// without moods, today marked with `<`.
    private var pixels: [String] {
        let grid = YearGrid(report)
        var lines = ["     " + YearGrid.dayNumbers]
        for (month, row) in grid.rows.enumerated() {
            let cells = row.map { cell -> String in
                let today = cell.day == report.today
                switch cell {
                case .none: return "  "
                case .empty: return today ? "·<" : "· "
                case .mood(_, let level):
                    guard colour else { return "\(level.rawValue)" + (today ? "<" : " ") }
                    return Self.background(level) + (today ? "<>" : "  ") + "\u{1B}[0m"
                }
            }
            lines.append(InsightsWords.monthNames[month] + "  " + cells.joined())
        }
        return lines
    }

    private var legend: String {
        let levels = MoodLevel.allCases.map { level in
            colour ? Self.background(level) + "  " + "\u{1B}[0m \(words.word(for: level))" : "\(level.rawValue) \(words.word(for: level))"
        }
        return "     " + levels.joined(separator: "  ") + "   · no mood   \(colour ? "<>" : "<") today"
    }

    private var streaks: String {
        let current = report.streaks.current.map { "\(InsightsWords.count($0.count, "day")) (since \($0.lowerBound))" } ?? "none"
        let longest = report.streaks.longest.map { "\(InsightsWords.count($0.count, "day")) (\($0.lowerBound) to \($0.upperBound))" } ?? "none"
        return "current \(current), longest \(longest)"
    }

    /// Each activity and scale of the year, the most helpful first: the average of the days with
    /// the activity (at or above the scale's median) against the others.
    private var helps: [String] {
        let factors = HelpingFactor.ranked(activities: report.activityEffects, scales: scales)
        guard !factors.isEmpty else { return ["No activities or scales this year."] }
        let width = factors.map { TextWidth.columns(of: $0.label) }.max() ?? 0
        return ["What helps   days with (at or above the median) / the others"] + factors.map { factor in
            "  " + TextWidth.pad(TerminalSafeText.singleLine(factor.label), toColumns: width)
                + "  \(InsightsWords.effect(factor))  " + InsightsWords.withAndWithout(factor)
        }
    }

    private static func background(_ level: MoodLevel) -> String {
        switch level.terminalColor {
        case .indexed(let index, _): "\u{1B}[48;5;\(index)m"
        default: "\u{1B}[7m"
        }
    }

    static func averages(_ averages: [Average], names: [String]) -> String {
        zip(names, averages).map { "\($0) \(InsightsWords.average($1))" }.joined(separator: "  ")
    }
}
