import Foundation
import GRDB
import MoodKit

/// How a person's activities are used, for completion, `moodtui activity list` and renames.
extension JournalSnapshot {
    /// Every activity moods in the list have, the most used first (then by name), with how
    /// many moods have it and when it was last felt: what the form offers to complete.
    /// - Complexity: O(a) in the rows of the `moodActivity` index, one per mood and activity.
    public func activityUsage() throws -> [ActivityUsage] {
        try Row.fetchAll(db, sql: """
            SELECT a.name, COUNT(*), MAX(m.date) FROM moodActivity a JOIN mood m ON m.localID = a.moodLocalID
            WHERE m.markedForRemoteDeletion = 0 GROUP BY a.name ORDER BY 2 DESC, 1
            """).compactMap { row in
            guard let name = try? ActivityName.validated(row[0]) else { return nil }
            return ActivityUsage(name: name, moodCount: row[1], lastDate: Date(millisecondsSince1970: row[2]))
        }
    }

    /// How many moods in the list have `name`.
    public func countOfMoods(with name: ActivityName) throws -> Int {
        try Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM moodActivity a JOIN mood m ON m.localID = a.moodLocalID
            WHERE a.name = ? AND m.markedForRemoteDeletion = 0
            """, arguments: [name.text]) ?? 0
    }

    /// The moods in the list that have at least one of `names`.
    public func liveMoods(withAnyOf names: Set<ActivityName>) throws -> [Mood] {
        guard !names.isEmpty else { return [] }
        let placeholders = Array(repeating: "?", count: names.count).joined(separator: ",")
        return try Row.fetchAll(db, sql: """
            SELECT \(Mood.selection) FROM mood WHERE markedForRemoteDeletion = 0
            AND localID IN (SELECT moodLocalID FROM moodActivity WHERE name IN (\(placeholders)))
            """, arguments: StatementArguments(names.map(\.text))).map(Mood.init(row:))
    }
}

extension JournalSnapshot {
    /// Every activity any mood has, the most used first: ``activityUsage()``'s order without its
    /// counts and dates, read from the `moodActivity` index alone (moods waiting for deletion
    /// count too), for the form's completion.
    /// - Complexity: O(a) in the index's rows, without touching a mood (0.1 s for a million).
    public func activityNamesByUse() throws -> [ActivityName] {
        try String.fetchAll(db, sql: "SELECT name FROM moodActivity GROUP BY name ORDER BY COUNT(*) DESC, name")
            .compactMap { try? ActivityName.validated($0) }
    }
}
