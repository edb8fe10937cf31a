import GRDB
import MoodKit

/// Renaming and merging activities across the journal.
extension JournalWriter {
    /// Gives every mood in the list that has `old` the activity `new` instead, as a person's
    /// edit of each (they sync like any edit); returns how many moods changed.
    /// - Throws: ``JournalError/activityNotFound(_:)`` when no mood has `old`,
    ///   ``JournalError/activityExists(_:)`` when moods have `new` already (see
    ///   ``mergeActivities(_:into:)``).
    @discardableResult
    public func renameActivity(_ old: ActivityName, to new: ActivityName) throws -> Int {
        guard try snapshot.countOfMoods(with: old) > 0 else { throw JournalError.activityNotFound(old) }
        guard old != new else { return 0 }
        guard try snapshot.countOfMoods(with: new) == 0 else { throw JournalError.activityExists(new) }
        return try mergeActivities([old], into: new)
    }

    /// Gives every mood in the list that has one of `sources` the activity `target` in their
    /// place, as a person's edit of each; returns how many moods changed.
    /// - Throws: ``JournalError/activityNotFound(_:)`` for a source no mood has (a typo must
    ///   not pass unseen beside the names that exist).
    @discardableResult
    public func mergeActivities(_ sources: Set<ActivityName>, into target: ActivityName) throws -> Int {
        let moved = sources.subtracting([target])
        let moods = try snapshot.liveMoods(withAnyOf: moved)
        let found = moods.reduce(into: Set<ActivityName>()) { $0.formUnion($1.activities.names) }
        if let missing = moved.subtracting(found).sorted().first { throw JournalError.activityNotFound(missing) }
        guard !moods.isEmpty else { return 0 }
        let stamp = try clockReading()
        for mood in moods {
            var activities = mood.activities
            for name in moved { activities.remove(name) }
            activities.add(target, at: stamp)
            try db.cachedStatement(sql: """
                UPDATE mood SET activities = ?, activityNames = ?, changedSinceUpload = 1, lastSyncError = NULL,
                    changeCounter = changeCounter + 1
                WHERE id = ?
                """).execute(arguments: StatementArguments(activities.storedValues(creatorID: mood.creatorID) + [mood.id.databaseValue]))
        }
        return moods.count
    }
}
