import MoodInsights

/// `moodtui report`'s page: one self-contained HTML file (inline SVG and CSS, no script, nothing
/// fetched), for a doctor or a therapist to read on screen or on paper.
public enum ReportPage {
    /// The section ids, in the order they come: what a reader (or a test) finds in the page.
    public enum Section: String, CaseIterable, Sendable {
        case pixels, overTime = "over-time", levels, weekdays, activities, streaks, scales, notes
    }

    /// The sections `content` has: scales only when a scale has a value in the period, notes only
    /// when they were asked for.
    public static func sections(of content: ReportContent) -> [Section] {
        Section.allCases.filter { section in
            switch section {
            case .scales: !content.scales.isEmpty
            case .notes: content.notes != nil
            default: true
            }
        }
    }

    public static func html(_ content: ReportContent) -> String {
        let period = "\(InsightsWords.date(content.period.lowerBound)) – \(InsightsWords.date(content.period.upperBound))"
        let sections = sections(of: content).map { section -> HTML in
            """

            <section id="\(section.rawValue)" class="\(section.rawValue)">
            <h2>\(title(of: section))</h2>
            \(body(of: section, content))
            </section>
            """
        }
        let page: HTML = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <title>Mood report · \(period)</title>
            <style>
            \(ReportStyle.css)
            </style>
            </head>
            <body>
            <header>
            <h1>Mood report</h1>
            <p class="period">\(period) · \(InsightsWords.count(content.period.count, "day"))</p>
            <p class="summary">\(summary(content))</p>
            </header>
            \(sections)

            <footer>Made with moodtui on \(InsightsWords.date(content.today)). A day's colour is the average of its moods, \
            from \(content.words.word(for: .awful)) to \(content.words.word(for: .great)).</footer>
            </body>
            </html>

            """
        return page.markup
    }

    /// `142 moods on 80 days · average 3.6 (good)`, or that the period has none.
    private static func summary(_ content: ReportContent) -> String {
        let insights = content.insights
        guard insights.moodCount > 0 else { return "No mood was logged in this period." }
        let levelSum = insights.levelCounts.enumerated().reduce(0) { $0 + ($1.offset + 1) * $1.element }
        let average = Double(levelSum) / Double(insights.moodCount)
        return "\(InsightsWords.count(insights.moodCount, "mood")) on \(InsightsWords.count(insights.dayAverages.count, "day"))"
            + " · average \(InsightsWords.oneDecimal(average)) (\(content.words.word(for: LevelStyle.level(average: average))))"
    }

    private static func title(of section: Section) -> String {
        switch section {
        case .pixels: "The period in pixels"
        case .overTime: "Mood over time"
        case .levels: "Levels"
        case .weekdays: "By weekday"
        case .activities: "Activities"
        case .streaks: "Streaks"
        case .scales: "Scales"
        case .notes: "Notes"
        }
    }

    private static func body(of section: Section, _ content: ReportContent) -> HTML {
        switch section {
        case .pixels: DayPixels.html(content)
        case .overTime: MoodOverTime.html(content)
        case .levels: LevelTables.levels(content)
        case .weekdays: LevelTables.weekdays(content)
        case .activities: FactorTables.activities(content)
        case .streaks: StreakFacts.html(content)
        case .scales: FactorTables.scales(content)
        case .notes: NoteList.html(content.notes ?? [], content)
        }
    }
}
