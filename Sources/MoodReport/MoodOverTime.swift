import MoodInsights
import MoodKit

/// Mood over the period: a dot for each day's average and a line for the average of the days
/// before it, so that a doctor sees the trend before the single days.
enum MoodOverTime {
    static let left = 64.0
    static let right = 730.0
    static let top = 8.0
    static let bottom = 168.0
    static let height = 188

    /// Days the line averages over: a week for a season, a month for longer periods.
    static func window(for period: ClosedRange<LocalDay>) -> Int { period.count <= 190 ? 7 : 30 }

    static func html(_ content: ReportContent) -> HTML {
        let period = content.period
        let averages = content.insights.dayAverages
        var pieces: [HTML] = []
        for level in MoodLevel.allCases {
            let y = Self.y(Double(level.rawValue))
            pieces.append("<line class=\"grid\" x1=\"\(left)\" y1=\"\(y)\" x2=\"\(right)\" y2=\"\(y)\"/>")
            pieces.append("<text class=\"axis\" x=\"\(left - 6)\" y=\"\(y + 3)\" text-anchor=\"end\">\(content.words.word(for: level))</text>")
        }
        pieces += dateLabels(period)
        for day in period {
            guard let average = averages[day] else { continue }
            pieces.append(
                "<circle class=\"\(LevelStyle.className(average: average))\" cx=\"\(x(day, period))\" cy=\"\(y(average))\" r=\"2.4\"/>")
        }
        let window = window(for: period)
        let trend = MovingAverage.trailing(averages, over: period, window: window)
        for segment in segments(trend, period) where segment.count > 1 {
            pieces.append("<polyline class=\"trend\" points=\"\(HTML(joining: segment.map { "\($0.x),\($0.y) " as HTML }))\"/>")
        }
        let svg: HTML = """
            <svg class="chart" viewBox="0 0 \(Int(right) + 10) \(height)" role="img" aria-label="Mood over the period">
            \(HTML(joining: pieces.map { "\($0)\n" as HTML }))</svg>
            """
        let caption: HTML = "<p class=\"caption\">A dot is a day's average mood; the line is the average of the last \(window) days.</p>"
        return "\(svg)\n\(caption)"
    }

    static func x(_ day: LocalDay, _ period: ClosedRange<LocalDay>) -> Double {
        guard period.count > 1 else { return (left + right) / 2 }
        return left + Double(period.lowerBound.distance(to: day)) * (right - left) / Double(period.count - 1)
    }

    static func y(_ level: Double) -> Double { bottom - (level - 1) / 4 * (bottom - top) }

    /// The runs of days the line has a value for: it breaks where no mood falls in the window.
    private static func segments(_ trend: [Double?], _ period: ClosedRange<LocalDay>) -> [[(x: Double, y: Double)]] {
        var segments: [[(x: Double, y: Double)]] = [[]]
        for (offset, value) in trend.enumerated() {
            guard let value else {
                if !segments[segments.count - 1].isEmpty { segments.append([]) }
                continue
            }
            segments[segments.count - 1].append((x(period.lowerBound.advanced(by: offset), period), y(value)))
        }
        return segments
    }

    /// The period's first day, then each month's first (each year's past two years), leaving out
    /// a label that would run into the one before.
    private static func dateLabels(_ period: ClosedRange<LocalDay>) -> [HTML] {
        let byYear = period.count > 731
        var labels: [HTML] = []
        var free = -Double.infinity
        for day in period {
            let (year, month, dayOfMonth) = day.date
            let isMark = day == period.lowerBound || (dayOfMonth == 1 && (!byYear || month == 1))
            guard isMark, case let x = x(day, period), x >= free else { continue }
            let name = InsightsWords.monthNames[month - 1]
            let text =
                if byYear { "\(year)" } else if day == period.lowerBound { "\(dayOfMonth) \(name) \(year)" } else if month == 1 {
                    "\(name) \(year)"
                } else { name }
            labels.append("<text class=\"axis\" x=\"\(x)\" y=\"\(Double(height) - 4)\">\(text)</text>")
            // About 6 units a character at the axis' size, and a space.
            free = x + Double(text.count * 6 + 8)
        }
        return labels
    }
}
