import Foundation
import GRDB
import MoodKit

/// Accounts and device tokens.
extension SQLiteMoodServerStorage {
    public func addDevice(toAccount name: String, tokenHash: Data) async throws -> Account {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO account (name, createdAt) VALUES (?, ?)",
                arguments: [name, Date().millisecondsSince1970])
            let id = try Int64.fetchOne(db, sql: "SELECT id FROM account WHERE name = ?", arguments: [name]) ?? 0
            try db.execute(
                sql: "INSERT INTO deviceToken (hash, accountID, createdAt) VALUES (?, ?, ?)",
                arguments: [tokenHash, id, Date().millisecondsSince1970])
            return Account(id: id, name: name)
        }
    }

    public func account(forTokenHash hash: Data) async throws -> Account? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: """
                SELECT account.id, account.name FROM deviceToken JOIN account ON account.id = deviceToken.accountID
                WHERE deviceToken.hash = ?
                """, arguments: [hash])
            .map { Account(id: $0["id"], name: $0["name"]) }
        }
    }

    public func accounts() async throws -> [AccountSummary] {
        try await pool.read { db in
            try Row.fetchAll(db, sql: """
                SELECT name,
                    (SELECT COUNT(*) FROM deviceToken WHERE accountID = account.id) AS devices,
                    (SELECT COUNT(*) FROM mood WHERE accountID = account.id AND level IS NOT NULL) AS moods
                FROM account ORDER BY name
                """)
            .map { AccountSummary(name: $0["name"], devices: $0["devices"], moods: $0["moods"]) }
        }
    }

    public func revokeToken(hash: Data) async throws -> Account? {
        try await pool.write { db in
            let account = try Row.fetchOne(db, sql: """
                SELECT account.id, account.name FROM deviceToken JOIN account ON account.id = deviceToken.accountID
                WHERE deviceToken.hash = ?
                """, arguments: [hash])
                .map { Account(id: $0["id"], name: $0["name"]) }
            try db.execute(sql: "DELETE FROM deviceToken WHERE hash = ?", arguments: [hash])
            return account
        }
    }

    public func revokeAllTokens(ofAccount name: String) async throws -> Int? {
        try await pool.write { db in
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM account WHERE name = ?", arguments: [name]) else { return nil }
            try db.execute(sql: "DELETE FROM deviceToken WHERE accountID = ?", arguments: [id])
            return db.changesCount
        }
    }
}
