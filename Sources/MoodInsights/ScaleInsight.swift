import MoodKit

/// How one scale went in a year, and how it goes with mood: what `moodtui stats` says of it.
///
/// A day's value is the average of the scale's values that day; a day's level the average of all
/// its moods. The median splits the days with a value in two, and each half's average level
/// says whether more of the scale goes with better days; the correlation (Pearson's, of the days'
/// values and levels) says how closely.
public struct ScaleInsight: Hashable, Sendable {
    public let scale: Scale
    /// Every value of the year.
    public let values: Average
    /// January first.
    public let months: [Average]
    /// Week 1 is the year's first seven days, up to week 53.
    public let weeks: [Average]
    /// The median of the days' values; `nil` without any.
    public let median: Double?
    /// The average level of the days whose value is at or above the median, and below it.
    public let atOrAboveMedian: Average
    public let belowMedian: Average
    /// From -1 to 1; `nil` below three days with a value, or when values or levels never change.
    public let correlation: Double?

    /// The insights of each of `scales` in `year`, from every mood of the year (date, level and
    /// values), in the order of `scales`.
    public static func year(
        _ year: Int, scales: [Scale], moods: some Sequence<(milliseconds: Int64, level: MoodLevel, values: ScaleValues)>,
        localDays: LocalDays
    ) -> [ScaleInsight] {
        let first = LocalDay.firstOfYear(year)
        var dayLevels: [LocalDay: Average] = [:]
        var dayValues: [Scale.ID: [LocalDay: Average]] = [:]
        var values: [Scale.ID: Average] = [:], months: [Scale.ID: [Average]] = [:], weeks: [Scale.ID: [Average]] = [:]
        var hint = 0
        for mood in moods {
            let day = localDays.day(of: mood.milliseconds, hint: &hint)
            guard day.year == year else { continue }
            dayLevels[day, default: Average()].add(Double(mood.level.rawValue))
            for (id, value) in mood.values.values {
                dayValues[id, default: [:]][day, default: Average()].add(value.number)
                values[id, default: Average()].add(value.number)
                months[id, default: Array(repeating: Average(), count: 12)][day.date.month - 1].add(value.number)
                weeks[id, default: Array(repeating: Average(), count: 53)][min(first.distance(to: day) / 7, 52)].add(value.number)
            }
        }
        return scales.map { scale in
            let days = (dayValues[scale.id] ?? [:]).compactMap { day, average in
                average.value.flatMap { value in dayLevels[day]?.value.map { (value: value, level: $0) } }
            }
            let median = Self.median(days.map(\.value))
            var above = Average(), below = Average()
            for day in days { if day.value >= median ?? .infinity { above.add(day.level) } else { below.add(day.level) } }
            return ScaleInsight(
                scale: scale, values: values[scale.id] ?? Average(), months: months[scale.id] ?? Array(repeating: Average(), count: 12),
                weeks: weeks[scale.id] ?? Array(repeating: Average(), count: 53), median: median, atOrAboveMedian: above,
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
