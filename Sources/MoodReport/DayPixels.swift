import MoodInsights
import MoodKit

/// The period in pixels: a square a day coloured by the day's average mood, a column a week and a
/// grid a calendar year, so that any period reads like a wall calendar. The grids of one report
/// share a scale, wide enough for the longest: the squares of a season are large, those of
/// years small.
enum DayPixels {
    static let cell = 11
    static let pitch = 13
    static let left = 30
    static let top = 16
    /// The fewest columns a grid is drawn for: half a year, so that a short period's squares do
    /// not grow past reading size.
    static let minimumColumns = 26

    static func html(_ content: ReportContent) -> HTML {
        let period = content.period
        let years = period.lowerBound.year...period.upperBound.year
        let blocks = years.map { year in
            (year, max(period.lowerBound, .firstOfYear(year))...min(period.upperBound, LocalDay.firstOfYear(year + 1).advanced(by: -1)))
        }
        let columns = max(minimumColumns, blocks.map { columnCount($0.1, content) }.max() ?? 0)
        let grids = blocks.map { year, days in
            let heading: HTML = years.count > 1 ? "<h3>\(year)</h3>\n" : ""
            return "\(heading)\(grid(days, columns: columns, content))\n" as HTML
        }
        return "\(grids)\(legend(content.words))"
    }

    /// The weeks `days` touch.
    private static func columnCount(_ days: ClosedRange<LocalDay>, _ content: ReportContent) -> Int {
        (content.column(ofWeekday: days.lowerBound) + days.count + 6) / 7
    }

    /// One calendar year's part of the period, on a grid `columns` weeks wide.
    private static func grid(_ days: ClosedRange<LocalDay>, columns: Int, _ content: ReportContent) -> HTML {
        let firstColumnStart = days.lowerBound.advanced(by: -content.column(ofWeekday: days.lowerBound))
        var pieces: [HTML] = []
        for (row, weekday) in content.weekdayOrder.enumerated() {
            let y = top + row * pitch + cell - 2
            pieces.append("<text class=\"axis\" x=\"0\" y=\"\(y)\">\(InsightsWords.weekdayNames[weekday])</text>")
        }
        for day in days {
            let column = firstColumnStart.distance(to: day) / 7
            let x = left + column * pitch
            let (_, month, dayOfMonth) = day.date
            if dayOfMonth == 1 || (day == days.lowerBound && dayOfMonth <= 21) {
                pieces.append("<text class=\"axis\" x=\"\(x)\" y=\"\(top - 5)\">\(InsightsWords.monthNames[month - 1])</text>")
            }
            let y = top + content.column(ofWeekday: day) * pitch
            let average = content.insights.dayAverages[day]
            pieces.append(
                "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(cell)\" height=\"\(cell)\" rx=\"2\" class=\"\(LevelStyle.className(average: average))\" data-day=\"\(day.description)\"><title>\(title(day, average: average, content))</title></rect>"
            )
        }
        let width = left + columns * pitch
        let height = top + 7 * pitch
        // Drawn at most half again its size: a short period's squares and labels stay modest.
        return "<svg class=\"pixels\" viewBox=\"0 0 \(width) \(height)\" style=\"max-width: \(width * 3 / 2)px\" role=\"img\" aria-label=\"Each day's average mood\">\n\(HTML(joining: pieces.map { "\($0)\n" as HTML }))</svg>"
    }

    /// `Mon 2 Mar 2026 · 3.8 good · 2 moods`.
    private static func title(_ day: LocalDay, average: Double?, _ content: ReportContent) -> String {
        let date = InsightsWords.date(day)
        guard let average, let moods = content.moodsOnDay[day] else { return "\(date) · no mood" }
        return "\(date) · \(InsightsWords.oneDecimal(average)) \(content.words.word(for: LevelStyle.level(average: average))) · \(InsightsWords.count(moods, "mood"))"
    }

    private static func legend(_ words: LevelWords) -> HTML {
        let swatches = MoodLevel.allCases.reversed().map { level in
            "<span class=\"swatch \(LevelStyle.className(level))\"></span>\(words.word(for: level)) " as HTML
        }
        return "<p class=\"legend\">\(swatches)<span class=\"swatch none\"></span>no mood</p>"
    }
}
