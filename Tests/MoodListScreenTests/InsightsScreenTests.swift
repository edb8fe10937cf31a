import MoodInsights
import MoodKit
import MoodListModule
import Testing
import TerminalUI
@testable import MoodListScreen

/// The insights screen drawn into the in-memory screen for a fixed journal: golden text at
/// 80×24 without colour, and the colours, marks and larger window checked apart.
@Suite struct InsightsScreenTests {
    static let today = LocalDay(year: 2026, month: 11, day: 23)

    /// Moods on 2, 3, 4 November (a three-day streak) and today, some with activities.
    static var insights: InsightsViewModel {
        var counts = InsightsAggregates()
        let run = try! ActivityName.validated("run"), work = try! ActivityName.validated("work")
        func add(_ level: MoodLevel, _ activities: [ActivityName], _ month: Int, _ day: Int) {
            counts.add(MoodFacts(milliseconds: 0, level: level, activities: activities), on: LocalDay(year: 2026, month: month, day: day))
        }
        add(.great, [run], 11, 2)
        add(.bad, [work], 11, 3)
        add(.meh, [], 11, 3)
        add(.good, [run, work], 11, 4)
        add(.awful, [], 11, 23)
        add(.good, [], 1, 15)
        return InsightsViewModel(counts, year: 2026, selected: LocalDay(year: 2026, month: 11, day: 3), today: today)
    }

    private func draw(rows: Int = 24, columns: Int = 80, colors: ColorSupport = .none) -> BufferScreen {
        let screen = MoodListFixtures.screen(rows: rows, columns: columns)
        InsightsRenderer(screen: screen, colorSupport: colors).draw(Self.insights, footer: "←→ year · hjkl select day · Enter show in list · i back", message: nil)
        return screen
    }

