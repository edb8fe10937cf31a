import MoodInsights
import MoodKit

/// What goes with better or worse days: the activities, and the scales.
enum FactorTables {
    /// Each activity of the period, the most helpful first: its moods, the average of the days
    /// with it and without it, and the difference.
    static func activities(_ content: ReportContent) -> HTML {
        let effects = content.insights.activityEffects
        guard !effects.isEmpty else { return "<p class=\"empty\">No activity was noted in this period.</p>" }
        let rows = effects.map { effect -> HTML in
            let factor = HelpingFactor(effect)
            return """
                <tr><th scope="row">\(effect.name.text)</th><td class="number">\(effect.moods)</td>\
                <td class="number">\(InsightsWords.average(effect.withIt)) <span class="muted">(\(InsightsWords.count(effect.withIt.count, "day")))</span></td>\
                <td class="number">\(InsightsWords.average(effect.withoutIt)) <span class="muted">(\(InsightsWords.count(effect.withoutIt.count, "day")))</span></td>\
                <td class="number">\(InsightsWords.effect(factor))</td></tr>

                """
        }
        return """
            <table><thead><tr><th>Activity</th><th class="number">Moods</th><th class="number">Days with it</th>\
            <th class="number">Days without</th><th class="number">Difference</th></tr></thead>
            <tbody>
            \(rows)</tbody></table>
            <p class="caption">The average mood of the days with an activity against the other days with moods.</p>
            """
    }

    /// Each scale with a value in the period: its average and median, the mood of the days at or
    /// above the median against the days below, and how closely it goes with mood.
    static func scales(_ content: ReportContent) -> HTML {
        let rows = content.scales.map { insight -> HTML in
            let unit: String = if case .number(let unit?, _, _) = insight.scale.kind { " " + unit } else { "" }
            let average = insight.values.value.map { InsightsWords.oneDecimal($0) + unit } ?? "–"
            let median = insight.scale.kind == .yesNo ? "–" : insight.median.map(InsightsWords.oneDecimal) ?? "–"
            return """
                <tr><th scope="row">\(insight.scale.name.value.text)</th><td class="number">\(insight.values.count)</td>\
                <td class="number">\(average)</td><td class="number">\(median)</td>\
                <td class="number">\(InsightsWords.average(insight.atOrAboveMedian)) / \(InsightsWords.average(insight.belowMedian))</td>\
                <td class="number">\(InsightsWords.correlation(insight.correlation))</td></tr>

                """
        }
        return """
            <table><thead><tr><th>Scale</th><th class="number">Values</th><th class="number">Average</th><th class="number">Median</th>\
            <th class="number">Mood at or above the median / below</th><th class="number">Correlation</th></tr></thead>
            <tbody>
            \(rows)</tbody></table>
            <p class="caption">A yes/no scale splits its days into those mostly yes and the others. The correlation, from −1 to +1, \
            is between each day's value and its average mood.</p>
            """
    }
}
