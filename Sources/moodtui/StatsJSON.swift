import MoodInsights
import MoodKit

/// A year's insights as `moodtui stats --json` prints them: days as `YYYY-MM-DD`, averages
/// unrounded, and `null` where there is nothing to average or no streak.
struct StatsJSON: Encodable {
    /// A value written as `null` when absent, where Swift's encoder would leave the key out:
    /// a script reads every key of every object.
    @propertyWrapper
    struct NullWhenAbsent<Value: Encodable>: Encodable {
        var wrappedValue: Value?

        init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
        }
    }

    struct AverageJSON: Encodable {
        @NullWhenAbsent var average: Double?
        let count: Int
        init(_ average: Average) { (self.average, count) = (average.value, average.count) }
    }

    struct StreakJSON: Encodable {
        let days: Int
        let first: String
        let last: String
        init?(_ range: ClosedRange<LocalDay>?) {
            guard let range else { return nil }
            (days, first, last) = (range.count, range.lowerBound.description, range.upperBound.description)
        }
    }

    struct ActivityJSON: Encodable {
        let name: String
        let moods: Int
        let daysWith: AverageJSON
        let daysWithout: AverageJSON
        @NullWhenAbsent var effect: Double?
    }

    struct ScaleJSON: Encodable {
        let name: String
        /// `range 1 5`, `number 0 240 h` (bounds in tenths), `yes-no`; yes counts 1, no 0.
        let kind: String
        let values: AverageJSON
        /// January first.
        let months: [AverageJSON]
        /// Week 1 is the year's first seven days.
        let weeks: [AverageJSON]
        @NullWhenAbsent var median: Double?
        /// The average level of the days whose value is at or above the median, and below it.
        let daysAtOrAboveMedian: AverageJSON
        let daysBelowMedian: AverageJSON
        @NullWhenAbsent var correlation: Double?

        init(_ insight: ScaleInsight) {
            name = insight.scale.name.value.text
            kind = insight.scale.kind.storedText
            values = AverageJSON(insight.values)
            months = insight.months.map(AverageJSON.init)
            weeks = insight.weeks.map(AverageJSON.init)
            median = insight.median
            daysAtOrAboveMedian = AverageJSON(insight.atOrAboveMedian)
            daysBelowMedian = AverageJSON(insight.belowMedian)
            correlation = insight.correlation
        }
    }

    let year: Int
    let moods: Int
    let dayAverages: [String: Double]
    let levels: [String: Int]
    /// Monday first.
    let weekdays: [AverageJSON]
    /// January first.
    let months: [AverageJSON]
    @NullWhenAbsent var currentStreak: StreakJSON?
    @NullWhenAbsent var longestStreak: StreakJSON?
    /// The most helpful first.
    let activities: [ActivityJSON]
    /// Each scale in use, by name.
    let scales: [ScaleJSON]

    init(_ report: InsightsReport, scales: [ScaleInsight]) {
        year = report.year
        moods = report.moodCount
        dayAverages = Dictionary(uniqueKeysWithValues: report.dayAverages.map { ($0.key.description, $0.value) })
        levels = Dictionary(uniqueKeysWithValues: zip(MoodLevel.allCases.map(\.name), report.levelCounts))
        weekdays = report.weekdays.map(AverageJSON.init)
        months = report.months.map(AverageJSON.init)
        currentStreak = StreakJSON(report.streaks.current)
        longestStreak = StreakJSON(report.streaks.longest)
        activities = report.activityEffects.map {
            ActivityJSON(
                name: $0.name.text, moods: $0.moods, daysWith: AverageJSON($0.withIt), daysWithout: AverageJSON($0.withoutIt),
                effect: $0.effect)
        }
        self.scales = scales.map(ScaleJSON.init)
    }
}
