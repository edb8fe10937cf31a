import Foundation
import GRDB
import MoodKit
import PrivateFiles
import ServerStorage
import SyncProtocol

/// The default ``MoodServerStorage``: one SQLite file in WAL mode, so that `moodtui account`
/// commands can write while `moodtui serve` runs (writers wait up to 10 s for each other).
///
/// Moods live in one table keyed by (account, id); a tombstone is a row whose content columns
/// are null. Each row carries the sequence of its latest change, and the change feed is an
/// index range over (account, sequence).
public final class SQLiteMoodServerStorage: MoodServerStorage {
    let pool: DatabasePool
    public let storeID: String
    /// The pool's readers and its one writer.
    public var poolSize: Int { pool.configuration.maximumReaderCount + 1 }
    /// Files and folders that were readable by others and were made private on opening.
    public let permissionChanges: [PermissionChange]
    /// Dates tombstones, for compaction.
    let clock: WallClock

    /// Opens (creating if needed) the store `server.sqlite` in `directory`, which is made
    /// private (0700, its files 0600) if it is not.
    /// - Throws: when the folder or the file cannot be created, made private or opened.
    public convenience init(directory: URL, clock: WallClock = .system) throws {
        let folderChanges = try PrivateFiles.prepareFolder(directory)
        try self.init(path: directory.appendingPathComponent("server.sqlite").path, permissionChanges: folderChanges, clock: clock)
    }

    /// Opens (creating if needed) the store at `path`, which is made private (0600) if it is not.
    /// - Throws: when the file cannot be created, made private, opened or migrated.
    public init(path: String, permissionChanges: [PermissionChange] = [], clock: WallClock = .system) throws {
        self.permissionChanges = try permissionChanges + PrivateFiles.prepareDatabase(at: path)
        self.clock = clock
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            // What a write replaces is overwritten with zeros, not left in free pages: a mood
            // stored plain before its account had a key is gone from the file once sealed (and
            // from the write-ahead log once emptied, see forgetOldPages).
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        pool = try DatabasePool(path: path, configuration: configuration)
        let applied = try pool.read { try SQLiteServerSchema.migrator.appliedIdentifiers($0) }
        try SQLiteServerSchema.migrator.migrate(pool)
        if !applied.isEmpty && !applied.contains(SQLiteServerSchema.sealedMoods) {
            // Written before secure_delete: freed pages may still hold moods' old plain text.
            try pool.writeWithoutTransaction { try $0.execute(sql: "VACUUM") }
        }
        storeID = try pool.write { db in
            if let id = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'storeID'") { return id }
            let id = UUID().uuidString
            try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('storeID', ?)", arguments: [id])
            return id
        }
    }

