import MoodKit

/// The Year in Pixels as a grid: a row per month, a cell per day of the month, each day drawn
/// as its average mood. The insights screen and `moodtui stats` draw it from this one layout.
public struct YearGrid: Hashable, Sendable {
    /// One day's cell.
    public enum Cell: Hashable, Sendable {
        /// A date the month does not have (30 February).
        case none
        /// A day without moods.
        case empty(LocalDay)
        /// A day with moods: their average, rounded to the nearest level (3.5 is good).
        case mood(LocalDay, MoodLevel)

        public var day: LocalDay? {
            switch self {
            case .none: nil
            case .empty(let day), .mood(let day, _): day
            }
        }
    }

    public let year: Int
    /// Twelve rows (January first) of 31 cells (the 1st first).
    public let rows: [[Cell]]

    public init(_ report: InsightsReport) {
        year = report.year
        rows = (1...12).map { month in
            (1...31).map { dayOfMonth in
                let day = LocalDay(year: report.year, month: month, day: dayOfMonth)
                guard day.date.month == month else { return .none }
                guard let average = report.dayAverages[day] else { return .empty(day) }
                return .mood(day, MoodLevel.nearest(to: average))
            }
        }
    }

    /// The line above the grid: 1, 5, 10 … 30 over their cells, two columns a cell.
    public static let dayNumbers = (1...31).map { day in
        day == 1 || day % 5 == 0 ? String(day) + String(repeating: " ", count: 2 - String(day).count) : "  "
    }.joined()
}

extension MoodLevel {
    /// The level nearest an average of levels, halves rounded up.
    public static func nearest(to average: Double) -> MoodLevel {
        MoodLevel(rawValue: min(max(Int((average + 0.5).rounded(.down)), 1), 5))!
    }
}
