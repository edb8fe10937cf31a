import Foundation
import AppTesting
import MoodKit
import Testing

/// Dates are checked as integers, then survive the trip through `Date` exactly.
@Suite struct MoodDateRangeTests {
    static let first = MoodDateRange.milliseconds.lowerBound
    static let last = MoodDateRange.milliseconds.upperBound

    @Test func theRangeRunsFrom1970ToTheEndOf9999() throws {
        let calendar = Calendar(identifier: .gregorian)
        var utc = calendar
        utc.timeZone = TimeZone(identifier: "UTC")!
        let end = try MoodDateRange.date(milliseconds: Self.last, field: .date)
        #expect(utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: end)
            == DateComponents(year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59))
        #expect(try MoodDateRange.date(milliseconds: Self.first, field: .date) == Date(timeIntervalSince1970: 0))
    }

    @Test(arguments: [Int64.min, -1, last + 1, 1 << 53, (1 << 53) + 1, 9_223_372_036_854_775_296, Int64.max] as [Int64])
    func aDateOutsideTheRangeIsRefusedInWords(milliseconds: Int64) {
        #expect(throws: MoodValidationError.dateOutOfRange(.stamps, milliseconds: milliseconds)) {
            try MoodDateRange.date(milliseconds: milliseconds, field: .stamps)
        }
        #expect(MoodValidationError.dateOutOfRange(.date, milliseconds: milliseconds).description.contains("9999-12-31"))
    }

    @Test func everyMillisecondNearTheEndsSurvivesTheTripThroughDate() throws {
        for milliseconds in Array(Self.first...(Self.first + 10_000)) + Array((Self.last - 10_000)...Self.last) {
            #expect(try MoodDateRange.date(milliseconds: milliseconds, field: .date).millisecondsSince1970 == milliseconds)
        }
    }

    @Test func randomMillisecondsAcrossTheRangeSurviveTheTripThroughDate() throws {
        let seed = TestSeed.chosen()
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<200_000 {
            let milliseconds = Int64.random(in: MoodDateRange.milliseconds, using: &generator)
            let back = try MoodDateRange.date(milliseconds: milliseconds, field: .date).millisecondsSince1970
            #expect(back == milliseconds, "seed \(seed)")
            if back != milliseconds { return }
        }
    }

    @Test func aDateNoIntegerHoldsConvertsWithoutTrapping() {
        #expect(Date(timeIntervalSince1970: 1e300).millisecondsSince1970 == .max)
        #expect(Date(timeIntervalSince1970: -1e300).millisecondsSince1970 == .min)
        #expect(Date(timeIntervalSince1970: .nan).millisecondsSince1970 == .max)
    }

    @Test func aNewMoodRefusesADateOutsideTheRange() {
        #expect(throws: MoodValidationError.self) {
            try MoodEntry(level: .good, date: Date(timeIntervalSince1970: -1))
        }
        #expect(throws: MoodValidationError.self) {
            try MoodEntry(level: .good, date: Date(timeIntervalSince1970: 300_000_000_000))
        }
    }
}
