import Foundation
import GRDB
import MoodKit

/// Catching up with a server that forgot deletions this journal had not fetched yet (it compacts
/// old tombstones): the journal downloads the server's live moods again, and a mood the server
/// had acknowledged that the download does not list was deleted meanwhile, and goes.
///
/// The moods to check are kept in a table, each page's ids struck off in the transaction that
/// applies the page, so that a download cut off and resumed (from the page token saved with it)
/// checks the same moods.
extension JournalWriter {
    /// Marks every mood the server has acknowledged as unconfirmed until a download lists it.
    /// Every mood the server holds live is listed by a download that runs to the end, wherever
    /// changes move it in the log meanwhile; one deleted meanwhile comes as a deletion.
    public func beginReconciliation() throws {
        try db.execute(sql: "INSERT OR IGNORE INTO unconfirmedMood (id) SELECT id FROM mood WHERE remoteIdentifier IS NOT NULL")
    }

    /// Strikes these moods off: the server listed them. Every page of every download calls it, so
    /// it looks at nothing more when no reconciliation is under way.
    public func confirm(_ ids: some Collection<Mood.ID>) throws {
        guard !ids.isEmpty, try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM unconfirmedMood)") == true else { return }
        for id in ids {
            try db.cachedStatement(sql: "DELETE FROM unconfirmedMood WHERE id = ?").execute(arguments: [id])
        }
    }

    /// Drops a reconciliation under way: the journal now downloads from another server (or
    /// account), whose listing says nothing of what this one deleted.
    public func abandonReconciliation() throws {
        try db.execute(sql: "DELETE FROM unconfirmedMood")
    }

    /// Ends a reconciliation once the download has reached the end of the server's log: deletes
    /// for good every mood still unconfirmed (deletion wins, so one changed here since goes too).
    /// - Returns: how many moods were deleted.
    @discardableResult
    public func finishReconciliation() throws -> Int {
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM unconfirmedMood)") == true else { return 0 }
        try db.execute(sql: "DELETE FROM mood WHERE id IN (SELECT id FROM unconfirmedMood)")
        let purged = db.changesCount
        try db.execute(sql: "DELETE FROM unconfirmedMood")
        return purged
    }

    /// Ends a reconciliation by sending every mood still unconfirmed up again, as it is here: a
    /// server whose listing may not be believed keeps it, or answers that it was deleted (with
    /// the deletion's proof). Returns how many.
    @discardableResult
    public func uploadUnconfirmedAgain() throws -> Int {
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM unconfirmedMood)") == true else { return 0 }
        try db.execute(sql: "UPDATE mood SET changedSinceUpload = 1 WHERE id IN (SELECT id FROM unconfirmedMood)")
        let marked = db.changesCount
        try db.execute(sql: "DELETE FROM unconfirmedMood")
        return marked
    }
}