    public func checkHealth() async throws {
        _ = try await pool.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    public func upsert(_ uploads: [MoodUpload], in account: Account, from device: String?) async throws -> UpsertResult {
        let (result, sealedTheLastPlainMood) = try await pool.write { db in
            try AccountKeyRule.check(uploads, current: try Self.keyID(db, account))
            var sequence = try Self.lastSequence(db, account)
            let start = sequence
            let horizon = try Self.compactedThrough(db, account)
            var saved: [SavedMood] = [], conflicts: [MoodConflict] = []
            var sealedOverPlain = false
            for upload in uploads {
                let current = try Self.record(db, account, upload.id)
                switch UpsertDecision.decide(upload, current: current, compactedThrough: horizon) {
                case .write:
                    if case .plain? = current?.payload { sealedOverPlain = true }
                    sequence += 1
                    try Self.store(db, account, MoodRecord(id: upload.id, payload: upload.payload, version: sequence, sequence: sequence))
                    saved.append(SavedMood(id: upload.id, version: sequence))
                case .unchanged(let version):
                    saved.append(SavedMood(id: upload.id, version: version))
                case .conflict(let conflict):
                    conflicts.append(conflict)
                }
            }
            try Self.setLastSequence(db, account, sequence)
            let result = UpsertResult(saved: saved, conflicts: conflicts, latestSequence: sequence, changedAnything: sequence != start)
            let holdsPlain = sealedOverPlain ? try Self.holdsPlainMoods(db, account) : true
            return (result, !holdsPlain)
        }
        if sealedTheLastPlainMood { try await forgetOldPages() }
        return result
    }

    /// Empties the write-ahead log once its pages are in the database file: the log keeps old
    /// page images (an account's plain moods, until its key was enabled) until they are written
    /// over, and is never shrunk otherwise. The file's own freed space is zeroed as it is freed
    /// (`secure_delete`).
    private func forgetOldPages() async throws {
        try await pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
    }

    public func delete(_ deletions: [MoodDeletion], in account: Account, from device: String?) async throws -> DeletionResult {
        let now = clock.now()
        return try await pool.write { db in
            try AccountKeyRule.checkUnchanged(current: try Self.keyID(db, account), checked: account.keyID)
            var sequence = try Self.lastSequence(db, account)
            var deleted: [UUID] = []
            for deletion in deletions {
                let current = try Self.record(db, account, deletion.id)
                guard TombstoneRule.needsTombstone(current, proof: deletion.proof) else { continue }
                sequence += 1
                let tombstone = MoodRecord(id: deletion.id, payload: nil, version: sequence, sequence: sequence, deletionProof: deletion.proof)
                try Self.store(db, account, tombstone, deletedAt: now)
                if current != nil { deleted.append(deletion.id) }
            }
            try Self.setLastSequence(db, account, sequence)
            return DeletionResult(deleted: deleted, latestSequence: sequence)
        }
    }

    public func changes(in account: Account, after sequence: Int64, listingTombstonesAfter: Int64, limit: Int) async throws -> ChangePage {
        try await pool.read { db in
            let latest = try Self.lastSequence(db, account)
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: """
                    SELECT \(Self.recordColumns) FROM mood
                    WHERE accountID = ? AND sequence > ? AND (deletedAt IS NULL OR sequence > ?) ORDER BY sequence LIMIT ?
                    """), arguments: [account.id, sequence, listingTombstonesAfter, limit + 1])
            return ChangePage(
                records: try Array(rows.map(Self.record(from:))), limit: limit, latestSequence: latest, keyID: try Self.keyID(db, account),
                head: try Self.head(db, account), setupVersion: try Self.setupVersion(db, account),
                compactedThrough: try Self.compactedThrough(db, account))
        }
    }

    public func compact(tombstonesDeletedBefore cutoff: Date) async throws -> Int {
        try await pool.write { db in
            try db.execute(
                sql: """
                    UPDATE account SET compactedThrough = max(compactedThrough,
                        (SELECT max(sequence) FROM mood WHERE accountID = account.id AND deletedAt < :cutoff AND deletionProof IS NULL))
                    WHERE id IN (SELECT accountID FROM mood WHERE deletedAt < :cutoff AND deletionProof IS NULL);
                    DELETE FROM mood WHERE deletedAt < :cutoff AND deletionProof IS NULL;
                    """, arguments: ["cutoff": cutoff.millisecondsSince1970])
            return db.changesCount
        }
    }

    public func setup(of account: Account) async throws -> SetupResponse {
        try await pool.read { db in
            try String.fetchOne(db, sql: "SELECT setup FROM account WHERE id = ?", arguments: [account.id]).flatMap(SetupResponse.init(json:))
                ?? SetupResponse(version: 0, payload: nil)
        }
    }

    public func storeSetup(_ upload: SetupUpload, in account: Account, from device: String?) async throws -> SetupStoreOutcome {
        try await pool.write { db in
            try AccountKeyRule.check(upload.payload, current: try Self.keyID(db, account))
            guard try Self.setupVersion(db, account) == upload.baseVersion else { return .versionMoved }
            let stored = SetupResponse(version: upload.baseVersion + 1, payload: upload.payload)
            try db.execute(
                sql: "UPDATE account SET setup = ?, setupVersion = ? WHERE id = ?", arguments: [stored.json, stored.version, account.id])
            return .stored(version: stored.version, latestSequence: try Self.lastSequence(db, account))
        }
    }

    public func publishHead(_ head: AccountHead, in account: Account, from device: String?) async throws -> Bool {
        try await pool.write { db in
            try AccountKeyRule.checkUnchanged(current: try Self.keyID(db, account), checked: account.keyID)
            guard AccountHeadRule.follows(head, current: try Self.head(db, account), latestSequence: try Self.lastSequence(db, account)) else {
                return false
            }
            try db.execute(sql: "UPDATE account SET head = ? WHERE id = ?", arguments: [head.json, account.id])
            return true
        }
    }
}
