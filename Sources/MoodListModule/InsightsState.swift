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
        let (_, month, day) = selected.date
        year = min(max(year + years, Self.years.lowerBound), Self.years.upperBound)
        selected = Self.day(year: year, month: month, day: day)
    }

    /// The selection moved by days, within the year.
    mutating func moveSelection(days: Int) {
        let moved = selected.advanced(by: days)
        guard moved.year == year else { return }
        selected = moved
    }

    /// The selection moved by months, within the year, on the same day (or the month's last).
    mutating func moveSelection(months: Int) {
        let (_, month, day) = selected.date
        guard (1...12).contains(month + months) else { return }
        selected = Self.day(year: year, month: month + months, day: day)
    }

    /// The day, or the month's last day when it has fewer.
    private static func day(year: Int, month: Int, day: Int) -> LocalDay {
        var candidate = day
        while LocalDay(year: year, month: month, day: candidate).date.month != month { candidate -= 1 }
        return LocalDay(year: year, month: month, day: candidate)
    }
}
