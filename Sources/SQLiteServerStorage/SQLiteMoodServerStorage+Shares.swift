import Foundation
import GRDB
import MoodKit
import ServerStorage
import SyncProtocol

/// Shares: each an account row tied to its owner's, so that its moods, change log and token are
/// an account's. Deleting one deletes its moods and token with it (the schema's cascades), and
/// the token's deletion is counted as a revocation, which closes its socket.
extension SQLiteMoodServerStorage {
    public func createShare(_ share: NewShare, of owner: Account) async throws -> ShareCreation {
        let now = clock.now().millisecondsSince1970
        return try await pool.write { db in
            if let existing = try Self.shareRecords(db, owner: owner, now: nil, id: share.id).first { return .exists(existing) }
            guard try Self.keyID(db, owner) == share.record.keyID else { return .keyChanged }
            let live = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM account WHERE ownerID = ? AND (expiresAt IS NULL OR expiresAt > ?)",
                arguments: [owner.id, now]) ?? 0
            guard live < SyncLimits.maximumSharesPerAccount else { return .limitReached }
            try db.execute(
                sql: """
                    INSERT INTO account (name, createdAt, publicID, keyID, signingKey, ownerID, shareID, expiresAt, shareRecord)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    ShareRule.accountName(owner: owner, share: share.id), now, Account.makePublicID(), Data(share.keyID.bytes),
                    Data(share.signingKey.bytes), owner.id, Data(share.id.bytes), share.expiresAt, Data(share.record.bytes),
                ])
            try db.execute(
                sql: "INSERT INTO deviceToken (hash, accountID, createdAt) VALUES (?, ?, ?)",
                arguments: [share.readerTokenHash, db.lastInsertedRowID, now])
            return .created(ListedShare(id: share.id, createdAt: now, expiresAt: share.expiresAt, lastReadAt: nil, record: share.record))
        }
    }

    public func shares(of owner: Account) async throws -> [ListedShare] {
        let now = clock.now().millisecondsSince1970
        return try await pool.read { db in try Self.shareRecords(db, owner: owner, now: now) }
    }

    public func shareAccount(_ id: ShareID, of owner: Account) async throws -> Account? {
        let now = clock.now().millisecondsSince1970
        return try await pool.read { db in
            try Row.fetchOne(
                db, sql: """
                    SELECT \(Self.accountColumns) FROM account
                    WHERE ownerID = ? AND shareID = ? AND (expiresAt IS NULL OR expiresAt > ?)
                    """, arguments: [owner.id, Data(id.bytes), now]
            ).map(Self.account(from:))
        }
    }

    public func deleteShare(_ id: ShareID, of owner: Account) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM account WHERE ownerID = ? AND shareID = ?", arguments: [owner.id, Data(id.bytes)])
            return db.changesCount > 0
        }
    }

    public func deleteExpiredShares() async throws -> Int {
        let now = clock.now().millisecondsSince1970
        return try await pool.write { db in
            try db.execute(sql: "DELETE FROM account WHERE ownerID IS NOT NULL AND expiresAt <= ?", arguments: [now])
            return db.changesCount
        }
    }

    public func noteShareRead(_ share: Account) async throws {
        let now = clock.now().millisecondsSince1970
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE account SET lastReadAt = ?1 WHERE id = ?2 AND ownerID IS NOT NULL AND (lastReadAt IS NULL OR lastReadAt <= ?1 - ?3)",
                arguments: [now, share.id, ShareRule.readNoteInterval])
        }
    }

    /// The owner's shares, live at `now` (all when `nil`), or only the one with `id`.
    static func shareRecords(_ db: Database, owner: Account, now: Int64?, id: ShareID? = nil) throws -> [ListedShare] {
        try Row.fetchAll(
            db, sql: """
                SELECT shareID, createdAt, expiresAt, lastReadAt, shareRecord FROM account
                WHERE ownerID = ?1 AND (?2 IS NULL OR expiresAt IS NULL OR expiresAt > ?2) AND (?3 IS NULL OR shareID = ?3)
                ORDER BY createdAt, id
                """, arguments: [owner.id, now, id.map { Data($0.bytes) }]
        ).compactMap { row in
            // Both were checked when the share was made; a row that no longer reads is left out.
            guard let id = ShareID(bytes: [UInt8](row[0] as Data)), let record = try? SealedContent(bytes: [UInt8](row[4] as Data)) else {
                return nil
            }
            return ListedShare(id: id, createdAt: row[1], expiresAt: row[2], lastReadAt: row[3], record: record)
        }
    }
}
