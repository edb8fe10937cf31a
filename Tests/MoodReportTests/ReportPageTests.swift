import Foundation
import MoodInsights
import MoodKit
import MoodReport
import Testing

/// The page's structure: its sections, a pixel for each day of the period, and notes only when
/// asked for.
@Suite struct ReportPageTests {
    static let run = try! ActivityName.validated("run")
    static let sleep = Scale(
        name: try! ScaleName.normalized("sleep"), kind: .number(unit: "h", minimum: 0, maximum: 240),
        at: HybridTimestamp(wallMilliseconds: 1, counter: 0, device: "laptop"))
    static let period = LocalDay(year: 2026, month: 9, day: 1)...LocalDay(year: 2026, month: 11, day: 28)

    /// Moods on four days of the period, two of them with a run and a night's sleep, and one the
    /// day before it starts.
    static var aggregates: InsightsAggregates {
        var aggregates = InsightsAggregates()
        func add(_ level: MoodLevel, _ activities: [ActivityName], _ month: Int, _ day: Int, sleep tenths: Int? = nil) {
            let scales = tenths.map { [Self.sleep.id: $0] } ?? [:]
            aggregates.add(
                MoodFacts(milliseconds: 0, level: level, activities: activities, scaleTenths: scales), on: LocalDay(year: 2026, month: month, day: day))
        }
        add(.great, [run], 9, 1, sleep: 80)
        add(.bad, [], 9, 2, sleep: 55)
        add(.meh, [], 9, 2)
        add(.good, [run], 10, 14, sleep: 75)
        add(.awful, [], 11, 28)
        add(.great, [], 8, 31)
        return aggregates
    }

    static func page(notes: [ReportNote]? = nil, scales: [Scale] = [sleep], firstWeekday: Int = 0, period: ClosedRange<LocalDay> = period) -> String {
        ReportPage.html(ReportContent(
            period: period, today: LocalDay(year: 2026, month: 11, day: 28), aggregates: aggregates, scales: scales, words: .builtIn,
            firstWeekday: firstWeekday, notes: notes))
    }

    /// The values of `attribute` in the page, in order.
    static func values(of attribute: String, in page: String) -> [String] {
        page.matches(of: try! Regex("\(attribute)=\"([^\"]*)\"")).map { String($0.output[1].substring!) }
    }

    @Test func theSectionsComeInOrderAndScalesAndNotesOnlyWhenThereIsSomethingToShow() {
        let full = Self.values(of: "section id", in: Self.page(notes: []))
        #expect(full == ["pixels", "over-time", "levels", "weekdays", "activities", "streaks", "scales", "notes"])
        #expect(Self.values(of: "section id", in: Self.page(scales: [])) == ["pixels", "over-time", "levels", "weekdays", "activities", "streaks"])
    }

    @Test func eachDayOfThePeriodIsOnePixelColouredByItsAverage() throws {
        let page = Self.page()
        let days = Self.values(of: "data-day", in: page)
        #expect(days == Self.period.map(\.description))
        let pixel = { (day: String) in try #require(page.firstMatch(of: try Regex("class=\"([a-z0-9]+)\" data-day=\"\(day)\""))?.output[1].substring) }
        #expect(try pixel("2026-09-01") == "l5")
        #expect(try pixel("2026-09-02") == "l3")  // bad and meh: 2.5, nearest 3
        #expect(try pixel("2026-09-03") == "none")
        #expect(try pixel("2026-11-28") == "l1")
        #expect(!page.contains("2026-08-31"))
    }

    @Test func aPeriodAcrossNewYearHasAGridForEachYearAndStillAPixelADay() {
        let period = LocalDay(year: 2025, month: 12, day: 20)...LocalDay(year: 2026, month: 1, day: 10)
        let page = Self.page(period: period)
        #expect(page.components(separatedBy: "<svg class=\"pixels\"").count - 1 == 2)
        #expect(page.contains("<h3>2025</h3>") && page.contains("<h3>2026</h3>"))
        #expect(Self.values(of: "data-day", in: page) == period.map(\.description))
    }

    @Test func withoutNotesNoNoteIsInThePageAndWithThemEachIsEscaped() {
        let hostile = "</p><script>alert(1)</script> slept \u{1B}[2J badly"
        let note = ReportNote(day: LocalDay(year: 2026, month: 9, day: 2), time: "21:04", level: .bad, activities: [Self.run], text: hostile)
        #expect(!Self.page().contains("slept"))
        #expect(!Self.page().contains("id=\"notes\""))
        let page = Self.page(notes: [note])
        #expect(page.contains("&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt; slept \u{241B}[2J badly"))
        #expect(page.contains("21:04 · bad · run"))
        #expect(!page.contains("<script"))
    }

    @Test func thePageFetchesNothingAndRunsNothing() {
        let page = Self.page(notes: [])
        for forbidden in ["<script", "http:", "https:", " src=", " href=", "url(", "@import"] {
            #expect(!page.contains(forbidden), "\(forbidden)")
        }
        #expect(page.contains("Content-Security-Policy\" content=\"default-src 'none'"))
    }

    @Test func weekdaysRunFromTheWeeksFirstDay() {
        let rows = { (page: String) in
            page.matches(of: /<tr><th scope="row">(Mon|Tue|Wed|Thu|Fri|Sat|Sun)<\/th>/).map { String($0.output.1) }
        }
        #expect(rows(Self.page()) == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        #expect(rows(Self.page(firstWeekday: 6)) == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
    }

    @Test func theFiguresAreThePeriodsOnly() {
        let page = Self.page()
        #expect(page.contains("5 moods on 4 days · average 3.0 (meh)"))
        #expect(page.contains("<dt>Days with a mood</dt><dd>4 of 89 (4%)</dd>"))
        // Run: days 5 and 4 against 2.5 and 1.
        #expect(page.contains("<tr><th scope=\"row\">run</th><td class=\"number\">2</td>"))
        #expect(page.contains("+2.8"))
        #expect(page.contains("<tr><th scope=\"row\">sleep</th><td class=\"number\">3</td><td class=\"number\">7.0 h</td>"))
    }
}
