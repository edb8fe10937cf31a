import Foundation
import GRDB
import MoodKit

extension JournalSnapshot {
    /// Visits the moods as the server last confirmed them, in ascending order of their ids:
    /// uploaded or downloaded and unchanged here since, not marked for deletion, not failed, not
    /// waiting for a reconciliation to confirm them, and without a change from the server set
    /// aside as unreadable (every device sets the same change aside, so all leave the mood out
    /// alike). Once nothing is left to send, they are what the server should hold. Reads only
    /// what a mood's version is made of, a row at a time.
    public func forEachMoodAsServerConfirmed(_ visit: (ConfirmedMood) throws -> Void) throws {
        let rows = try Row.fetchCursor(
            db, sql: """
                SELECT id, creatorID, stamps, activities, remoteVersion, scales FROM mood
                WHERE remoteIdentifier IS NOT NULL AND changedSinceUpload = 0 AND markedForRemoteDeletion = 0 AND lastSyncError IS NULL
                    AND id NOT IN (SELECT id FROM unconfirmedMood) AND id NOT IN (SELECT moodID FROM quarantinedChange)
                ORDER BY id
                """)
        while let row = try rows.next() {
            let creatorID: String = row[1]
            try visit(ConfirmedMood(
                id: row[0], creatorID: creatorID, stamps: MoodStamps(storedText: row[2], creatorID: creatorID) ?? .earliest(of: creatorID),
                activities: ActivitySet(storedText: row[3], creatorID: creatorID),
                scales: ScaleValues(storedText: row[5], creatorID: creatorID), remoteVersion: row[4]))
        }
    }

    /// How many moods a reconciliation under way has not confirmed yet (0: none under way).
    public func unconfirmedMoodCount() throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM unconfirmedMood") ?? 0
    }
}

/// A mood as the server confirmed it, by what its version is made of: the stamps of its fields,
/// activities and scale values.
public struct ConfirmedMood: Sendable {
    public var id: Mood.ID
    public var creatorID: String
    public var stamps: MoodStamps
    public var activities: ActivitySet
    public var scales: ScaleValues
    /// The server's version of it.
    public var remoteVersion: Int64?
}
