import Foundation
import PostgresNIO
import ServerStorage
import SyncProtocol

/// The account's key: changing it, and the keys of its devices that a rotation wraps it for.
extension PostgresMoodServerStorage {
    public func changeKey(_ change: KeyChange, in account: Account, from device: String?) async throws -> KeyChangeOutcome {
        let now = clock.now().millisecondsSince1970
        return try await transaction { connection in
            let locked = try await Self.lock(account, connection, logger: self.logger)
            let refusal = AccountKeyRule.refusal(
                of: change, current: locked.keyID, signingKey: locked.signingKey, latestSequence: locked.lastSequence)
            if let refusal { return refusal }
            let live = try await self.shareRecords(connection, owner: account, now: now).map(\.id)
            if let refusal = AccountKeyRule.refusal(of: change, liveShares: Set(live)) { return refusal }
            for (share, record) in change.shareRecords ?? [:] {
                try await connection.query("""
                    UPDATE account SET share_record = \(Data(record.bytes)) WHERE owner_id = \(account.id) AND share_id = \(Data(share.bytes))
                    """, logger: self.logger)
            }
            if !change.registersSigningKey {
                try await connection.query(
                    "UPDATE device_token SET key_hand_over = NULL WHERE account_id = \(account.id)", logger: self.logger)
                for (device, handOver) in change.handOvers {
                    try await connection.query("""
                        UPDATE device_token SET key_hand_over = \(handOver.json)
                        WHERE account_id = \(account.id)
                            AND substring(hash FROM 1 FOR \(unescaped: String(DeviceTokenID.byteCount))) = \(Data(device.bytes))
                        """, logger: self.logger)
                }
            }
            try await connection.query(
                """
                UPDATE account SET key_id = \(Data(change.keyID.bytes)), signing_key = \(Data(change.signingKey.bytes))
                WHERE id = \(account.id)
                """, logger: self.logger)
            var changed = account
            changed.keyID = change.keyID
            changed.signingKey = change.signingKey
            // Other devices fetch and see the new key: those it was wrapped for move to it.
            try await self.announce(account, latestSequence: locked.lastSequence, device: device, connection)
            return .changed(changed, latestSequence: locked.lastSequence)
        }
    }

    public func registerDeviceKey(_ registration: DeviceKeyRegistration, forTokenHash tokenHash: Data) async throws -> Bool {
        var kept = false
        // FOR SHARE waits for a key change that holds the account's row, then reads its new key:
        // a registration under the key it replaced is not kept.
        for try await _ in try await client.query("""
            UPDATE device_token SET device_key = \(registration.json)
            WHERE hash = \(tokenHash)
                AND account_id IN (SELECT id FROM account WHERE key_id = \(Data(registration.keyID.bytes)) FOR SHARE)
            RETURNING hash
            """, logger: logger).decode(Data.self) { kept = true }
        return kept
    }

    public func keyHandOver(forTokenHash tokenHash: Data) async throws -> KeyHandOver? {
        let rows = try await client.query("""
            SELECT device_token.key_hand_over, account.key_id FROM device_token JOIN account ON account.id = device_token.account_id
            WHERE device_token.hash = \(tokenHash)
            """, logger: logger)
        for try await (stored, keyID) in rows.decode((String?, Data?).self) {
            guard let handOver = stored.flatMap(KeyHandOver.init(json:)), keyID.flatMap(AccountKeyID.init(bytes:)) == handOver.keyID else {
                return nil
            }
            return handOver
        }
        return nil
    }
}