    @Test func at80By24WithoutColourEveryPartShows() {
        #expect(draw().lines == [
            "Insights 2026  ·  6 moods on 5 days",
            "     1       5         10        15        20        25        30",
            "Jan  · · · · · · · · · · · · · · ▆ · · · · · · · · · · · · · · · ·",
            "Feb  · · · · · · · · · · · · · · · · · · · · · · · · · · · ·",
            "Mar  · · · · · · · · · · · · · · · · · · · · · · · · · · · · · · ·",
            "Apr  · · · · · · · · · · · · · · · · · · · · · · · · · · · · · ·",
            "May  · · · · · · · · · · · · · · · · · · · · · · · · · · · · · · ·",
            "Jun  · · · · · · · · · · · · · · · · · · · · · · · · · · · · · ·",
            "Jul  · · · · · · · · · · · · · · · · · · · · · · · · · · · · · · ·",
            "Aug  · · · · · · · · · · · · · · · · · · · · · · · · · · · · · · ·",
            "Sep  · · · · · · · · · · · · · · · · · · · · · · · · · · · · · ·",
            "Oct  · · · · · · · · · · · · · · · · · · · · · · · · · · · · · · ·",
            "Nov  · █ ▅ ▆ · · · · · · · · · · · · · · · · · · ▁<· · · · · · ·",
            "Dec  · · · · · · · · · · · · · · · · · · · · · · · · · · · · · · ·",
            "     ▁ awful  ▃ bad  ▅ meh  ▆ good  █ great  · none  < today",
            "Selected  Tue 3 Nov 2026: 2.5 from 2 moods",
            "Streak    current 1 day · longest 3 days (Mon 2 Nov 2026 – Wed 4 Nov 2026)",
            "Levels    awful 1 · bad 1 · meh 1 · good 2 · great 1",
            "Weekdays  Mon 3.0 · Tue 2.5 · Wed 4.0 · Thu 4.0 · Fri – · Sat – · Sun –",
            "Months    J4.0 F– M– A– M– J– J– A– S– O– N3.0 D–",
            "Weeks     ▆                                         ▅  ▁ 46 weeks, 6 moods",
            "Helps     run +2.0 (2d) · work −0.1 (2d)",
            "",
            "←→ year · hjkl select day · Enter show in list · i back",
        ])
    }

    /// Beside the selected day, the same day's average a year and a month before.
    @Test func theSelectedDaySaysWhatItsDayHeldAYearAndAMonthBefore() {
        var counts = InsightsAggregates()
        for (level, month, day, year) in [(MoodLevel.bad, 11, 3, 2026), (.meh, 11, 3, 2026), (.good, 11, 3, 2025), (.great, 10, 3, 2026)] {
            counts.add(MoodFacts(milliseconds: 0, level: level, activities: []), on: LocalDay(year: year, month: month, day: day))
        }
        let insights = InsightsViewModel(counts, year: 2026, selected: LocalDay(year: 2026, month: 11, day: 3), today: Self.today)
        let screen = MoodListFixtures.screen(rows: 24, columns: 100)
        InsightsRenderer(screen: screen, colorSupport: .none).draw(insights, footer: "", message: nil)
        #expect(screen.lines.contains("Selected  Tue 3 Nov 2026: 2.5 from 2 moods · a year ago 4.0 · a month ago 5.0"), "\(screen.lines)")
    }

    /// A week that starts on Sunday puts Sunday first among the weekdays.
    @Test func theWeekdaysRunFromTheWeeksFirstDay() {
        let insights = InsightsViewModel(InsightsAggregates(), year: 2026, selected: Self.today, today: Self.today, firstWeekday: 6)
        let screen = MoodListFixtures.screen(rows: 24, columns: 80)
        InsightsRenderer(screen: screen, colorSupport: .none).draw(insights, footer: "", message: nil)
        #expect(screen.lines.contains("Weekdays  Sun – · Mon – · Tue – · Wed – · Thu – · Fri – · Sat –"), "\(screen.lines)")
    }

    @Test func withoutColourTheSelectedDayIsInReverse() {
        let screen = draw()
        #expect(screen.style(row: 12, column: 5 + 2 * 2).reverse, "3 November")
        #expect(!screen.style(row: 12, column: 5 + 2 * 1).reverse)
    }

    @Test func inColourACellIsItsLevelsColourWithTheSelectionAndTodayMarkedInIt() {
        let screen = draw(colors: .extended256)
        let november = screen.lines[12]
        #expect(november.hasPrefix("Nov  ·   ▸   ·"), "great, then the selected bad-and-meh day, then good")
        #expect(screen.style(row: 12, column: 7).foreground == MoodLevel.great.terminalColor && screen.style(row: 12, column: 7).reverse)
        #expect(screen.style(row: 12, column: 9).foreground == MoodLevel.meh.terminalColor, "2.5 rounds to meh")
        #expect(screen.column(of: " <", row: 12) == 5 + 2 * 22, "today")
        #expect(screen.style(row: 12, column: 5 + 2 * 22).foreground == MoodLevel.awful.terminalColor)
    }

    @Test func aWindowTooSmallForTheGridSaysWhatItNeeds() {
        let screen = draw(rows: 12, columns: 50)
        #expect(screen.lines[4].contains("Insights need at least 67×20"))
        #expect(screen.lines[5].contains("now 50×12"))
        #expect(screen.lines[11].hasPrefix("←→ year"))
        #expect(!screen.lines.joined().contains("Jan"))
    }

    /// Sleep of 8 h in the week of 2 November, 5 and 6 the week after, 7 this week, on a scale
    /// of 0 to 10 h; anxiety from 1 to 5 without a value this year.
    static var insightsWithScales: InsightsViewModel {
        let stamp = HybridTimestamp(wallMilliseconds: 1, counter: 0, device: "laptop")
        let sleep = Scale(name: try! ScaleName.normalized("sleep"), kind: .number(unit: "h", minimum: 0, maximum: 100), at: stamp)
        let anxiety = Scale(name: try! ScaleName.normalized("anxiety"), kind: .range(1...5), at: stamp)
        var counts = InsightsAggregates()
        for (level, hours, day) in [(MoodLevel.great, 80, 2), (.bad, 50, 10), (.meh, 60, 10), (.good, 70, 23)] {
            counts.add(
                MoodFacts(milliseconds: 0, level: level, activities: [], scaleTenths: [sleep.id: hours]),
                on: LocalDay(year: 2026, month: 11, day: day))
        }
        return InsightsViewModel(counts, scales: [sleep, anxiety], year: 2026, selected: today, today: today)
    }

    @Test func aTallerWindowGivesEachScaleASparklineUnderTheWeeksAndRanksItInWhatHelps() throws {
        let screen = MoodListFixtures.screen(rows: 30, columns: 80)
        InsightsRenderer(screen: screen, colorSupport: .none).draw(Self.insightsWithScales, footer: "i back", message: nil)
        let weeks = try #require(screen.lines.firstIndex { $0.hasPrefix("Weeks") })
        let sleep = screen.lines[weeks + 1]
        #expect(sleep.hasPrefix("sleep     "), "\(screen.lines.joined(separator: "\n"))")
        #expect(sleep.hasSuffix(" ▇▅ ▆ 6.5 h · r +1.00"), "a column a week: 8, 5.5, none and 7 of 0 to 10 h")
        func summaryStart(_ line: String, _ pattern: String) -> Int? {
            line.range(of: pattern, options: .regularExpression).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
        }
        #expect(summaryStart(sleep, " 6.5 h") == summaryStart(screen.lines[weeks], #" \d+ weeks"#), "the weeks under the chart's weeks")
        #expect(!screen.lines.contains { $0.hasPrefix("anxiety") }, "a scale without a value this year has no line")
        let helps = try #require(screen.lines.firstIndex { $0.hasPrefix("Helps") })
        #expect(screen.lines[helps + 1] == "          sleep ≥ 7.0  +2.0  4.5 (2 days) / 2.5 (1 day)")
    }

    @Test func aTallerWindowGivesTheChartRowsAndEachActivityALine() {
        let screen = draw(rows: 40, columns: 120)
        let helps = try! #require(screen.lines.firstIndex { $0.hasPrefix("Helps") })
        #expect(screen.lines[helps] == "Helps     days with / without")
        #expect(screen.lines[helps + 1] == "          run   +2.0  4.5 (2 days) / 2.5 (3 days)")
        #expect(screen.lines[helps + 2] == "          work  −0.1  3.3 (2 days) / 3.3 (3 days)")
        let weeks = try! #require(screen.lines.firstIndex { $0.hasPrefix("Weeks") })
        let above = screen.lines[weeks - 1]
        #expect(weeks > 21 && above.hasPrefix("          ") && above.contains { "▁▂▃▄▅▆▇█".contains($0) }, "the chart is taller: a good week reaches the row above")
        #expect(screen.lines[weeks].contains("weeks, 6 moods"))
    }
}
