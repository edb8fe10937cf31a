import MoodKit

/// Every count the insights are drawn from, by day: how many moods of each level, how many of
/// them had each activity, and each scale's values, counted and summed in tenths. Whole numbers
/// only, so that counts kept up to date change by
/// change equal counts made afresh, exactly; averages and effects are worked out from them when
/// drawn (``InsightsReport``).
///
/// A change costs O(its activities and values): a mood is counted in or taken back out of its day.
public struct InsightsAggregates: Hashable, Sendable {
    /// The days with at least one mood.
    public private(set) var days: [LocalDay: DayTotals]
    /// For each day with activities, how many of its moods had each one.
    public private(set) var dayActivities: [LocalDay: [ActivityName: Int]]
    /// For each day with scale values, each scale's values that day.
    public private(set) var dayScales: [LocalDay: [Scale.ID: ScaleTotals]]

    public init() { (days, dayActivities, dayScales) = ([:], [:], [:]) }

    init(days: [LocalDay: DayTotals], dayActivities: [LocalDay: [ActivityName: Int]], dayScales: [LocalDay: [Scale.ID: ScaleTotals]]) {
        (self.days, self.dayActivities, self.dayScales) = (days, dayActivities, dayScales)
    }

    /// Counts a mood felt on `day` in.
    public mutating func add(_ facts: MoodFacts, on day: LocalDay) { count(facts, on: day, times: 1) }

    /// Takes a mood counted on `day` back out.
    public mutating func remove(_ facts: MoodFacts, on day: LocalDay) { count(facts, on: day, times: -1) }

    /// The average mood of each of the `count` weeks (starting on `firstWeekday`, Monday 0 …
    /// Sunday 6) up to the one holding `day`, oldest first: the mood-over-time chart.
    /// - Complexity: O(count × 7).
    public func weeklyAverages(through day: LocalDay, count: Int, firstWeekday: Int = 0) -> [WeekAverage] {
        weekly(through: day, count: count, firstWeekday: firstWeekday) { days[$0].flatMap { totals in totals.average.map { ($0, totals.count) } } }
    }

    /// The average value of `scale` in each of the `count` weeks up to the one holding `day`,
    /// oldest first: the scale's sparkline.
    /// - Complexity: O(count × 7).
    public func weeklyAverages(of scale: Scale.ID, through day: LocalDay, count: Int, firstWeekday: Int = 0) -> [WeekAverage] {
        weekly(through: day, count: count, firstWeekday: firstWeekday) {
            dayScales[$0]?[scale].flatMap { totals in totals.average.map { ($0, totals.count) } }
        }
    }

    /// Each week's average of what `dayValue` gives each of its days: the day's average and how
    /// many values it is the average of.
    private func weekly(through day: LocalDay, count: Int, firstWeekday: Int, _ dayValue: (LocalDay) -> (Double, Int)?) -> [WeekAverage] {
        let lastWeek = day.startOfWeek(firstWeekday: firstWeekday)
        return (0..<max(count, 0)).reversed().map { weeksBack in
            let first = lastWeek.advanced(by: -7 * weeksBack)
            var average = Average()
            for day in first..<first.advanced(by: 7) {
                guard let (value, times) = dayValue(day) else { continue }
                average.add(value, times: times)
            }
            return WeekAverage(first: first, average: average)
        }
    }

    private mutating func count(_ facts: MoodFacts, on day: LocalDay, times: Int) {
        var totals = days[day, default: DayTotals()]
        totals.add(facts.level, times: times)
        days[day] = totals.count == 0 ? nil : totals
        if !facts.activities.isEmpty {
            var activities = dayActivities[day, default: [:]]
            for name in facts.activities {
                let count = activities[name, default: 0] + times
                activities[name] = count == 0 ? nil : count
            }
            dayActivities[day] = activities.isEmpty ? nil : activities
        }
        if !facts.scaleTenths.isEmpty {
            var scales = dayScales[day, default: [:]]
            for (scale, tenths) in facts.scaleTenths {
                var totals = scales[scale, default: ScaleTotals()]
                totals.add(tenths: tenths, times: times)
                scales[scale] = totals.count == 0 ? nil : totals
            }
            dayScales[day] = scales.isEmpty ? nil : scales
        }
    }
}

/// One week's average mood.
public struct WeekAverage: Hashable, Sendable {
    /// The week's first day.
    public let first: LocalDay
    public let average: Average
}
