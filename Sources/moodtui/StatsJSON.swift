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

    init(_ report: InsightsReport) {
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
    }
}
