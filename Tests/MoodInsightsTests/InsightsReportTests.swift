import MoodInsights
import MoodKit
import Testing

/// The figures worked out from the counts, on a small year checked by hand.
@Suite struct InsightsReportTests {
    static let run = try! ActivityName.validated("run")
    static let work = try! ActivityName.validated("work")

    /// Mon 2 Nov: great (run). Tue 3 Nov: bad, meh (work). Wed 4 Nov: good (run, work).
    /// Fri 6 Nov: awful. And 31 Dec 2025: meh, which belongs to another year.
    static var aggregates: InsightsAggregates {
        var aggregates = InsightsAggregates()
        func add(_ level: MoodLevel, _ activities: [ActivityName], _ month: Int, _ day: Int, year: Int = 2026) {
            aggregates.add(MoodFacts(milliseconds: 0, level: level, activities: activities), on: LocalDay(year: year, month: month, day: day))
        }
        add(.great, [run], 11, 2)
        add(.bad, [work], 11, 3)
        add(.meh, [], 11, 3)
        add(.good, [run, work], 11, 4)
        add(.awful, [], 11, 6)
        add(.meh, [], 12, 31, year: 2025)
        return aggregates
    }

    @Test func dayAveragesLevelsWeekdaysAndMonthsCountOnlyTheYear() {
        let report = InsightsReport(Self.aggregates, year: 2026, today: LocalDay(year: 2026, month: 11, day: 6))
        #expect(report.moodCount == 5)
        #expect(report.dayAverages[LocalDay(year: 2026, month: 11, day: 3)] == 2.5)
        #expect(report.levelCounts == [1, 1, 1, 1, 1])
        #expect(report.weekdays[0].value == 5 && report.weekdays[1].value == 2.5 && report.weekdays[1].count == 2)
        #expect(report.weekdays[3].value == nil)
        #expect(report.months[10].value == 3 && report.months[10].count == 5 && report.months[11].count == 0)
    }

    @Test func activitiesAreSortedByTheirEffectOnTheDaysWithThem() {
        let report = InsightsReport(Self.aggregates, year: 2026, today: LocalDay(year: 2026, month: 11, day: 6))
        // Day averages: 5, 2.5, 4, 1. Run: days 5 and 4 (4.5) against 2.5 and 1 (1.75).
        // Work: days 2.5 and 4 (3.25) against 5 and 1 (3).
        #expect(report.activityEffects.map(\.name) == [Self.run, Self.work])
        let run = report.activityEffects[0]
        #expect(run.moods == 2 && run.withIt.count == 2 && run.withIt.value == 4.5)
        #expect(run.withoutIt.count == 2 && run.withoutIt.value == 1.75)
        #expect(run.effect == 2.75)
        #expect(report.activityEffects[1].effect == 0.25)
    }

    @Test func theCurrentStreakMayEndYesterdayAndTheLongestIsTheLatestOfEquals() {
        let days = [(2026, 11, 2), (2026, 11, 3), (2026, 11, 4), (2026, 11, 6), (2025, 12, 31)].map { LocalDay(year: $0.0, month: $0.1, day: $0.2) }
        let friday = LocalDay(year: 2026, month: 11, day: 6)
        let onSaturday = Streaks(days: days, today: friday.advanced(by: 1))
        #expect(onSaturday.current == friday...friday)
        #expect(onSaturday.longest == LocalDay(year: 2026, month: 11, day: 2)...LocalDay(year: 2026, month: 11, day: 4))
        #expect(Streaks(days: days, today: friday.advanced(by: 2)).current == nil)
        #expect(Streaks(days: [], today: friday).longest == nil)
    }

    @Test func weeksRunMondayToSundayUpToToday() {
        let weeks = Self.aggregates.weeklyAverages(through: LocalDay(year: 2026, month: 11, day: 8), count: 2)
        #expect(weeks.map(\.first) == [LocalDay(year: 2026, month: 10, day: 26), LocalDay(year: 2026, month: 11, day: 2)])
        #expect(weeks[0].average.count == 0)
        #expect(weeks[1].average.count == 5 && weeks[1].average.value == 3)
    }

    @Test func weeksCanStartOnSunday() {
        let sunday = LocalDay(year: 2026, month: 11, day: 8)
        let weeks = Self.aggregates.weeklyAverages(through: sunday, count: 2, firstWeekday: 6)
        #expect(weeks.map(\.first) == [LocalDay(year: 2026, month: 11, day: 1), sunday])
        #expect(weeks[0].average.count == 5 && weeks[1].average.count == 0)
        #expect(LocalDay.weekdays(from: 6) == [6, 0, 1, 2, 3, 4, 5])
        #expect(LocalDay.weekdays(from: -1) == LocalDay.weekdays(from: 6), "any number is a weekday")
        #expect(sunday.advanced(by: -1).startOfWeek(firstWeekday: 5) == sunday.advanced(by: -1))
    }
}
