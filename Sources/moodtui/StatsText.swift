import MoodInsights
import MoodKit
import MoodListScreen
import TerminalUI

/// `moodtui stats` as text: the year in pixels (in colour on a terminal, digits when piped or
/// with `NO_COLOR`), streaks, levels, averages by weekday and month, and what helps.
struct StatsText {
    let report: InsightsReport
    let colour: Bool

    var lines: [String] {
        let days = report.dayAverages.count
        var lines = ["\(report.year): \(InsightsWords.count(report.moodCount, "mood")) on \(InsightsWords.count(days, "day"))", ""]
        lines += pixels
        lines += ["", legend, ""]
        lines.append("Streak     " + streaks)
        lines.append("Levels     " + zip(MoodLevel.allCases, report.levelCounts).map { "\($0.name) \($1)" }.joined(separator: "  "))
        lines.append("Weekdays   " + Self.averages(report.weekdays, names: InsightsWords.weekdayNames))
        lines.append("Months     " + Self.averages(report.months, names: InsightsWords.monthNames))
        lines.append("")
        lines += activities
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
            colour ? Self.background(level) + "  " + "\u{1B}[0m \(level.name)" : "\(level.rawValue) \(level.name)"
        }
        return "     " + levels.joined(separator: "  ") + "   · no mood   \(colour ? "<>" : "<") today"
    }

    private var streaks: String {
        let current = report.streaks.current.map { "\(InsightsWords.count($0.count, "day")) (since \($0.lowerBound))" } ?? "none"
        let longest = report.streaks.longest.map { "\(InsightsWords.count($0.count, "day")) (\($0.lowerBound) to \($0.upperBound))" } ?? "none"
        return "current \(current), longest \(longest)"
    }

    /// Each activity of the year: the average of days with it against days without, the most
    /// helpful first.
    private var activities: [String] {
        guard !report.activityEffects.isEmpty else { return ["No activities this year."] }
        let width = report.activityEffects.map { TextWidth.columns(of: $0.name.text) }.max() ?? 0
        return ["What helps   days with / days without"] + report.activityEffects.map { effect in
            "  " + TextWidth.pad(effect.name.text, toColumns: width)
                + "  \(InsightsWords.effect(effect))  " + InsightsWords.withAndWithout(effect)
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
