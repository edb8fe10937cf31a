import Foundation
import GRDB
import MoodKit

/// The sync engine's questions, each answered from a partial index, so that they stay cheap in a
/// journal of a million moods with a handful waiting. The indexes are named (`INDEXED BY`):
/// without statistics SQLite would rather scan the list index, a million rows for every question.
extension JournalSnapshot {
    /// Moods a person added or changed that the server has not accepted yet, oldest row first,
    /// leaving out those deleted (the remover's) and those that failed for good.
    public func moodsWaitingForUpload(limit: Int) throws -> [Mood] {
        try Row.fetchAll(
            db, sql: """
                SELECT \(Mood.selection) FROM mood INDEXED BY mood_uploadQueue
                WHERE changedSinceUpload = 1 AND markedForRemoteDeletion = 0 AND lastSyncError IS NULL
                ORDER BY localID LIMIT ?
                """, arguments: [limit]
        ).map(Mood.init(row:))
    }

    /// Moods whose deletion is due at `now` (see ``UndoWindow``), earliest mark first, with
    /// whether an upload ever carried them (if not, the server need not be told).
    public func moodsWaitingForRemoval(dueAt now: Date, limit: Int) throws -> [PendingRemoval] {
        let window = UndoWindow(at: now)
        return try Row.fetchAll(
            db, sql: """
                SELECT id, remoteIdentifier IS NOT NULL OR uploadAttempted FROM mood INDEXED BY mood_removalQueue
                WHERE markedForRemoteDeletion = 1 AND (markedForDeletionDate <= ? OR markedForDeletionDate > ?)
                ORDER BY markedForDeletionDate LIMIT ?
                """, arguments: [window.closedUpTo, window.openUpTo, limit]
        ).map { PendingRemoval(id: $0[0], mayBeOnServer: $0[1]) }
    }

    /// When the earliest deletion still in its undo window at `now` comes due, if one is.
    public func nextDeletionDue(after now: Date) throws -> Date? {
        let window = UndoWindow(at: now)
        return try Int64.fetchOne(
            db, sql: """
                SELECT MIN(markedForDeletionDate) FROM mood INDEXED BY mood_removalQueue
                WHERE markedForRemoteDeletion = 1 AND markedForDeletionDate > ? AND markedForDeletionDate <= ?
                """, arguments: [window.closedUpTo, window.openUpTo]
        ).map { Date(millisecondsSince1970: $0).addingTimeInterval(JournalWriter.undoWindow.timeInterval) }
    }

    /// Whether any deletion is due at `now`.
    public func deletionIsDue(at now: Date) throws -> Bool {
        let window = UndoWindow(at: now)
        return try Bool.fetchOne(
            db, sql: """
                SELECT EXISTS (SELECT 1 FROM mood INDEXED BY mood_removalQueue
                WHERE markedForRemoteDeletion = 1 AND (markedForDeletionDate <= ? OR markedForDeletionDate > ?))
                """, arguments: [window.closedUpTo, window.openUpTo]
        ) ?? false
    }

    /// How much sync work the journal holds.
    public func syncBacklog() throws -> SyncBacklog {
        let row = try Row.fetchOne(db, sql: """
            SELECT
                (SELECT COUNT(*) FROM mood INDEXED BY mood_uploadQueue
                 WHERE changedSinceUpload = 1 AND markedForRemoteDeletion = 0 AND lastSyncError IS NULL),
                (SELECT COUNT(*) FROM mood INDEXED BY mood_removalQueue WHERE markedForRemoteDeletion = 1),
                (SELECT COUNT(*) FROM mood INDEXED BY mood_failed WHERE lastSyncError IS NOT NULL),
                (SELECT COUNT(*) FROM quarantinedChange)
            """)
        return SyncBacklog(uploads: row?[0] ?? 0, deletions: row?[1] ?? 0, failed: row?[2] ?? 0, unreadable: row?[3] ?? 0)
    }

    /// The value stored under `key`, read in this snapshot.
    public func setting(_ key: JournalSettingKey) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key.rawValue])
    }
}

/// Which deletion marks are still in their undo window (``JournalWriter/undoWindow``) at a moment,
/// in the journal's milliseconds: those made less than a window before it, and those dated up to
/// a window after it. A mark dated further ahead can only come from a clock set back since (a
/// wrong clock corrected): counting from it would hold the deletion back for as long as the clock
/// moved, so it is due at once.
struct UndoWindow {
    /// Marks at or before this are due: their window has passed.
    let closedUpTo: Int64
    /// Marks after this are due too: their clock has since gone back.
    let openUpTo: Int64

    init(at now: Date) {
        let window = JournalWriter.undoWindow.timeInterval
        closedUpTo = now.addingTimeInterval(-window).millisecondsSince1970
        openUpTo = now.addingTimeInterval(window).millisecondsSince1970
    }
}

/// A mood marked for deletion, as the remover sees it.
public struct PendingRemoval: Hashable, Sendable {
    public var id: Mood.ID
    /// An upload carried it (or may have: its response can be lost), so the server must be told.
    public var mayBeOnServer: Bool
}

/// How many moods wait for the sync engine.
public struct SyncBacklog: Hashable, Sendable {
    /// New or changed moods not yet accepted by the server.
    public var uploads: Int
    /// Moods deleted here that the server has not confirmed deleting.
    public var deletions: Int
    /// Moods whose upload failed for good (shown, not retried until edited).
    public var failed: Int
    /// Changes from the server set aside as unreadable (see ``JournalWriter/quarantineChange(of:reason:at:)``).
    public var unreadable: Int

    public init(uploads: Int = 0, deletions: Int = 0, failed: Int = 0, unreadable: Int = 0) {
        self.uploads = uploads
        self.deletions = deletions
        self.failed = failed
        self.unreadable = unreadable
    }

    /// Moods waiting, the number the header shows.
    public var waiting: Int { uploads + deletions }
}
