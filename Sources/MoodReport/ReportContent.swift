import MoodInsights
import MoodKit

/// Everything a report shows, worked out before any HTML is written: the page only draws it.
public struct ReportContent: Sendable {
    /// The days the report covers, both ends included.
    public let period: ClosedRange<LocalDay>
    /// The day it was made: the current streak is counted up to it.
    public let today: LocalDay
    /// The period's figures.
    public let insights: InsightsReport
    /// How many moods each day of the period with moods has.
    public let moodsOnDay: [LocalDay: Int]
    /// Each scale with a value in the period.
    public let scales: [ScaleInsight]
    /// What the levels are called in this journal.
    public let words: LevelWords
    /// Which weekday a week starts on, Monday 0 to Sunday 6: the order of the pixels' rows and of
    /// the weekdays.
    public let firstWeekday: Int
    /// The period's moods with a note, oldest first; `nil` when notes stay out of the report.
    public let notes: [ReportNote]?

    public init(
        period: ClosedRange<LocalDay>, today: LocalDay, aggregates: InsightsAggregates, scales: [Scale], words: LevelWords,
        firstWeekday: Int = 0, notes: [ReportNote]?
    ) {
        self.period = period
        self.today = today
        insights = InsightsReport(aggregates, period: period, today: today)
        moodsOnDay = insights.dayAverages.keys.reduce(into: [:]) { counts, day in counts[day] = aggregates.days[day]?.count }
        self.scales = ScaleInsight.period(period, scales: scales, aggregates: aggregates).filter { $0.values.count > 0 }
        self.words = words
        self.firstWeekday = firstWeekday
        self.notes = notes
    }

    /// The runs of days with a mood within the period; the current one ends today or yesterday.
    public var streaks: Streaks { Streaks(days: insights.dayAverages.keys, today: today) }

    /// The weekdays in the order a week runs here, as numbers Monday 0 to Sunday 6.
    var weekdayOrder: [Int] { LocalDay.weekdays(from: firstWeekday) }

    /// Where `day` sits in its week: 0 for the first day of the week.
    func column(ofWeekday day: LocalDay) -> Int { day.startOfWeek(firstWeekday: firstWeekday).distance(to: day) }
}

/// One mood with a note, as the report lists it.
public struct ReportNote: Hashable, Sendable {
    public let day: LocalDay
    /// The time it was felt, `21:04`.
    public let time: String
    public let level: MoodLevel
    public let activities: [ActivityName]
    public let text: String

    public init(day: LocalDay, time: String, level: MoodLevel, activities: [ActivityName], text: String) {
        (self.day, self.time, self.level, self.activities, self.text) = (day, time, level, activities, text)
    }
}
