import Foundation
import MoodInsights
import MoodKit
import Testing

/// A scale's year: its averages by month and week, its median over days, the levels of the days
/// on either side of it, and the correlation, from the counts of moods made up for it.
@Suite struct ScaleInsightTests {
    private let days = LocalDays(timeZone: TimeZone(identifier: "UTC")!)
    private let stamp = HybridTimestamp(wallMilliseconds: 1, counter: 0, device: "laptop")

    private func mood(_ day: LocalDay, _ level: MoodLevel, _ values: [Scale.ID: ScaleValue]) -> (LocalDay, MoodFacts) {
        (day, MoodFacts(milliseconds: days.moments(of: day).lowerBound, level: level, activities: [], scaleTenths: values.mapValues(\.inTenths)))
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
        var aggregates = InsightsAggregates()
        for (day, facts) in moods { aggregates.add(facts, on: day) }
        let insights = ScaleInsight.year(2026, scales: [anxiety, meds], aggregates: aggregates)
        let (a, m) = (insights[0], insights[1])
        #expect(a.values.count == 4 && a.values.value == 3, "2025's value is left out")
        #expect(a.months[0].value == 11.0 / 3 && a.months[2].value == 1 && a.months[1].count == 0)
        #expect(a.weeks[0].value == 4.5 && a.weeks[1].value == 2, "the year's first seven days are week 1")
        #expect(a.median == 2, "of the days' values 4.5, 2 and 1")
        #expect(a.atOrAboveMedian.value == 2.75 && a.belowMedian.value == 5, "(1.5 + 4) / 2 on days at or above, great below")
        #expect(try #require(a.correlation) < -0.9, "more anxiety, worse days")
        #expect(m.median == 1 && m.atOrAboveMedian.value == 4.5 && m.belowMedian.value == 1.5)
        #expect(m.correlation.map { $0 > 0.9 } == true)
        #expect(ScaleInsight.year(2027, scales: [anxiety], aggregates: aggregates)[0].correlation == nil)
    }
}

/// "What helps" ranks activities and scales together, and writes their figures alike.
@Suite struct HelpingFactorTests {
    private let stamp = HybridTimestamp(wallMilliseconds: 1, counter: 0, device: "laptop")

    @Test func activitiesAndScalesAreRankedTogetherByTheirEffect() throws {
        let meds = Scale(name: try ScaleName.normalized("meds"), kind: .yesNo, at: stamp)
        let sleep = Scale(name: try ScaleName.normalized("sleep"), kind: .number(unit: nil, minimum: nil, maximum: nil), at: stamp)
        var counts = InsightsAggregates()
        let run = try ActivityName.validated("run")
        let days = [(MoodLevel.great, [run], [meds.id: 10, sleep.id: 80]), (.good, [], [meds.id: 10, sleep.id: 60]),
                    (.bad, [run], [meds.id: 0, sleep.id: 75]), (.awful, [], [meds.id: 0])]
        for (index, (level, activities, values)) in days.enumerated() {
            counts.add(MoodFacts(milliseconds: 0, level: level, activities: activities, scaleTenths: values), on: LocalDay(year: 2026, month: 5, day: 1 + index))
        }
        let report = InsightsReport(counts, year: 2026, today: LocalDay(year: 2026, month: 12, day: 1))
        let factors = HelpingFactor.ranked(activities: report.activityEffects, scales: ScaleInsight.year(2026, scales: [sleep, meds], aggregates: counts))
        #expect(factors.map(\.label) == ["meds yes", "run", "sleep ≥ 7.5"])
        #expect(factors.map { InsightsWords.effect($0) } == ["+3.0", "+1.0", "−0.5"], "meds: 4.5 against 1.5; run: 3.5 against 2.5; sleep: 3.5 against 4")
        #expect(factors.map(\.uses) == [4, 2, 3], "values of a scale, moods with an activity")
    }

    /// A yes/no scale yes on one day in four has a median of no: split at the median, every day
    /// stood on one side and the scale had no effect at all.
    @Test func aScaleRarelyYesSplitsItsYesDaysFromTheOthers() throws {
        let meds = Scale(name: try ScaleName.normalized("meds"), kind: .yesNo, at: stamp)
        var counts = InsightsAggregates()
        for (index, (level, yes)) in [(MoodLevel.great, true), (.bad, false), (.awful, false), (.meh, false)].enumerated() {
            counts.add(MoodFacts(milliseconds: 0, level: level, activities: [], scaleTenths: [meds.id: yes ? 10 : 0]), on: LocalDay(year: 2026, month: 5, day: 1 + index))
        }
        let insight = ScaleInsight.year(2026, scales: [meds], aggregates: counts)[0]
        #expect(insight.median == 0)
        #expect(insight.atOrAboveMedian.value == 5 && insight.belowMedian.value == 2)
        #expect(HelpingFactor(insight).map { InsightsWords.effect($0) } == "+3.0")
    }

    /// A negative average was written `0.-5`.
    @Test func aValueBelowZeroKeepsItsSign() {
        #expect(InsightsWords.oneDecimal(-0.5) == "-0.5")
        #expect(InsightsWords.oneDecimal(-2.26) == "-2.3")
        #expect(InsightsWords.oneDecimal(3.44) == "3.4")
        #expect(InsightsWords.correlation(-0.054) == "r −0.05" && InsightsWords.correlation(1) == "r +1.00" && InsightsWords.correlation(nil) == "r –")
    }
}
