import MoodKit

/// How one scale went in a year or a period, and how it goes with mood: what `moodtui stats` and
/// `moodtui report` say of it.
///
/// A day's value is the average of the scale's values that day; a day's level the average of all
/// its moods. The median splits the days with a value in two (a yes/no scale's days are split
/// into those mostly yes and the others, as a median of mostly-no days would put every day on
/// one side), and each side's average level says whether more of the scale goes with better days; the correlation (Pearson's, of the days'
/// values and levels) says how closely.
public struct ScaleInsight: Hashable, Sendable {
    public let scale: Scale
    /// Every value of the period.
    public let values: Average
    /// January first.
    public let months: [Average]
    /// The first is the period's first seven days; the last may be shorter.
    public let weeks: [Average]
    /// The median of the days' values; `nil` without any.
    public let median: Double?
    /// The average level of the days whose value is at or above the median (for a yes/no scale:
    /// yes at least half the time), and of the others.
    public let atOrAboveMedian: Average
    public let belowMedian: Average
    /// From -1 to 1; `nil` below three days with a value, or when values or levels never change.
    public let correlation: Double?

    /// The insights of each of `scales` in `year`, from the counts (``InsightsAggregates``), in
    /// the order of `scales`: weeks 1 to 53.
    public static func year(_ year: Int, scales: [Scale], aggregates: InsightsAggregates) -> [ScaleInsight] {
        period(LocalDay.firstOfYear(year)...LocalDay.firstOfYear(year + 1).advanced(by: -1), scales: scales, aggregates: aggregates)
    }

    /// The insights of each of `scales` over the days of `period`, in the order of `scales`.
    /// - Complexity: O(the period's days and their values).
    public static func period(_ period: ClosedRange<LocalDay>, scales: [Scale], aggregates: InsightsAggregates) -> [ScaleInsight] {
        let first = period.lowerBound
        let weekCount = (period.count + 6) / 7
        return scales.map { scale in
            var values = Average(), months = Array(repeating: Average(), count: 12), weeks = Array(repeating: Average(), count: weekCount)
            var days: [(value: Double, level: Double)] = []
            for day in period {
                guard let totals = aggregates.dayScales[day]?[scale.id], let value = totals.average,
                    let level = aggregates.days[day]?.average
                else { continue }
                values.add(value, times: totals.count)
                months[day.date.month - 1].add(value, times: totals.count)
                weeks[first.distance(to: day) / 7].add(value, times: totals.count)
                days.append((value, level))
            }
            let median = Self.median(days.map(\.value))
            let split = scale.kind == .yesNo ? 0.5 : median ?? .infinity
            var above = Average(), below = Average()
            for day in days { if day.value >= split { above.add(day.level) } else { below.add(day.level) } }
            return ScaleInsight(
                scale: scale, values: values, months: months, weeks: weeks, median: median, atOrAboveMedian: above,
                belowMedian: below, correlation: correlation(days))
        }
    }

    static func median(_ numbers: [Double]) -> Double? {
        guard !numbers.isEmpty else { return nil }
        let sorted = numbers.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func correlation(_ days: [(value: Double, level: Double)]) -> Double? {
        guard days.count >= 3 else { return nil }
        let count = Double(days.count)
        let (meanValue, meanLevel) = (days.map(\.value).reduce(0, +) / count, days.map(\.level).reduce(0, +) / count)
        var (covariance, valueSpread, levelSpread) = (0.0, 0.0, 0.0)
        for day in days {
            let (dv, dl) = (day.value - meanValue, day.level - meanLevel)
            covariance += dv * dl
            valueSpread += dv * dv
            levelSpread += dl * dl
        }
        guard valueSpread > 0, levelSpread > 0 else { return nil }
        return covariance / (valueSpread * levelSpread).squareRoot()
    }
}
