import MoodInsights
import MoodKit
import MoodListModule
import TerminalUI

/// Draws the insights screen over the whole terminal: the Year in Pixels (a row per month, a
/// cell per day, each the day's average mood), the selected day, streaks, levels, averages by
/// weekday and month, the mood over the last weeks, each scale's, and what helps.
///
/// 80×24 holds every part in a line or so; a taller window gives each scale a sparkline, the
/// chart more rows and each helping factor a line, a wider one the charts more weeks. Without colour, cells and bars are glyphs
/// whose height grows with the level, so nothing depends on colour alone.
struct InsightsRenderer {
    let screen: any Screen
    let colorSupport: ColorSupport

    /// Where the grid's cells start, after the month's name.
    static let gridColumn = 5
    /// Columns between a figure's label and its value.
    static let labelWidth = 10
    static let blocks = Array("▁▂▃▄▅▆▇█")

    /// The smallest window that holds the whole grid and a line of each figure.
    static let minimumSize = TerminalSize(rows: 20, columns: gridColumn + 2 * 31)

    /// The screen row of January; the other months follow, one a row.
    static let firstMonthRow = 2

    /// The day of the grid drawn at a screen cell, if one is: what a click there picks.
    static func day(atRow row: Int, column: Int, of insights: InsightsViewModel, size: TerminalSize) -> LocalDay? {
        let month = row - firstMonthRow
        guard size.rows >= minimumSize.rows, size.columns >= minimumSize.columns, (0..<12).contains(month), column >= gridColumn
        else { return nil }
        let cells = insights.grid.rows[month]
        let index = (column - gridColumn) / 2
        return index < cells.count ? cells[index].day : nil
    }

    /// Draws `insights` with `footer` on the last row and `message` (if any) above it.
    func draw(_ insights: InsightsViewModel, footer: String, message: MoodListMessage?) {
        screen.clear()
        let size = screen.size
        guard size.rows >= Self.minimumSize.rows, size.columns >= Self.minimumSize.columns else {
            // Half a grid would hide the selected day: say what is needed instead.
            let lines = ["Insights need at least \(Self.minimumSize.columns)×\(Self.minimumSize.rows)", "now \(size.columns)×\(size.rows)"]
            for (index, text) in lines.enumerated() {
                let row = max(0, (size.rows - 2) / 2 - 1 + index)
                write(text, row: row, column: max(0, (size.columns - TextWidth.columns(of: text)) / 2), style: TextStyle(bold: index == 0))
            }
            write(footer, row: size.rows - 1, column: 0, style: TextStyle(dim: true))
            return
        }
        let contentRows = size.rows - 2
        var row = 0
        func line(_ draw: (Int) -> Void) {
            guard row < contentRows else { return }
            draw(row)
            row += 1
        }
        let report = insights.report
        line { drawTitle(report, row: $0) }
        line { drawDayNumbers(row: $0) }
        for (month, cells) in insights.grid.rows.enumerated() {
            line { drawMonth(month, cells, insights, row: $0) }
        }
        line { drawLegend(insights.levelWords, row: $0) }
        line { labelled("Selected", Self.describe(insights.selected, insights.selectedDay) + Self.onThisDay(insights), row: $0) }
        line { labelled("Streak", Self.streaks(report.streaks), row: $0) }
        line { labelled("Levels", zip(MoodLevel.allCases, report.levelCounts).map { "\(insights.levelWords.word(for: $0)) \($1)" }.joined(separator: " · "), row: $0) }
        let weekdays = LocalDay.weekdays(from: insights.firstWeekday)
        line { labelled("Weekdays", weekdays.map { "\(InsightsWords.weekdayNames[$0]) \(InsightsWords.average(report.weekdays[$0]))" }.joined(separator: " · "), row: $0) }
        line { labelled("Months", zip(InsightsWords.monthNames, report.months).map { "\($0.prefix(1))\(InsightsWords.average($1))" }.joined(separator: " "), row: $0) }
        // What is left: each scale's sparkline takes a row of up to half the spare rows, the chart
        // half of the rest (up to 8 in all), what helps the others.
        let fixedRowsLeft = 2  // the chart's and what helps' first lines
        let spare = max(0, contentRows - row - fixedRowsLeft)
        let scaleRows = min(insights.scales.count, spare / 2)
        let chartHeight = min(1 + (spare - scaleRows) / 2, 8)
        if row + chartHeight <= contentRows {
            drawChart(insights.weeks, height: chartHeight, firstRow: row)
            row += chartHeight
        }
        for chart in insights.scales.prefix(scaleRows) {
            drawSparkline(chart, row: row)
            row += 1
        }
        drawHelps(insights.helps, rows: row..<contentRows)
        if let message {
            let style = message.kind == .error ? TextStyle(foreground: .red, bold: true) : .plain
            screen.write(TextWidth.truncate(message.text, toColumns: size.columns, ellipsis: true), row: size.rows - 2, column: 0, style: style, maxColumns: size.columns)
        }
        screen.write(TextWidth.truncate(footer, toColumns: size.columns, ellipsis: true), row: size.rows - 1, column: 0, style: TextStyle(dim: true), maxColumns: size.columns)
    }

