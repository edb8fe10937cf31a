import AppTesting
import Foundation
import MoodInsights
import Testing

/// A moment's day, worked out from the zone's offsets looked up once, is the day `Calendar` says.
@Suite struct LocalDaysTests {
    @Test(arguments: ["UTC", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham", "Pacific/Apia"])
    func aMomentsDayIsTheCalendarsDay(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let days = LocalDays(timeZone: timeZone)
        var random = SeededGenerator(seed: 5)
        var hint = 0
        for _ in 0..<2_000 {
            // Mostly 1970 to 2200; now and then up to 9999, the latest date a mood may have.
            let milliseconds = random.next() % 20 == 0
                ? Int64.random(in: 0...253_402_300_799_999, using: &random)
                : Int64.random(in: 0...7_258_118_400_000, using: &random)
            let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
            let expected = LocalDay(year: parts.year!, month: parts.month!, day: parts.day!)
            #expect(days.day(of: milliseconds) == expected, "\(zone) \(milliseconds)")
            #expect(days.day(of: milliseconds, hint: &hint) == expected, "\(zone) \(milliseconds), with a hint")
        }
    }

    @Test func theSameDayMonthsEarlierOrLaterIsClampedToTheMonthsLastDay() {
        func day(_ y: Int, _ m: Int, _ d: Int) -> LocalDay { LocalDay(year: y, month: m, day: d) }
        #expect(day(2028, 2, 29).sameDay(monthsLater: -12) == day(2027, 2, 28))
        #expect(day(2026, 3, 31).sameDay(monthsLater: -1) == day(2026, 2, 28))
        #expect(day(2026, 1, 15).sameDay(monthsLater: -1) == day(2025, 12, 15))
        #expect(day(2025, 12, 31).sameDay(monthsLater: 2) == day(2026, 2, 28))
        #expect(day(2024, 1, 31).sameDay(monthsLater: 1) == day(2024, 2, 29))
        #expect(day(2026, 11, 27).sameDay(monthsLater: 0) == day(2026, 11, 27))
        #expect(day(2026, 11, 27).sameDay(monthsLater: -120) == day(2016, 11, 27))
    }

    @Test func aDayNumberGoesToItsDateAndBack() {
        for number in stride(from: -800_000, through: 3_000_000, by: 997) {
            let day = LocalDay(number: number)
            let (year, month, dayOfMonth) = day.date
            #expect(LocalDay(year: year, month: month, day: dayOfMonth) == day)
        }
        #expect(LocalDay(year: 1970, month: 1, day: 1).number == 0)
        #expect(LocalDay(year: 2026, month: 11, day: 23).weekday == 0, "a Monday")
        #expect(LocalDay(year: 2024, month: 2, day: 29).description == "2024-02-29")
    }

    @Test func aDayStartsAtItsFirstMoment() throws {
        let days = LocalDays(timeZone: try #require(TimeZone(identifier: "America/Sao_Paulo")))
        let day = LocalDay(year: 2026, month: 3, day: 8)
        let start = days.start(of: day).millisecondsSince1970
        #expect(days.day(of: start) == day)
        #expect(days.day(of: start - 1) == day.advanced(by: -1))
    }
}
