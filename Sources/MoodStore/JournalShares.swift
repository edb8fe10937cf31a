import Foundation
import GRDB
import MoodKit

/// A share of the account as this journal keeps it. The journal knows nothing of keys or scopes:
/// `record` is the sync engine's (the share's sealed record, opened, as JSON).
public struct StoredShare: Hashable, Sendable {
    /// The share's id: 16 bytes.
    public var id: Data
    public var record: String
    /// What the share covers, as the list's marks read it.
    public var dates: SharedDates
    /// Milliseconds since 1970.
    public var createdAt: Int64
    /// When the recipient last read it, in milliseconds since 1970, as the server last said.
    public var lastReadAt: Int64?
    /// Where this device stands in the share's own change log.
    public var changeToken: String?

    public init(id: Data, record: String, dates: SharedDates, createdAt: Int64, lastReadAt: Int64?, changeToken: String?) {
        self.id = id
        self.record = record
        self.dates = dates
        self.createdAt = createdAt
        self.lastReadAt = lastReadAt
        self.changeToken = changeToken
    }
}

/// Which of the account's moods a share shows, by date: what the list marks and the detail view
/// names. (Notes left out or not, a mood in the dates is in the share.)
public struct SharedDates: Hashable, Sendable {
    /// The share's name.
    public var name: String
    /// The first moment shown, in milliseconds since 1970; `nil` for no bound.
    public var since: Int64?
    /// The moment a mood must be before, in milliseconds since 1970; `nil` for no bound.
    public var until: Int64?

    public init(name: String, since: Int64?, until: Int64?) {
        self.name = name
        self.since = since
        self.until = until
    }

    /// Whether a mood felt at `date` is in the share.
    public func includes(_ date: Date) -> Bool {
        let milliseconds = date.millisecondsSince1970
        return (since.map { milliseconds >= $0 } ?? true) && (until.map { milliseconds < $0 } ?? true)
    }
}

/// What a share holds on the server of one mood.
public struct SharedEntryState: Hashable, Sendable {
    /// The version of the account's copy of the mood the entry was made from.
    public var source: Int64
    /// The entry's own version on the server.
    public var serverVersion: Int64
    /// Whether the entry shows the mood (else it says the mood is not in the share).
    public var shown: Bool

    public init(source: Int64, serverVersion: Int64, shown: Bool) {
        self.source = source
        self.serverVersion = serverVersion
        self.shown = shown
    }
}

/// A mood whose share entry is behind it: the server's copy of the mood is newer than what the
/// share holds, or the share holds nothing of a mood that may belong in it.
public struct ShareWork: Sendable {
    public var mood: Mood
    /// What the share holds of it now; `nil` when nothing.
    public var entry: SharedEntryState?
}

extension JournalSnapshot {
    /// The account's shares this journal knows, in the order they were made.
    public func shares() throws -> [StoredShare] {
        try Row.fetchAll(db, sql: "SELECT id, record, name, since, until, createdAt, lastReadAt, changeToken FROM share ORDER BY createdAt, id").map {
            StoredShare(
                id: $0[0], record: $0[1], dates: SharedDates(name: $0[2], since: $0[3], until: $0[4]), createdAt: $0[5], lastReadAt: $0[6],
                changeToken: $0[7])
        }
    }

    /// What each of the account's shares covers, in the order they were made.
    public func sharedDates() throws -> [SharedDates] {
        try Row.fetchAll(db, sql: "SELECT name, since, until FROM share ORDER BY createdAt, id").map {
            SharedDates(name: $0[0], since: $0[1], until: $0[2])
        }
    }

    /// Moods whose share entry is behind, at most `limit`: synced moods (the server acknowledged
    /// their content, at `remoteVersion`) that the share holds at an older version, or holds
    /// nothing of while their date is in `dates` (milliseconds since 1970, `nil` for no bound).
    /// A mood waiting to go up, deleted here, or refused is left for later: the share follows
    /// the server's copy of the account, not this device's.
    public func shareWork(share: Data, dates: (since: Int64?, until: Int64?), limit: Int) throws -> [ShareWork] {
        try Row.fetchAll(
            db, sql: """
                SELECT \(Mood.selection), shareEntry.source, shareEntry.serverVersion, shareEntry.shown
                FROM mood LEFT JOIN shareEntry ON shareEntry.shareID = ?1 AND shareEntry.moodID = mood.id
                WHERE mood.remoteVersion IS NOT NULL AND changedSinceUpload = 0 AND markedForRemoteDeletion = 0 AND lastSyncError IS NULL
                    AND (shareEntry.source < mood.remoteVersion
                        OR (shareEntry.moodID IS NULL AND (?2 IS NULL OR mood.date >= ?2) AND (?3 IS NULL OR mood.date < ?3)))
                LIMIT ?4
                """, arguments: [share, dates.since, dates.until, limit]
        ).map { row in
            let source: Int64? = row[Mood.selectionCount]
            return ShareWork(mood: Mood(row: row), entry: source.map { SharedEntryState(source: $0, serverVersion: row[Mood.selectionCount + 1], shown: row[Mood.selectionCount + 2]) })
        }
    }

