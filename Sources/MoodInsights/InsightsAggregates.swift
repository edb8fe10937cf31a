import MoodKit

/// Every count the insights are drawn from, by day: how many moods of each level, and how many
/// of them had each activity. Whole numbers only, so that counts kept up to date change by
/// change equal counts made afresh, exactly; averages and effects are worked out from them when
/// drawn (``InsightsReport``).
///
/// A change costs O(its activities): a mood is counted in or taken back out of its day.
public struct InsightsAggregates: Hashable, Sendable {
    /// The days with at least one mood.
    public private(set) var days: [LocalDay: DayTotals]
    /// For each day with activities, how many of its moods had each one.
    public private(set) var dayActivities: [LocalDay: [ActivityName: Int]]

    public init() { (days, dayActivities) = ([:], [:]) }

    init(days: [LocalDay: DayTotals], dayActivities: [LocalDay: [ActivityName: Int]]) {
        (self.days, self.dayActivities) = (days, dayActivities)
    }

    /// Counts a mood felt on `day` in.
    public mutating func add(_ facts: MoodFacts, on day: LocalDay) { count(facts, on: day, times: 1) }

    /// Takes a mood counted on `day` back out.
    public mutating func remove(_ facts: MoodFacts, on day: LocalDay) { count(facts, on: day, times: -1) }

    /// The average mood of each of the `count` weeks (Monday to Sunday) up to the one holding
    /// `day`, oldest first: the mood-over-time chart.
    /// - Complexity: O(count × 7).
    public func weeklyAverages(through day: LocalDay, count: Int) -> [WeekAverage] {
        let lastMonday = day.advanced(by: -day.weekday)
        return (0..<max(count, 0)).reversed().map { weeksBack in
            let monday = lastMonday.advanced(by: -7 * weeksBack)
            var average = Average()
            for day in monday..<monday.advanced(by: 7) {
                guard let totals = days[day] else { continue }
                average.add(Double(totals.levelSum) / Double(totals.count), times: totals.count)
            }
            return WeekAverage(monday: monday, average: average)
        }
    }

    private mutating func count(_ facts: MoodFacts, on day: LocalDay, times: Int) {
        var totals = days[day, default: DayTotals()]
        totals.add(facts.level, times: times)
        days[day] = totals.count == 0 ? nil : totals
        guard !facts.activities.isEmpty else { return }
        var activities = dayActivities[day, default: [:]]
        for name in facts.activities {
            let count = activities[name, default: 0] + times
            activities[name] = count == 0 ? nil : count
        }
        dayActivities[day] = activities.isEmpty ? nil : activities
    }
}

/// One week's average mood, Monday to Sunday.
public struct WeekAverage: Hashable, Sendable {
    public let monday: LocalDay
    public let average: Average
}
