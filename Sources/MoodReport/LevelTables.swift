import MoodInsights
import MoodKit

/// How the period's moods spread over the levels and over the weekdays, each as a table with a
/// bar a row.
enum LevelTables {
    /// Each level, great first: how many moods, their share, a bar as long as the share.
    static func levels(_ content: ReportContent) -> HTML {
        let total = content.insights.moodCount
        let rows = MoodLevel.allCases.reversed().map { level -> HTML in
            let count = content.insights.levelCounts[level.rawValue - 1]
            let share = total == 0 ? 0 : Double(count) / Double(total) * 100
            return """
                <tr><th scope="row">\(content.words.word(for: level))</th><td class="number">\(count)</td>\
                <td class="number">\(Int(share.rounded()))%</td>\
                <td class="bar-cell"><span class="bar \(LevelStyle.className(level))" style="width: \(share)%"></span></td></tr>

                """
        }
        return """
            <table class="bars"><thead><tr><th>Level</th><th class="number">Moods</th><th class="number">Share</th><th></th></tr></thead>
            <tbody>
            \(rows)</tbody></table>
            """
    }

    /// Each weekday, in the order the week runs: the average level, how many moods, and a bar
    /// from the lowest level to it.
    static func weekdays(_ content: ReportContent) -> HTML {
        let rows = content.weekdayOrder.map { weekday -> HTML in
            let average = content.insights.weekdays[weekday]
            let width = average.value.map { ($0 - 1) / 4 * 100 } ?? 0
            return """
                <tr><th scope="row">\(InsightsWords.weekdayNames[weekday])</th><td class="number">\(InsightsWords.average(average))</td>\
                <td class="number">\(average.count)</td>\
                <td class="bar-cell"><span class="bar \(LevelStyle.className(average: average.value))" style="width: \(width)%"></span></td></tr>

                """
        }
        return """
            <table class="bars"><thead><tr><th>Weekday</th><th class="number">Average</th><th class="number">Moods</th><th></th></tr></thead>
            <tbody>
            \(rows)</tbody></table>
            """
    }
}
