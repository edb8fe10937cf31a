import Foundation
import GRDB
import MoodKit

/// Changes from the server that this device could not accept, kept aside by mood, so that one
/// bad record is reported (counted in the status, listed in the log) and never stops the rest
/// of the account's sync.
extension JournalWriter {
    /// Sets aside the server's latest change of mood `id`, unreadable for `reason`; a later
    /// unreadable change of the same mood replaces it.
    public func quarantineChange(of id: Mood.ID, reason: String, at date: Date) throws {
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO quarantinedChange (moodID, reason, receivedAt) VALUES (?, ?, ?)")
            .execute(arguments: [id, reason, date.millisecondsSince1970])
    }

    /// Forgets what was set aside for these moods: a readable change of each has arrived.
    /// - Complexity: one indexed read when nothing is set aside, as almost always.
    public func releaseQuarantine(of ids: some Collection<Mood.ID>) throws {
        guard !ids.isEmpty, try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM quarantinedChange)") == true else { return }
        try db.execute(
            sql: "DELETE FROM quarantinedChange WHERE moodID IN (\(databaseQuestionMarks(count: ids.count)))",
            arguments: StatementArguments(Array(ids)))
    }
}

extension JournalSnapshot {
    /// The changes set aside, oldest first.
    public func quarantinedChanges() throws -> [QuarantinedChange] {
        try Row.fetchAll(db, sql: "SELECT moodID, reason, receivedAt FROM quarantinedChange ORDER BY receivedAt")
            .map { QuarantinedChange(id: $0[0], reason: $0[1], receivedAt: Date(millisecondsSince1970: $0[2])) }
    }
}

/// A change from the server that this device could not accept.
public struct QuarantinedChange: Hashable, Sendable {
    public var id: Mood.ID
    /// What was wrong with it, in words.
    public var reason: String
    public var receivedAt: Date
}
