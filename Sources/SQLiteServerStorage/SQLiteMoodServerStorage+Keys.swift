import Foundation
import GRDB
import ServerStorage
import SyncProtocol

/// The account's key: changing it, and the keys of its devices that a rotation wraps it for.
extension SQLiteMoodServerStorage {
    public func changeKey(_ change: KeyChange, in account: Account, from device: String?) async throws -> KeyChangeOutcome {
        let now = clock.now().millisecondsSince1970
        return try await pool.write { db in
            let latest = try Self.lastSequence(db, account)
            let refusal = AccountKeyRule.refusal(
                of: change, current: try Self.keyID(db, account), signingKey: try Self.signingKey(db, account), latestSequence: latest)
            if let refusal { return refusal }
            let live = try Self.shareRecords(db, owner: account, now: now).map(\.id)
            if let refusal = AccountKeyRule.refusal(of: change, liveShares: Set(live)) { return refusal }
            for (share, record) in change.shareRecords ?? [:] {
                try db.execute(
                    sql: "UPDATE account SET shareRecord = ? WHERE ownerID = ? AND shareID = ?",
                    arguments: [Data(record.bytes), account.id, Data(share.bytes)])
            }
            if !change.registersSigningKey {
                try db.execute(sql: "UPDATE deviceToken SET keyHandOver = NULL WHERE accountID = ?", arguments: [account.id])
                for (device, handOver) in change.handOvers {
                    try db.execute(
                        sql: "UPDATE deviceToken SET keyHandOver = ? WHERE accountID = ? AND substr(hash, 1, ?) = ?",
                        arguments: [handOver.json, account.id, DeviceTokenID.byteCount, Data(device.bytes)])
                }
            }
            try db.execute(
                sql: "UPDATE account SET keyID = ?, signingKey = ? WHERE id = ?",
                arguments: [Data(change.keyID.bytes), Data(change.signingKey.bytes), account.id])
            var changed = account
            changed.keyID = change.keyID
            changed.signingKey = change.signingKey
            return .changed(changed, latestSequence: latest)
        }
    }

    public func registerDeviceKey(_ registration: DeviceKeyRegistration, forTokenHash tokenHash: Data) async throws -> Bool {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE deviceToken SET deviceKey = ? WHERE hash = ? AND accountID IN (SELECT id FROM account WHERE keyID = ?)",
                arguments: [registration.json, tokenHash, Data(registration.keyID.bytes)])
            return db.changesCount > 0
        }
    }

    public func keyHandOver(forTokenHash tokenHash: Data) async throws -> KeyHandOver? {
        try await pool.read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT deviceToken.keyHandOver, account.keyID FROM deviceToken JOIN account ON account.id = deviceToken.accountID
                WHERE deviceToken.hash = ?
                """, arguments: [tokenHash])
            guard let row, let handOver = (row[0] as String?).flatMap(KeyHandOver.init(json:)),
                let keyID = (row[1] as Data?).flatMap(AccountKeyID.init(bytes:)), handOver.keyID == keyID
            else { return nil }
            return handOver
        }
    }
}
