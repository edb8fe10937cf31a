import Foundation
import MoodKit
import PostgresNIO
import ServerStorage
import SyncProtocol

/// Shares: each an account row tied to its owner's, so that its moods, change log, pushes and
/// token are an account's. Deleting one deletes its moods and token with it (the schema's
/// cascades) and is announced as a revocation, so that every instance closes its socket.
extension PostgresMoodServerStorage {
    public func createShare(_ share: NewShare, of owner: Account) async throws -> ShareCreation {
        let now = clock.now().millisecondsSince1970
        return try await transaction { connection in
            // One share at a time per owner, so that two cannot both pass the limit.
            let locked = try await Self.lock(owner, connection, logger: self.logger)
            if let existing = try await self.shareRecords(connection, owner: owner, now: nil, id: share.id).first { return .exists(existing) }
            guard locked.keyID == share.record.keyID else { return .keyChanged }
            var live = 0
            for try await count in try await connection.query(
                "SELECT count(*) FROM account WHERE owner_id = \(owner.id) AND (expires_at IS NULL OR expires_at > \(now))",
                logger: self.logger
            ).decode(Int64.self) { live = Int(count) }
            guard live < SyncLimits.maximumSharesPerAccount else { return .limitReached }
            let name = ShareRule.accountName(owner: owner, share: share.id)
            var id: Int64?
            for try await made in try await connection.query(
                """
                INSERT INTO account (name, public_id, created_at, key_id, signing_key, owner_id, share_id, expires_at, share_record)
                VALUES (\(name), \(Account.makePublicID()), \(now), \(Data(share.keyID.bytes)), \(Data(share.signingKey.bytes)),
                    \(owner.id), \(Data(share.id.bytes)), \(share.expiresAt), \(Data(share.record.bytes)))
                RETURNING id
                """, logger: self.logger
            ).decode(Int64.self) { id = made }
            guard let id else { throw PostgresStoreError("share \(share.id) was not created") }
            try await connection.query(
                "INSERT INTO device_token (hash, account_id, created_at) VALUES (\(share.readerTokenHash), \(id), \(now))",
                logger: self.logger)
            return .created(ListedShare(id: share.id, createdAt: now, expiresAt: share.expiresAt, lastReadAt: nil, record: share.record))
        }
    }

    public func shares(of owner: Account) async throws -> [ListedShare] {
        let now = clock.now().millisecondsSince1970
        return try await client.withConnection { connection in try await self.shareRecords(connection, owner: owner, now: now) }
    }

    public func shareAccount(_ id: ShareID, of owner: Account) async throws -> Account? {
        let now = clock.now().millisecondsSince1970
        return try await Self.account(client.query("""
            SELECT \(unescaped: Self.accountColumns) FROM account
            WHERE owner_id = \(owner.id) AND share_id = \(Data(id.bytes)) AND (expires_at IS NULL OR expires_at > \(now))
            """, logger: logger))
    }

    public func deleteShare(_ id: ShareID, of owner: Account) async throws -> Bool {
        try await deleteShares("owner_id = \(owner.id) AND share_id = \(Data(id.bytes))") > 0
    }

    public func deleteExpiredShares() async throws -> Int {
        try await deleteShares("owner_id IS NOT NULL AND expires_at <= \(clock.now().millisecondsSince1970)")
    }

    public func noteShareRead(_ share: Account) async throws {
        let now = clock.now().millisecondsSince1970
        try await client.query("""
            UPDATE account SET last_read_at = \(now)
            WHERE id = \(share.id) AND owner_id IS NOT NULL AND (last_read_at IS NULL OR last_read_at <= \(now - ShareRule.readNoteInterval))
            """, logger: logger)
    }

    /// Deletes the share accounts `condition` selects, announcing the revocation of their
    /// tokens; returns how many.
    private func deleteShares(_ condition: PostgresQuery) async throws -> Int {
        let sql = PostgresQuery(unsafeSQL: "DELETE FROM account WHERE \(condition.sql) RETURNING id", binds: condition.binds)
        return try await transaction { connection in
            var deleted = 0
            for try await _ in try await connection.query(sql, logger: self.logger).decode(Int64.self) { deleted += 1 }
            if deleted > 0 { try await self.announceRevocation(connection) }
            return deleted
        }
    }

    /// The owner's shares, live at `now` (all when `nil`), or only the one with `id`.
    func shareRecords(_ connection: PostgresConnection, owner: Account, now: Int64?, id: ShareID? = nil) async throws -> [ListedShare] {
        let rows = try await connection.query("""
            SELECT share_id, created_at, expires_at, last_read_at, share_record FROM account
            WHERE owner_id = \(owner.id) AND (\(now)::BIGINT IS NULL OR expires_at IS NULL OR expires_at > \(now))
                AND (\(id.map { Data($0.bytes) })::BYTEA IS NULL OR share_id = \(id.map { Data($0.bytes) }))
            ORDER BY created_at, id
            """, logger: logger)
        var records: [ListedShare] = []
        for try await (shareID, createdAt, expiresAt, lastReadAt, record) in rows.decode((Data, Int64, Int64?, Int64?, Data).self) {
            // Both were checked when the share was made; a row that no longer reads is left out.
            guard let shareID = ShareID(bytes: [UInt8](shareID)), let record = try? SealedContent(bytes: [UInt8](record)) else { continue }
            records.append(ListedShare(id: shareID, createdAt: createdAt, expiresAt: expiresAt, lastReadAt: lastReadAt, record: record))
        }
        return records
    }
}
