import Foundation
import MoodInsights
import MoodKit
import Testing

/// A scale's year: its averages by month and week, its median over days, the levels of the days
/// on either side of it, and the correlation, from moods made up for it.
@Suite struct ScaleInsightTests {
    private let days = LocalDays(timeZone: TimeZone(identifier: "UTC")!)
    private let stamp = HybridTimestamp(wallMilliseconds: 1, counter: 0, device: "laptop")

    private func mood(_ day: LocalDay, _ level: MoodLevel, _ values: [Scale.ID: ScaleValue]) -> (milliseconds: Int64, level: MoodLevel, values: ScaleValues) {
        (days.moments(of: day).lowerBound + 3_600_000, level, ScaleValues(setting: values, at: stamp))
    }

    @Test func aYearsFiguresComeFromItsDaysAndLeaveOtherYearsOut() throws {
        let anxiety = Scale(name: try ScaleName.normalized("anxiety"), kind: .range(1...5), at: stamp)
        let meds = Scale(name: try ScaleName.normalized("meds"), kind: .yesNo, at: stamp)
        let jan1 = LocalDay(year: 2026, month: 1, day: 1)
        let moods = [
            mood(jan1, .awful, [anxiety.id: .whole(5), meds.id: .no]),
            mood(jan1, .bad, [anxiety.id: .whole(4)]),
            mood(jan1.advanced(by: 8), .good, [anxiety.id: .whole(2), meds.id: .yes]),
            mood(LocalDay(year: 2026, month: 3, day: 2), .great, [anxiety.id: .whole(1), meds.id: .yes]),
            mood(LocalDay(year: 2026, month: 3, day: 3), .meh, [:]),
            mood(LocalDay(year: 2025, month: 12, day: 31), .awful, [anxiety.id: .whole(5)]),
        ]
        let insights = ScaleInsight.year(2026, scales: [anxiety, meds], moods: moods, localDays: days)
        let (a, m) = (insights[0], insights[1])
        #expect(a.values.count == 4 && a.values.value == 3, "2025's value is left out")
        #expect(a.months[0].value == 11.0 / 3 && a.months[2].value == 1 && a.months[1].count == 0)
        #expect(a.weeks[0].value == 4.5 && a.weeks[1].value == 2, "the year's first seven days are week 1")
        #expect(a.median == 2, "of the days' values 4.5, 2 and 1")
        #expect(a.atOrAboveMedian.value == 2.75 && a.belowMedian.value == 5, "(1.5 + 4) / 2 on days at or above, great below")
        #expect(try #require(a.correlation) < -0.9, "more anxiety, worse days")
        #expect(m.median == 1 && m.atOrAboveMedian.value == 4.5 && m.belowMedian.value == 1.5)
        #expect(m.correlation.map { $0 > 0.9 } == true)
        #expect(ScaleInsight.year(2027, scales: [anxiety], moods: moods, localDays: days)[0].correlation == nil)
    }
}
