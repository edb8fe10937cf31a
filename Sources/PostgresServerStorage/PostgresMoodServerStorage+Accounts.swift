import Foundation
import MoodKit
import PostgresNIO
import ServerStorage
import SyncProtocol

/// Accounts, device tokens and revocations. A revocation is announced with `NOTIFY` in its own
/// transaction, so that every instance closes the revoked device's sockets at once.
extension PostgresMoodServerStorage {
    /// The channel revocations are announced on.
    static let revocationChannel = "moodtui_token_revoked"

    public func addDevice(toAccount name: String, tokenHash: Data, device: DeviceName?) async throws -> Account {
        try await transaction { connection in
            let now = Date().millisecondsSince1970
            try await connection.query("""
                INSERT INTO account (name, public_id, created_at) VALUES (\(name), \(Account.makePublicID()), \(now))
                ON CONFLICT (name) DO NOTHING
                """, logger: self.logger)
            let account = try await Self.account(
                connection.query("SELECT \(unescaped: Self.accountColumns) FROM account WHERE name = \(name)", logger: self.logger))
            guard let account else { throw PostgresStoreError("account \(name) was not created") }
            try await connection.query("""
                INSERT INTO device_token (hash, account_id, created_at, name) VALUES (\(tokenHash), \(account.id), \(now), \(device?.text))
                """, logger: self.logger)
            return account
        }
    }

    public func account(forTokenHash hash: Data) async throws -> Account? {
        let now = clock.now().millisecondsSince1970
        return try await Self.account(client.query("""
            SELECT \(unescaped: Self.accountColumns) FROM device_token JOIN account ON account.id = device_token.account_id
            WHERE device_token.hash = \(hash) AND (account.expires_at IS NULL OR account.expires_at > \(now))
            """, logger: logger))
    }

    public func accounts() async throws -> [AccountSummary] {
        let rows = try await client.query("""
            SELECT name,
                (SELECT count(*) FROM device_token WHERE account_id = account.id),
                (SELECT count(*) FROM mood WHERE account_id = account.id AND (plain IS NOT NULL OR sealed IS NOT NULL))
            FROM account WHERE owner_id IS NULL ORDER BY name
            """, logger: logger)
        var accounts: [AccountSummary] = []
        for try await (name, devices, moods) in rows.decode((String, Int64, Int64).self) {
            accounts.append(AccountSummary(name: name, devices: Int(devices), moods: Int(moods)))
        }
        return accounts
    }

    public func revokeToken(hash: Data) async throws -> Account? {
        try await transaction { connection in
            let account = try await Self.account(connection.query("""
                DELETE FROM device_token USING account WHERE device_token.hash = \(hash) AND account.id = device_token.account_id
                RETURNING \(unescaped: Self.accountColumns)
                """, logger: self.logger))
            if account != nil { try await self.announceRevocation(connection) }
            return account
        }
    }

    public func revokeAllTokens(ofAccount name: String) async throws -> Int? {
        try await transaction { connection in
            var id: Int64?
            for try await found in try await connection.query("SELECT id FROM account WHERE name = \(name)", logger: self.logger).decode(Int64.self) {
                id = found
            }
            guard let id else { return nil }
            var count = 0
            for try await _ in try await connection.query(
                """
                DELETE FROM device_token WHERE account_id = \(id) OR account_id IN (SELECT id FROM account WHERE owner_id = \(id))
                RETURNING hash
                """, logger: self.logger).decode(Data.self) { count += 1 }
            if count > 0 { try await self.announceRevocation(connection) }
            return count
        }
    }

    public func devices(in account: Account) async throws -> [DeviceRecord] {
        let rows = try await client.query("""
            SELECT hash, name, created_at, device_key FROM device_token WHERE account_id = \(account.id) AND length(hash) = 32
            ORDER BY created_at, hash
            """, logger: logger)
        var devices: [DeviceRecord] = []
        for try await (hash, name, addedAt, key) in rows.decode((Data, String?, Int64, String?).self) {
            devices.append(
                DeviceRecord(
                    tokenHash: hash, name: name.flatMap { try? DeviceName($0) }, addedAt: addedAt,
                    key: key.flatMap(DeviceKeyRegistration.init(json:))))
        }
        return devices
    }

    public func revokeDevice(_ id: DeviceTokenID, in account: Account) async throws -> Bool {
        try await transaction { connection in
            var revoked = false
            for try await _ in try await connection.query("""
                DELETE FROM device_token WHERE account_id = \(account.id) AND substring(hash FROM 1 FOR \(unescaped: String(DeviceTokenID.byteCount))) = \(Data(id.bytes))
                RETURNING hash
                """, logger: self.logger).decode(Data.self) { revoked = true }
            if revoked { try await self.announceRevocation(connection) }
            return revoked
        }
    }

    public func tokenRevocations() throws -> AsyncStream<Void> {
        // A revocation missed while the connection is made again is caught by the yield on each
        // (re)connect, which makes the server check its sockets' tokens.
        listen(on: Self.revocationChannel, onConnect: ()) { _ in () }
    }

    public func revokedTokenHashes(among hashes: Set<Data>) async throws -> Set<Data> {
        guard !hashes.isEmpty else { return [] }
        var open = Set<Data>()
        // Byte strings travel as hex: PostgresNIO has no array of bytea.
        let hex = hashes.map { $0.map { String(format: "%02x", $0) }.joined() }
        for try await hash in try await client.query("""
            SELECT hash FROM device_token WHERE hash = ANY(ARRAY(SELECT decode(h, 'hex') FROM unnest(\(hex)) AS h))
            """, logger: logger).decode(Data.self) { open.insert(hash) }
        return hashes.subtracting(open)
    }

    func announceRevocation(_ connection: PostgresConnection) async throws {
        try await connection.query(PostgresQuery(unsafeSQL: "NOTIFY \(Self.revocationChannel)"), logger: logger)
    }

    static let accountColumns = "account.id, account.name, account.public_id, account.key_id, account.signing_key, account.owner_id"

    static func account(_ rows: PostgresRowSequence) async throws -> Account? {
        for try await (id, name, publicID, key, signingKey, owner) in rows.decode((Int64, String, String, Data?, Data?, Int64?).self) {
            return Account(
                id: id, name: name, publicID: publicID, keyID: key.flatMap(AccountKeyID.init(bytes:)),
                signingKey: signingKey.flatMap(AccountSigningKey.init(bytes:)), kind: owner.map { .share(owner: $0) } ?? .person)
        }
        return nil
    }
}
