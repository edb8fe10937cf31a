import Foundation
import GRDB
import MoodKit
import ServerStorage
import SyncProtocol

/// Accounts and device tokens.
extension SQLiteMoodServerStorage {
    public func addDevice(toAccount name: String, tokenHash: Data, device: DeviceName?) async throws -> Account {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO account (name, createdAt, publicID) VALUES (?, ?, ?)",
                arguments: [name, Date().millisecondsSince1970, Account.makePublicID()])
            let account = try Row.fetchOne(db, sql: "SELECT \(Self.accountColumns) FROM account WHERE name = ?", arguments: [name])
                .map(Self.account(from:))
            guard let account else { throw DatabaseError(message: "account \(name) was not created") }
            try db.execute(
                sql: "INSERT INTO deviceToken (hash, accountID, createdAt, name) VALUES (?, ?, ?, ?)",
                arguments: [tokenHash, account.id, Date().millisecondsSince1970, device?.text])
            return account
        }
    }

    public func account(forTokenHash hash: Data) async throws -> Account? {
        let now = clock.now().millisecondsSince1970
        return try await pool.read { db in
            try Self.account(db, forTokenHash: hash).flatMap { account, expiresAt in
                ShareRule.isOpen(expiresAt: expiresAt, now: now) ? account : nil
            }
        }
    }

    public func accounts() async throws -> [AccountSummary] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT name,
                    (SELECT COUNT(*) FROM deviceToken WHERE accountID = account.id) AS devices,
                    (SELECT COUNT(*) FROM mood WHERE accountID = account.id AND (level IS NOT NULL OR sealed IS NOT NULL)) AS moods
                FROM account WHERE ownerID IS NULL ORDER BY name
                """)
            .map { AccountSummary(name: $0["name"], devices: $0["devices"], moods: $0["moods"]) }
        }
    }

    public func revokeToken(hash: Data) async throws -> Account? {
        try await pool.write { db in
            let account = try Self.account(db, forTokenHash: hash)?.account
            try db.execute(sql: "DELETE FROM deviceToken WHERE hash = ?", arguments: [hash])
            return account
        }
    }

    public func revokeAllTokens(ofAccount name: String) async throws -> Int? {
        try await pool.write { db in
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM account WHERE name = ?", arguments: [name]) else { return nil }
            try db.execute(
                sql: "DELETE FROM deviceToken WHERE accountID = ?1 OR accountID IN (SELECT id FROM account WHERE ownerID = ?1)", arguments: [id])
            return db.changesCount
        }
    }

    public func devices(in account: Account) async throws -> [DeviceRecord] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT hash, name, createdAt, deviceKey FROM deviceToken WHERE accountID = ? AND length(hash) = 32 ORDER BY createdAt, hash",
                arguments: [account.id])
            .map { row in
                // Names are checked when a token is made; one that no longer reads as a name is
                // shown as none rather than sent to a terminal.
                DeviceRecord(
                    tokenHash: row[0], name: (row[1] as String?).flatMap { try? DeviceName($0) }, addedAt: row[2],
                    key: (row[3] as String?).flatMap(DeviceKeyRegistration.init(json:)))
            }
        }
    }

    public func revokeDevice(_ id: DeviceTokenID, in account: Account) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "DELETE FROM deviceToken WHERE accountID = ? AND substr(hash, 1, ?) = ?",
                arguments: [account.id, DeviceTokenID.byteCount, Data(id.bytes)])
            return db.changesCount > 0
        }
    }

    static let accountColumns = "account.id, account.name, account.publicID, account.keyID, account.signingKey, account.ownerID"

    static func account(from row: Row) -> Account {
        Account(
            id: row[0], name: row[1], publicID: row[2], keyID: (row[3] as Data?).flatMap(AccountKeyID.init(bytes:)),
            signingKey: (row[4] as Data?).flatMap(AccountSigningKey.init(bytes:)),
            kind: (row[5] as Int64?).map { AccountKind.share(owner: $0) } ?? .person)
    }

    /// The account the token opens, and when it expires (a share's).
    private static func account(_ db: Database, forTokenHash hash: Data) throws -> (account: Account, expiresAt: Int64?)? {
        try Row.fetchOne(db, sql: """
            SELECT \(accountColumns), account.expiresAt FROM deviceToken JOIN account ON account.id = deviceToken.accountID
            WHERE deviceToken.hash = ?
            """, arguments: [hash])
        .map { (account(from: $0), $0[6]) }
    }
}
