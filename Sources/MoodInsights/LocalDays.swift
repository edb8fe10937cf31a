import Foundation

/// Which ``LocalDay`` a moment falls on in a time zone: the device's own, so that insights
/// group moods by the days the list shows.
///
/// The zone's offsets are looked up once, as the moments they change at, so that a million
/// moods need no `TimeZone` call each. Moods read in date order (as insights read them) find
/// their offset without a search.
public struct LocalDays: Sendable {
    public let timeZone: TimeZone
    /// The moments (milliseconds since 1970) the zone's offset changes at, sorted, each with
    /// the offset (milliseconds) from then on; the first covers everything before it.
    private let changes: [(start: Int64, offset: Int64)]
    /// Past these years the zone is asked moment by moment.
    private static let coveredYears = 1900...2200
    private static let millisecondsPerDay: Int64 = 86_400_000

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
        var changes: [(start: Int64, offset: Int64)] = []
        let start = Date(timeIntervalSince1970: Self.seconds(ofYear: Self.coveredYears.lowerBound))
        let end = Date(timeIntervalSince1970: Self.seconds(ofYear: Self.coveredYears.upperBound))
        changes.append((start.millisecondsSince1970, Int64(timeZone.secondsFromGMT(for: start)) * 1000))
        var moment = start
        while let next = timeZone.nextDaylightSavingTimeTransition(after: moment), next < end {
            changes.append((next.millisecondsSince1970, Int64(timeZone.secondsFromGMT(for: next)) * 1000))
            moment = next
        }
        self.changes = changes
    }

    /// The day the moment `milliseconds` (since 1970) falls on.
    public func day(of milliseconds: Int64) -> LocalDay {
        var hint = 0
        return day(of: milliseconds, hint: &hint)
    }

    /// The same, for moments read in order: `hint` remembers where the last one was found.
    public func day(of milliseconds: Int64, hint: inout Int) -> LocalDay {
        let offset: Int64
        if milliseconds < changes[0].start || milliseconds >= Self.coveredEnd {
            let date = Date(millisecondsSince1970: milliseconds)
            offset = Int64(timeZone.secondsFromGMT(for: date)) * 1000
        } else {
            if !(changes[hint].start <= milliseconds && (hint + 1 == changes.count || milliseconds < changes[hint + 1].start)) {
                hint = changeIndex(at: milliseconds)
            }
            offset = changes[hint].offset
        }
        let local = milliseconds + offset
        return LocalDay(number: Int(local >= 0 ? local / Self.millisecondsPerDay : (local + 1) / Self.millisecondsPerDay - 1))
    }

    /// Every moment of `day`, in milliseconds since 1970: where its moods are in the journal.
    public func moments(of day: LocalDay) -> ClosedRange<Int64> {
        start(of: day).millisecondsSince1970...(start(of: day.advanced(by: 1)).millisecondsSince1970 - 1)
    }

    /// The first moment of `day`.
    public func start(of day: LocalDay) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let (year, month, dayOfMonth) = day.date
        return calendar.date(from: DateComponents(year: year, month: month, day: dayOfMonth))
            ?? Date(millisecondsSince1970: Int64(day.number) * Self.millisecondsPerDay)
    }

    /// The last change at or before `milliseconds` (binary search).
    private func changeIndex(at milliseconds: Int64) -> Int {
        var low = 0, high = changes.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if changes[middle].start <= milliseconds { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private static let coveredEnd = Int64(seconds(ofYear: coveredYears.upperBound)) * 1000

    private static func seconds(ofYear year: Int) -> TimeInterval {
        TimeInterval(LocalDay.firstOfYear(year).number) * 86_400
    }
}