    /// Moods deleted for good whose entry in the share still says otherwise, at most `limit`.
    public func deletedSharedMoods(share: Data, deleted: Int64, limit: Int) throws -> [(mood: Mood.ID, entry: SharedEntryState)] {
        try Row.fetchAll(
            db, sql: """
                SELECT shareEntry.moodID, shareEntry.source, shareEntry.serverVersion, shareEntry.shown
                FROM shareEntry JOIN removedMood ON removedMood.id = shareEntry.moodID
                WHERE shareEntry.shareID = ? AND shareEntry.source < ? LIMIT ?
                """, arguments: [share, deleted, limit]
        ).map { ($0[0], SharedEntryState(source: $0[1], serverVersion: $0[2], shown: $0[3])) }
    }

    /// The ids of the shares this device saw end: never taken up again.
    public func endedShares() throws -> Set<Data> {
        try Data.fetchSet(db, sql: "SELECT id FROM endedShare")
    }

    /// The ids of the shares that show the mood `id`.
    public func sharesShowing(_ id: Mood.ID) throws -> [Data] {
        try Data.fetchAll(db, sql: "SELECT shareID FROM shareEntry WHERE moodID = ? AND shown = 1", arguments: [id])
    }
}

extension JournalWriter {
    /// Keeps `share` (a new one, or what the server now says of a known one, its change token
    /// kept).
    public func saveShare(_ share: StoredShare) throws {
        try db.execute(
            sql: """
                INSERT INTO share (id, record, name, since, until, createdAt, lastReadAt, changeToken) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET record = excluded.record, name = excluded.name, since = excluded.since,
                    until = excluded.until, lastReadAt = excluded.lastReadAt
                """,
            arguments: [
                share.id, share.record, share.dates.name, share.dates.since, share.dates.until, share.createdAt, share.lastReadAt,
                share.changeToken,
            ])
    }

    /// Ends a share this device's person revoked: forgotten for good, and named in the account's
    /// setup, so that every other device of the owner stops filling it on the setup's word, not
    /// the server's.
    public func endShare(_ id: Data) throws {
        try forgetShare(id)
        try countSetupChange()
    }

    /// Forgets a share and what it held (ended, or expired), for good: a listing of it later
    /// (a server replaying its record) is not taken up again.
    public func forgetShare(_ id: Data) throws {
        try db.execute(sql: "DELETE FROM share WHERE id = ?", arguments: [id])
        try db.execute(sql: "INSERT OR IGNORE INTO endedShare (id) VALUES (?)", arguments: [id])
    }

    /// Notes the version of the latest entry of `mood` a share sent, unless a later one was.
    /// - Returns: whether it is later than any before (else the entry is an old one sent again).
    public func receiveShareEntry(mood: Mood.ID, source: Int64) throws -> Bool {
        try db.cachedStatement(sql: """
            INSERT INTO receivedEntry (moodID, source) VALUES (?, ?)
            ON CONFLICT (moodID) DO UPDATE SET source = excluded.source WHERE excluded.source > receivedEntry.source
            """).execute(arguments: [mood, source])
        return db.changesCount > 0
    }

    /// Records where this device stands in a share's change log.
    public func setShareChangeToken(_ token: String?, share: Data) throws {
        try db.execute(sql: "UPDATE share SET changeToken = ? WHERE id = ?", arguments: [token, share])
    }

    /// Records what the share holds of `mood`, unless it already holds a newer entry.
    public func recordShareEntry(_ entry: SharedEntryState, mood: Mood.ID, share: Data) throws {
        try db.cachedStatement(sql: """
            INSERT INTO shareEntry (shareID, moodID, source, serverVersion, shown) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (shareID, moodID) DO UPDATE SET source = excluded.source, serverVersion = excluded.serverVersion, shown = excluded.shown
            WHERE excluded.serverVersion >= shareEntry.serverVersion
            """).execute(arguments: [share, mood, entry.source, entry.serverVersion, entry.shown])
    }
}
