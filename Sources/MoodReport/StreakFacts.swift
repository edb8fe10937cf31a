import MoodInsights

/// How regularly the journal was kept in the period: the days with a mood, the longest run of
/// them, and the run going on today.
enum StreakFacts {
    static func html(_ content: ReportContent) -> HTML {
        let days = content.insights.dayAverages.count
        let share = Int((Double(days) / Double(content.period.count) * 100).rounded())
        var facts: [HTML] = ["<dt>Days with a mood</dt><dd>\(days) of \(content.period.count) (\(share)%)</dd>"]
        let streaks = content.streaks
        facts.append("<dt>Longest run</dt><dd>\(run(streaks.longest))</dd>")
        if content.period.contains(content.today) {
            facts.append("<dt>Current run</dt><dd>\(run(streaks.current))</dd>")
        }
        return "<dl class=\"facts\">\(HTML(joining: facts))</dl>"
    }

    /// `12 days, Mon 2 Mar 2026 – Fri 13 Mar 2026`, or `none`.
    private static func run(_ days: ClosedRange<LocalDay>?) -> String {
        guard let days else { return "none" }
        let span = days.count == 1 ? InsightsWords.date(days.lowerBound)
            : "\(InsightsWords.date(days.lowerBound)) – \(InsightsWords.date(days.upperBound))"
        return "\(InsightsWords.count(days.count, "day")), \(span)"
    }
}
