/// The average of the day averages over the last few days, day by day: the line that shows where
/// mood is going through the noise of single days.
public enum MovingAverage {
    /// For each day of `period`, the average of the `dayAverages` of the `window` days ending
    /// with it (days without moods left out); `nil` where those days have none.
    /// - Complexity: O(the period's days): a running sum.
    public static func trailing(_ dayAverages: [LocalDay: Double], over period: ClosedRange<LocalDay>, window: Int) -> [Double?] {
        precondition(window > 0, "a moving average needs at least one day")
        var (sum, count) = (0.0, 0)
        var result: [Double?] = []
        result.reserveCapacity(period.count)
        for day in period {
            if let average = dayAverages[day] { (sum, count) = (sum + average, count + 1) }
            if let leaving = dayAverages[day.advanced(by: -window)], period.contains(day.advanced(by: -window)) {
                (sum, count) = (sum - leaving, count - 1)
            }
            result.append(count == 0 ? nil : sum / Double(count))
        }
        return result
    }
}
