import MoodKit
import MoodStore

/// Counts a whole journal for insights, in one snapshot: the levels from the list's index in
/// date order (each run of moods on one day is counted together), then the activities from
/// theirs, each mood's day found by its row id in an array made by the first read, then the
/// scale values of the moods that have any, from a scan of the rows: the one step that decodes
/// rows (about 8 µs a mood with three values, so 8 s for a million such moods, once; later opens
/// start from the saved counts).
enum InsightsLoading {
    static func load(from store: JournalStore, days localDays: LocalDays) throws -> (InsightsAggregates, cursor: Int64) {
        try store.read { snapshot in
            let cursor = try snapshot.latestChangeSequence()
            // Each day seen gets a small number, in date order; dayOfRow[localID] is its mood's.
            let noDay: Int32 = -1
            var dayOfRow = [Int32](repeating: noDay, count: Int(try snapshot.largestMoodLocalID()) + 1)
            var seenDays: [LocalDay] = []
            var levelCounts: [[Int]] = []
            var hint = 0
            try snapshot.forEachLevel { localID, milliseconds, level in
                let day = localDays.day(of: milliseconds, hint: &hint)
                if seenDays.last != day {
                    seenDays.append(day)
                    levelCounts.append(Array(repeating: 0, count: MoodLevel.allCases.count))
                }
                levelCounts[levelCounts.count - 1][level.rawValue - 1] += 1
                if localID >= 0, localID < dayOfRow.count { dayOfRow[Int(localID)] = Int32(seenDays.count - 1) }
            }
            var days: [LocalDay: DayTotals] = [:]
            days.reserveCapacity(seenDays.count)
            // A day can come back in date order (a clock set back across midnight): runs add up.
            for (day, counts) in zip(seenDays, levelCounts) {
                for (index, count) in counts.enumerated() where count > 0 {
                    days[day, default: DayTotals()].add(MoodLevel(rawValue: index + 1)!, times: count)
                }
            }
            var dayActivities: [LocalDay: [ActivityName: Int]] = [:]
            var current: (name: ActivityName, counts: [Int32])?
            func flush() {
                guard let (name, counts) = current else { return }
                for (index, count) in counts.enumerated() where count > 0 {
                    dayActivities[seenDays[index], default: [:]][name, default: 0] += Int(count)
                }
            }
            try snapshot.forEachActivity { name, localID in
                if current?.name != name {
                    flush()
                    current = (name, Array(repeating: 0, count: seenDays.count))
                }
                guard localID >= 0, localID < dayOfRow.count, case let day = dayOfRow[Int(localID)], day != noDay else { return }
                current!.counts[Int(day)] += 1
            }
            flush()
            var dayScales: [LocalDay: [Scale.ID: ScaleTotals]] = [:]
            try snapshot.forEachScaleValues { localID, values in
                guard localID >= 0, localID < dayOfRow.count, case let day = dayOfRow[Int(localID)], day != noDay else { return }
                for (scale, value) in values.values {
                    dayScales[seenDays[Int(day)], default: [:]][scale, default: ScaleTotals()].add(tenths: value.inTenths)
                }
            }
            return (InsightsAggregates(days: days, dayActivities: dayActivities, dayScales: dayScales), cursor)
        }
    }
}