    private func drawTitle(_ report: InsightsReport, row: Int) {
        let days = report.dayAverages.count
        let title = "Insights \(report.year)  ·  \(InsightsWords.count(report.moodCount, "mood")) on \(InsightsWords.count(days, "day"))"
        write(title, row: row, column: 0, style: TextStyle(bold: true))
    }

    private func drawDayNumbers(row: Int) {
        write(YearGrid.dayNumbers, row: row, column: Self.gridColumn, style: TextStyle(dim: true))
    }

    private func drawMonth(_ month: Int, _ cells: [YearGrid.Cell], _ insights: InsightsViewModel, row: Int) {
        write(InsightsWords.monthNames[month], row: row, column: 0, style: TextStyle(bold: true))
        for (index, cell) in cells.enumerated() {
            let column = Self.gridColumn + 2 * index
            guard column + 2 <= screen.size.columns, let day = cell.day else { continue }
            let selected = day == insights.selected
            let mark = day == insights.report.today ? "<" : " "
            switch cell {
            case .mood(_, let level) where colorSupport != .none:
                // A coloured cell: the level as its background; today and the selection marked in it.
                write((selected ? "▸" : " ") + mark, row: row, column: column, style: TextStyle(foreground: level.terminalColor, bold: true, reverse: true))
            case .mood(_, let level):
                write(level.monoGlyph.trimmingCharacters(in: .whitespaces) + mark, row: row, column: column, style: TextStyle(bold: selected, reverse: selected))
            default:
                write("·" + mark, row: row, column: column, style: TextStyle(dim: !selected, reverse: selected))
            }
        }
    }

    private func drawLegend(_ words: LevelWords, row: Int) {
        var column = Self.gridColumn
        for level in MoodLevel.allCases {
            let swatch = colorSupport == .none ? level.monoGlyph.trimmingCharacters(in: .whitespaces) : "  "
            let style = colorSupport == .none ? TextStyle.plain : TextStyle(foreground: level.terminalColor, reverse: true)
            column += write(swatch, row: row, column: column, style: style)
            column += write(" \(words.word(for: level))  ", row: row, column: column, style: .plain)
        }
        write("· none  < today", row: row, column: column, style: TextStyle(dim: true))
    }

    /// How many of the last weeks a chart shows: a column each, with room for its summary.
    private func shownWeeks(_ weeks: [WeekAverage]) -> [WeekAverage] {
        let summaryWidth = 24
        return Array(weeks.suffix(max(0, screen.size.columns - Self.labelWidth - summaryWidth)))
    }

    /// The weekly averages as bars, one column a week, the newest at the right, and after them
    /// on the bottom row how many moods they hold.
    private func drawChart(_ weeks: [WeekAverage], height: Int, firstRow: Int) {
        let bottom = firstRow + height - 1
        write("Weeks", row: bottom, column: 0, style: TextStyle(bold: true))
        let bars = shownWeeks(weeks)
        for (index, week) in bars.enumerated() {
            guard let average = week.average.value else { continue }
            // Eighths of the chart's height: one for awful, all of them for great.
            let eighths = max(1, Int(((average - 1) / 4 * Double(height * 8)).rounded()))
            let style = colorSupport == .none ? TextStyle.plain : TextStyle(foreground: MoodLevel.nearest(to: average).terminalColor)
            for level in 0..<height where eighths > level * 8 {
                write(String(Self.blocks[min(8, eighths - level * 8) - 1]), row: bottom - level, column: Self.labelWidth + index, style: style)
            }
        }
        let moods = bars.reduce(0) { $0 + $1.average.count }
        let summary = " \(bars.count) weeks, \(InsightsWords.count(moods, "mood"))"
        write(summary, row: bottom, column: Self.labelWidth + bars.count, style: TextStyle(dim: true))
    }

