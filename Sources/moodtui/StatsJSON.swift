import MoodInsights
import MoodKit

/// A year's insights as `moodtui stats --json` prints them: days as `YYYY-MM-DD`, averages
/// unrounded, and `null` where there is nothing to average or no streak.
struct StatsJSON: Encodable {
    struct AverageJSON: Encodable {
        let average: Double?
        let count: Int
        init(_ average: Average) { (self.average, count) = (average.value, average.count) }

        enum CodingKeys: CodingKey { case average, count }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(average, forKey: .average)  // null, not left out
            try container.encode(count, forKey: .count)
        }
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
        let effect: Double?

        enum CodingKeys: CodingKey { case name, moods, daysWith, daysWithout, effect }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(moods, forKey: .moods)
            try container.encode(daysWith, forKey: .daysWith)
            try container.encode(daysWithout, forKey: .daysWithout)
            try container.encode(effect, forKey: .effect)
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
    let currentStreak: StreakJSON?
    let longestStreak: StreakJSON?
    /// The most helpful first.
    let activities: [ActivityJSON]

    enum CodingKeys: CodingKey {
        case year, moods, dayAverages, levels, weekdays, months, currentStreak, longestStreak, activities
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(year, forKey: .year)
        try container.encode(moods, forKey: .moods)
        try container.encode(dayAverages, forKey: .dayAverages)
        try container.encode(levels, forKey: .levels)
        try container.encode(weekdays, forKey: .weekdays)
        try container.encode(months, forKey: .months)
        try container.encode(currentStreak, forKey: .currentStreak)
        try container.encode(longestStreak, forKey: .longestStreak)
        try container.encode(activities, forKey: .activities)
    }

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
