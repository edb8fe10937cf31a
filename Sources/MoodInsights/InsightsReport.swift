import MoodKit

/// The figures the insights screen and `moodtui stats` show for one year, and `moodtui report`
/// for any period, worked out from the counts (``InsightsAggregates``) when they are drawn.
///
/// - Complexity: O(the period's days and their activities) for the period's figures, and
///   O(d log d) over every day with moods for the streaks.
public struct InsightsReport: Hashable, Sendable {
    /// The days the figures count.
    public let period: ClosedRange<LocalDay>
    public let today: LocalDay
    /// The average level of each day of the year with moods.
    public let dayAverages: [LocalDay: Double]
    /// The period's moods, by level (awful first).
    public let levelCounts: [Int]
    /// The period's moods by weekday, Monday first.
    public let weekdays: [Average]
    /// The period's moods by month, January first.
    public let months: [Average]
    /// The journal's streaks, whatever the period.
    public let streaks: Streaks
    /// Each activity of the period, the most helpful first (those without an effect last, by use).
    public let activityEffects: [ActivityEffect]

    /// The figures of `year`.
    public init(_ aggregates: InsightsAggregates, year: Int, today: LocalDay) {
        self.init(aggregates, period: LocalDay.firstOfYear(year)...LocalDay.firstOfYear(year + 1).advanced(by: -1), today: today)
    }

    public init(_ aggregates: InsightsAggregates, period: ClosedRange<LocalDay>, today: LocalDay) {
        self.period = period
        self.today = today
        var dayAverages: [LocalDay: Double] = [:]
        var levelCounts = Array(repeating: 0, count: MoodLevel.allCases.count)
        var weekdays = Array(repeating: Average(), count: 7)
        var months = Array(repeating: Average(), count: 12)
        var activityDays: [ActivityName: (moods: Int, days: Average)] = [:]
        var allDays = Average()
        for day in period {
            guard let totals = aggregates.days[day], let average = totals.average else { continue }
            dayAverages[day] = average
            allDays.add(average)
            for (index, count) in totals.levelCounts.enumerated() where count > 0 {
                levelCounts[index] += count
                weekdays[day.weekday].add(Double(index + 1), times: count)
                months[day.date.month - 1].add(Double(index + 1), times: count)
            }
            for (name, moods) in aggregates.dayActivities[day] ?? [:] {
                var entry = activityDays[name, default: (0, Average())]
                entry.moods += moods
                entry.days.add(average)
                activityDays[name] = entry
            }
        }
        self.dayAverages = dayAverages
        self.levelCounts = levelCounts
        self.weekdays = weekdays
        self.months = months
        streaks = Streaks(days: aggregates.days.keys, today: today)
        activityEffects = activityDays.map { name, entry in
            ActivityEffect(
                name: name, moods: entry.moods, withIt: entry.days,
                withoutIt: Self.average(sum: allDays.sum - entry.days.sum, count: allDays.count - entry.days.count))
        }
        .sorted { HelpingFactor.ranksBefore(HelpingFactor($0), HelpingFactor($1)) }
    }

    /// The year the period starts in: a year's figures are that year's.
    public var year: Int { period.lowerBound.year }

    /// How many moods the period holds.
    public var moodCount: Int { levelCounts.reduce(0, +) }

    private static func average(sum: Double, count: Int) -> Average {
        var average = Average()
        if count > 0 { average.add(sum / Double(count), times: count) }
        return average
    }
}
