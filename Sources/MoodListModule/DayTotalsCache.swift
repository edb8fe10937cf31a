import MoodInsights

/// The figures of the days whose headings are on screen, read once per day until the journal
/// changes: drawing the list again (every keystroke, every second of a countdown) reads nothing.
struct DayTotalsCache {
    /// The change-log position the totals were read at.
    private var position: Int64 = -1
    private var totals: [LocalDay: DayTotals] = [:]
    /// Far more days than a screen shows.
    private static let capacity = 1_024

    /// The totals of `day` as of change-log `position`, read with `read` unless known; a read
    /// that failed (`nil`) is tried again next time.
    mutating func totals(of day: LocalDay, at position: Int64, read: (LocalDay) -> DayTotals?) -> DayTotals? {
        if position != self.position { (self.position, totals) = (position, [:]) }
        if let known = totals[day] { return known }
        if totals.count >= Self.capacity { totals = [:] }  // scrolled through years without a change
        let read = read(day)
        totals[day] = read
        return read
    }
}
