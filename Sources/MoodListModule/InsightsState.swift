import MoodInsights

/// The insights screen's own state: the year it shows and the day selected in its Year in
/// Pixels (Enter shows that day in the list).
public struct InsightsState: Hashable, Sendable {
    public private(set) var year: Int
    public private(set) var selected: LocalDay

    static let years = LocalDay.moodYears

    /// Opens on `today`'s year, with today selected.
    public init(today: LocalDay) {
        year = min(max(today.year, Self.years.lowerBound), Self.years.upperBound)
        selected = today
    }

    /// Another year, with the same day of the same month selected (28 February for the 29th).
    mutating func changeYear(by years: Int) {
        let changed = min(max(year + years, Self.years.lowerBound), Self.years.upperBound)
        selected = selected.sameDay(monthsLater: (changed - year) * 12)
        year = changed
    }

    /// The selection moved by days, within the year.
    mutating func moveSelection(days: Int) {
        let moved = selected.advanced(by: days)
        guard moved.year == year else { return }
        selected = moved
    }

    /// The selection moved by months, within the year, on the same day (or the month's last).
    mutating func moveSelection(months: Int) {
        let moved = selected.sameDay(monthsLater: months)
        guard moved.year == year else { return }
        selected = moved
    }
}
