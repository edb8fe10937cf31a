/// Days in a row with at least one mood.
public struct Streaks: Hashable, Sendable {
    /// The run through today, or through yesterday when today has no mood yet (it can still go
    /// on); `nil` when neither day has one. (A mood dated ahead extends it past today.)
    public let current: ClosedRange<LocalDay>?
    /// The longest run (the latest of equally long ones); `nil` for an empty journal.
    public let longest: ClosedRange<LocalDay>?

    /// - Parameter days: the days with moods, in any order.
    public init(days: some Sequence<LocalDay>, today: LocalDay) {
        var runs: [ClosedRange<LocalDay>] = []
        for day in days.sorted() {
            if let last = runs.last, last.upperBound.advanced(by: 1) == day {
                runs[runs.count - 1] = last.lowerBound...day
            } else {
                runs.append(day...day)
            }
        }
        current = runs.last { $0.contains(today) || $0.contains(today.advanced(by: -1)) }
        longest = runs.reversed().max { $0.count < $1.count }
    }
}
