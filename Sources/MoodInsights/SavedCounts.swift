import Foundation
import MoodKit
import MoodStore

extension JournalSettingKey {
    /// The insights' counts as last saved (``SavedCounts``).
    public static let insightsCounts = JournalSettingKey(rawValue: "insightsCounts")
}

/// The counts saved with the journal, with the change-log position and time zone they hold for,
/// so that opening insights reads a few thousand days and the commits since, not a million moods.
/// Counting afresh is the fallback whenever they do not fit: another time zone, a change log
/// pruned past their position, or more changes since than counting afresh costs.
struct SavedCounts: Codable, Equatable, Sendable {
    var timeZone: String
    var cursor: Int64
    /// `[day, awful, bad, meh, good, great]` for each day with moods.
    var days: [[Int]]
    /// For each activity, `[day, moods]` for each day with it.
    var activities: [String: [[Int]]]
    /// For each scale by id, `[day, values, sum in tenths]` for each day with values of it.
    var scales: [String: [[Int]]]

    init(_ aggregates: InsightsAggregates, cursor: Int64, timeZone: TimeZone) {
        self.timeZone = timeZone.identifier
        self.cursor = cursor
        days = aggregates.days.map { [$0.key.number] + $0.value.levelCounts }.sorted { $0[0] < $1[0] }
        var activities: [String: [[Int]]] = [:]
        for (day, counts) in aggregates.dayActivities {
            for (name, count) in counts { activities[name.text, default: []].append([day.number, count]) }
        }
        self.activities = activities.mapValues { $0.sorted { $0[0] < $1[0] } }
        var scales: [String: [[Int]]] = [:]
        for (day, totals) in aggregates.dayScales {
            for (id, total) in totals { scales[id.uuidString, default: []].append([day.number, total.count, total.tenthsSum]) }
        }
        self.scales = scales.mapValues { $0.sorted { $0[0] < $1[0] } }
    }

    /// The counts, or `nil` when the saved text is not what this version writes.
    var aggregates: InsightsAggregates? {
        var days: [LocalDay: DayTotals] = [:]
        for entry in self.days {
            guard entry.count == 1 + MoodLevel.allCases.count, entry.dropFirst().allSatisfy({ $0 >= 0 }), entry.dropFirst().contains(where: { $0 > 0 })
            else { return nil }
            var totals = DayTotals()
            for (level, count) in zip(MoodLevel.allCases, entry.dropFirst()) { totals.add(level, times: count) }
            days[LocalDay(number: entry[0])] = totals
        }
        var dayActivities: [LocalDay: [ActivityName: Int]] = [:]
        for (text, entries) in activities {
            guard let name = try? ActivityName.validated(text) else { return nil }
            for entry in entries {
                guard entry.count == 2, entry[1] > 0 else { return nil }
                dayActivities[LocalDay(number: entry[0]), default: [:]][name] = entry[1]
            }
        }
        var dayScales: [LocalDay: [Scale.ID: ScaleTotals]] = [:]
        for (text, entries) in scales {
            guard let id = UUID(uuidString: text) else { return nil }
            for entry in entries {
                guard entry.count == 3, entry[1] > 0 else { return nil }
                dayScales[LocalDay(number: entry[0]), default: [:]][id] = ScaleTotals(count: entry[1], tenthsSum: entry[2])
            }
        }
        return InsightsAggregates(days: days, dayActivities: dayActivities, dayScales: dayScales)
    }

    static func read(from snapshot: JournalSnapshot) throws -> SavedCounts? {
        guard let text = try snapshot.setting(.insightsCounts) else { return nil }
        return try? JSONDecoder().decode(SavedCounts.self, from: Data(text.utf8))
    }

    func save(to store: JournalStore) throws {
        let text = String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
        try store.write(origin: .ui) { try $0.setSetting(.insightsCounts, to: text) }
    }
}
