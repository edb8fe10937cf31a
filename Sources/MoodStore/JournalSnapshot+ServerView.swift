import Foundation
import GRDB
import MoodKit

extension JournalSnapshot {
    /// The moods as the server last confirmed them: uploaded or downloaded and unchanged here
    /// since, not marked for deletion, not failed, and not waiting for a reconciliation to
    /// confirm them. Once nothing is left to send, they are what the server should hold.
    public func moodsAsServerConfirmed() throws -> [Mood] {
        try Row.fetchAll(
            db, sql: """
                SELECT \(Mood.selection) FROM mood
                WHERE remoteIdentifier IS NOT NULL AND changedSinceUpload = 0 AND markedForRemoteDeletion = 0 AND lastSyncError IS NULL
                    AND id NOT IN (SELECT id FROM unconfirmedMood)
                """
        ).map(Mood.init(row:))
    }

    /// How many moods a reconciliation under way has not confirmed yet (0: none under way).
    public func unconfirmedMoodCount() throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM unconfirmedMood") ?? 0
    }
}
