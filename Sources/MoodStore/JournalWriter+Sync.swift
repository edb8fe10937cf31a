import Foundation
import GRDB
import MoodKit

/// The writes the sync engine makes: its bookkeeping on rows and settings, always in the same
/// transaction as the change it records, so that a crash never leaves them apart.
///
/// Statements run once per mood are cached: preparing one costs more than running it, since
/// GRDB works out which tables and columns it touches, triggers included.
extension JournalWriter {
    /// Stores `value` under `key` in this transaction (`nil` removes it): the change token is saved
    /// with the page of changes it covers.
    public func setSetting(_ key: JournalSettingKey, to value: String?) throws {
        if let value {
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)").execute(arguments: [key.rawValue, value])
        } else {
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key.rawValue])
        }
    }

    /// Notes that an upload request is about to carry these moods, as they were read: from now
    /// on the server may have them, so deleting one must go through the server.
    ///
    /// Only moods still as they were read are marked (still there, not deleted, not changed by a
    /// person since): the others must not go up with what was read, least of all a mood purged
    /// meanwhile as never sent, which the upload would create on the server again.
    /// - Returns: the ids marked; send only those.
    public func markUploadAttempted(_ moods: some Collection<Mood>) throws -> Set<Mood.ID> {
        var marked: Set<Mood.ID> = []
        for mood in moods {
            try db.cachedStatement(sql: """
                UPDATE mood SET uploadAttempted = 1
                WHERE id = ? AND changeCounter = ? AND markedForRemoteDeletion = 0
                """).execute(arguments: [mood.id, mood.sync.changeCounter])
            if db.changesCount > 0 { marked.insert(mood.id) }
        }
        return marked
    }

    /// Records that the server holds `uploaded` at `version`. The mood waits for upload no more
    /// unless a person changed it while the request was on its way (its change counter moved and
    /// its content differs from `uploaded`: the new content goes up next, based on `version`). A
    /// row that already knows a newer version (a download overtook the answer) is left alone.
    public func recordUploaded(_ uploaded: Mood, version: Int64) throws {
        try db.cachedStatement(
            sql: """
                UPDATE mood SET remoteIdentifier = ?, remoteVersion = ?, lastSyncError = NULL, uploadAttempted = 1,
                    changedSinceUpload = CASE
                        WHEN changeCounter = ? AND date = ? AND level = ? AND note = ? AND stamps = ? AND activities = ? AND scales = ? THEN 0
                        ELSE changedSinceUpload END
                WHERE id = ? AND (remoteVersion IS NULL OR remoteVersion <= ?)
                """
        ).execute(
            arguments: [
                uploaded.id.uuidString, version, uploaded.sync.changeCounter, uploaded.date.millisecondsSince1970, uploaded.level.rawValue,
                uploaded.note, uploaded.stamps.storedText(creatorID: uploaded.creatorID),
                uploaded.activities.storedText(creatorID: uploaded.creatorID), uploaded.scales.storedText(creatorID: uploaded.creatorID),
                uploaded.id, version,
            ])
    }

    /// Deletes for good the moods among `ids` that are still marked for deletion (one brought
    /// back with undo meanwhile stays); returns how many were deleted.
    @discardableResult
    public func purgeMarked(_ ids: some Collection<Mood.ID>) throws -> Int {
        var purged = 0
        for id in ids {
            try db.cachedStatement(sql: "DELETE FROM mood WHERE id = ? AND markedForRemoteDeletion = 1").execute(arguments: [id])
            purged += db.changesCount
        }
        return purged
    }

    /// Records a permanent failure in words on each mood, as it was sent: it leaves the upload
    /// queue, shows as failed, and is tried again when a person edits it, or when sync starts
    /// again (``retryRefusedUploads()``). A mood a person changed since it was read is left
    /// waiting: its new content has not been refused.
    public func recordSyncFailure(_ moods: some Collection<Mood>, message: String) throws {
        for mood in moods {
            try db.cachedStatement(sql: "UPDATE mood SET lastSyncError = ? WHERE id = ? AND changeCounter = ?")
                .execute(arguments: [message, mood.id, mood.sync.changeCounter])
        }
    }

    /// Puts every mood marked failed back in the upload queue, as sync starts: the server's
    /// refusal is its word, and a server that made one up, or no longer makes it, must not hold a
    /// mood back for good. One that refuses again marks it failed again, in the same words.
    public func retryRefusedUploads() throws {
        try db.execute(sql: "UPDATE mood SET lastSyncError = NULL WHERE lastSyncError IS NOT NULL")
    }

    /// Forgets everything the journal knew about a server: every mood waits for upload as if
    /// new, moods deleted here are purged, and the account's shares are forgotten. Used when a
    /// journal moves to another account.
    public func resetSyncState() throws {
        try abandonReconciliation()
        try db.execute(sql: "DELETE FROM share")
        try db.execute(sql: "DELETE FROM mood WHERE markedForRemoteDeletion = 1")
        try db.execute(sql: """
            UPDATE mood SET remoteIdentifier = NULL, remoteVersion = NULL, changedSinceUpload = 1,
                uploadAttempted = 0, lastSyncError = NULL
            """)
    }

    /// Forgets what a server acknowledged, after it stopped knowing this journal's change token
    /// (another server, or its data replaced): every mood waits for upload again, as new, and
    /// the first download that follows checks nothing against it. Deletions waiting keep what
    /// they need to reach the server.
    public func forgetServerAcknowledgements() throws {
        try db.execute(sql: """
            UPDATE mood SET remoteIdentifier = NULL, remoteVersion = NULL, changedSinceUpload = 1, uploadAttempted = 0, lastSyncError = NULL
            WHERE markedForRemoteDeletion = 0
            """)
    }

    /// Makes every mood the server holds wait for upload again, on the version it has: after the
    /// account's key changed, each goes up sealed with the new one. A mood deleted within its
    /// undo window is marked too: it goes up only if the deletion is undone.
    public func markAllForUploadAgain() throws {
        try db.execute(sql: "UPDATE mood SET changedSinceUpload = 1, lastSyncError = NULL")
    }

    /// Deletes every mood for good (moving to another account and choosing to discard them).
    /// They were not deleted by anyone, so importing them again may bring them back.
    public func purgeAll() throws {
        try db.execute(sql: "DELETE FROM mood; DELETE FROM removedMood; DELETE FROM unconfirmedMood")
    }
}
