/// A calendar day as a person lives it, numbered from 1970-01-01 (day 0) in the proleptic
/// Gregorian calendar: a plain integer, so that a million moods are counted by day without a
/// `Calendar` call each, and the days between two days is a subtraction.
public struct LocalDay: Hashable, Comparable, Strideable, Sendable, CustomStringConvertible {
    public let number: Int

    public init(number: Int) { self.number = number }

    /// The day with this date; `month` 1–12, `day` 1–31 (not checked against the month's length).
    public init(year: Int, month: Int, day: Int) {
        // Howard Hinnant's days_from_civil: years start in March, so that February's length
        // comes last.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        number = era * 146_097 + dayOfEra - 719_468
    }

    /// The day's year, month (1–12) and day of the month (1–31).
    public var date: (year: Int, month: Int, day: Int) {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public var year: Int { date.year }

    /// Monday 0 … Sunday 6 (1970-01-01 was a Thursday).
    public var weekday: Int { Self.weekdayNumber(number + 3) }

    /// The first day of this day's week, for weeks that start on `firstWeekday` (Monday 0 …
    /// Sunday 6).
    public func startOfWeek(firstWeekday: Int) -> LocalDay { advanced(by: -Self.weekdayNumber(weekday - firstWeekday)) }

    /// The weekdays (Monday 0 … Sunday 6) in the order a week that starts on `firstWeekday` runs.
    public static func weekdays(from firstWeekday: Int) -> [Int] { (0..<7).map { weekdayNumber($0 + firstWeekday) } }

    /// `n` brought into 0…6, whatever its sign.
    private static func weekdayNumber(_ n: Int) -> Int { (n % 7 + 7) % 7 }

    /// The years a mood's date may fall in (1970-01-01 to 9999-12-31, as `MoodDateRange`).
    public static let moodYears = 1970...9999

    /// The same day of the month `months` later (earlier when negative), or that month's last
    /// day when it has fewer: a year before 29 February 2028 is 28 February 2027.
    public func sameDay(monthsLater months: Int) -> LocalDay {
        let (year, month, day) = date
        let monthIndex = year * 12 + (month - 1) + months
        let (targetYear, targetMonth) = (monthIndex >= 0 ? monthIndex / 12 : (monthIndex - 11) / 12, ((monthIndex % 12) + 12) % 12 + 1)
        var candidate = day
        while LocalDay(year: targetYear, month: targetMonth, day: candidate).date.month != targetMonth { candidate -= 1 }
        return LocalDay(year: targetYear, month: targetMonth, day: candidate)
    }

    /// The first day of `year`.
    public static func firstOfYear(_ year: Int) -> LocalDay { LocalDay(year: year, month: 1, day: 1) }

    public static func < (a: LocalDay, b: LocalDay) -> Bool { a.number < b.number }
    public func distance(to other: LocalDay) -> Int { other.number - number }
    public func advanced(by n: Int) -> LocalDay { LocalDay(number: number + n) }

    /// `2026-11-23`.
    public var description: String {
        let (year, month, day) = date
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
}