    /// A scale's name, its weekly averages as a sparkline under the chart's weeks, its average
    /// and how it goes with mood.
    private func drawSparkline(_ chart: ScaleChart, row: Int) {
        let scale = chart.insight.scale
        write(TextWidth.truncate(scale.name.value.text, toColumns: Self.labelWidth - 1, ellipsis: true), row: row, column: 0, style: TextStyle(bold: true))
        let weeks = shownWeeks(chart.weeks)
        let values = weeks.compactMap(\.average.value)
        let bounds = Self.sparklineBounds(scale.kind, values: values)
        for (index, week) in weeks.enumerated() {
            guard let value = week.average.value else { continue }
            let share = bounds.upperBound > bounds.lowerBound ? (value - bounds.lowerBound) / (bounds.upperBound - bounds.lowerBound) : 0.5
            let eighth = min(7, max(0, Int((share * 7).rounded())))
            write(String(Self.blocks[eighth]), row: row, column: Self.labelWidth + index, style: .plain)
        }
        let unit: String = if case .number(let unit?, _, _) = scale.kind { " " + TerminalSafeText.singleLine(unit) } else { "" }
        let summary = " \(InsightsWords.average(chart.insight.values))\(unit) · \(InsightsWords.correlation(chart.insight.correlation))"
        write(summary, row: row, column: Self.labelWidth + weeks.count, style: TextStyle(dim: true))
    }

    /// The values a sparkline spans: the scale's own bounds when it has them, else the values'.
    static func sparklineBounds(_ kind: ScaleKind, values: [Double]) -> ClosedRange<Double> {
        switch kind {
        case .range(let range): Double(range.lowerBound)...Double(range.upperBound)
        case .yesNo: 0...1
        case .number(_, let minimum?, let maximum?): Double(minimum) / 10...Double(maximum) / 10
        case .number: (values.min() ?? 0)...(values.max() ?? 0)
        }
    }

    /// What helps: one line with every activity and scale, or a line each when there is room.
    private func drawHelps(_ factors: [HelpingFactor], rows: Range<Int>) {
        guard let first = rows.first else { return }
        write("Helps", row: first, column: 0, style: TextStyle(bold: true))
        guard !factors.isEmpty else {
            write("no activities or scales this year", row: first, column: Self.labelWidth, style: TextStyle(dim: true))
            return
        }
        if rows.count == 1 {
            let short = factors.map { "\(TerminalSafeText.singleLine($0.label)) \(InsightsWords.effect($0)) (\($0.with.count)d)" }
            write(short.joined(separator: " · "), row: first, column: Self.labelWidth, style: .plain)
            return
        }
        write("days with / without", row: first, column: Self.labelWidth, style: TextStyle(dim: true))
        let width = factors.map { TextWidth.columns(of: $0.label) }.max() ?? 0
        for (row, factor) in zip(rows.dropFirst(), factors) {
            let text = TextWidth.pad(TerminalSafeText.singleLine(factor.label), toColumns: width) + "  "
                + TextWidth.pad(InsightsWords.effect(factor), toColumns: 4) + "  " + InsightsWords.withAndWithout(factor)
            write(text, row: row, column: Self.labelWidth, style: .plain)
        }
    }

    private func labelled(_ label: String, _ value: String, row: Int) {
        write(label, row: row, column: 0, style: TextStyle(bold: true))
        write(value, row: row, column: Self.labelWidth, style: .plain)
    }

    /// Writes `text` cut to the screen's width; returns the columns used.
    @discardableResult
    private func write(_ text: String, row: Int, column: Int, style: TextStyle) -> Int {
        let room = screen.size.columns - column
        guard room > 0 else { return 0 }
        return screen.write(TextWidth.truncate(text, toColumns: room, ellipsis: true), row: row, column: column, style: style, maxColumns: room)
    }

    static func describe(_ day: LocalDay, _ totals: DayTotals?) -> String {
        let date = InsightsWords.date(day)
        guard let totals, let average = totals.average else { return "\(date): no mood" }
        return "\(date): \(InsightsWords.oneDecimal(average)) from \(InsightsWords.count(totals.count, "mood"))"
    }

    /// " · a year ago 3.5 · a month ago 4.0", for the days that had moods.
    static func onThisDay(_ insights: InsightsViewModel) -> String {
        insights.daysBefore.compactMap { day in day.content.average.map { " · \(day.label) \(InsightsWords.oneDecimal($0))" } }.joined()
    }

    static func streaks(_ streaks: Streaks) -> String {
        let current = streaks.current.map { InsightsWords.count($0.count, "day") } ?? "none"
        let longest = streaks.longest.map {
            "\(InsightsWords.count($0.count, "day")) (\(InsightsWords.date($0.lowerBound)) – \(InsightsWords.date($0.upperBound)))"
        } ?? "none"
        return "current \(current) · longest \(longest)"
    }
}
