import Foundation
import Logging
import MoodKit
import PostgresNIO
import ServerStorage
import SyncProtocol

/// Reading and writing mood rows and an account's sequence, inside a transaction.
extension PostgresMoodServerStorage {
    /// An account's sequence, key and compaction horizon, as one transaction reads them.
    struct AccountState {
        var lastSequence: Int64
        var keyID: AccountKeyID?
        var signingKey: AccountSigningKey?
        var compactedThrough: Int64
        var head: AccountHead?
        var setupVersion: Int64
    }

    /// Takes the account's row lock until the transaction ends: writers of one account, on every
    /// instance, go one after another.
    static func lock(_ account: Account, _ connection: PostgresConnection, logger: Logger) async throws -> AccountState {
        try await state(of: account, connection, logger: logger, forUpdate: true)
    }

    static func state(of account: Account, _ connection: PostgresConnection, logger: Logger, forUpdate: Bool = false) async throws -> AccountState {
        let rows = try await connection.query(
            // NO KEY: adding a device token (a foreign key to the account) need not wait for writers.
            """
            SELECT last_sequence, key_id, signing_key, compacted_through, head, setup_version FROM account
            WHERE id = \(account.id) \(unescaped: forUpdate ? "FOR NO KEY UPDATE" : "")
            """,
            logger: logger)
        for try await (sequence, key, signingKey, compactedThrough, head, setupVersion)
            in rows.decode((Int64, Data?, Data?, Int64, String?, Int64).self)
        {
            return AccountState(
                lastSequence: sequence, keyID: key.flatMap(AccountKeyID.init(bytes:)), signingKey: signingKey.flatMap(AccountSigningKey.init(bytes:)),
                compactedThrough: compactedThrough, head: head.flatMap(AccountHead.init(json:)), setupVersion: setupVersion)
        }
        throw PostgresStoreError("account \(account.name) is not in the store")
    }

    static func setLastSequence(_ sequence: Int64, of account: Account, _ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("UPDATE account SET last_sequence = \(sequence) WHERE id = \(account.id)", logger: logger)
    }

    /// The stored records of these moods, by id.
    static func records(_ ids: [UUID], of account: Account, _ connection: PostgresConnection, logger: Logger) async throws -> [UUID: MoodRecord] {
        let rows = try await connection.query("""
            SELECT \(unescaped: recordColumns) FROM mood WHERE account_id = \(account.id) AND id = ANY(\(ids))
            """, logger: logger)
        var records: [UUID: MoodRecord] = [:]
        for try await row in rows.decode(RecordRow.self) {
            let record = try record(row)
            records[record.id] = record
        }
        return records
    }

    /// Stores the records, a statement for up to ``rowsPerStatement`` of them (one round trip,
    /// where a statement a row made uploads wait on the network); a tombstone (no payload) is
    /// dated `deletedAt`.
    static func store(
        _ records: [MoodRecord], of account: Account, deletedAt: Date? = nil, _ connection: PostgresConnection, logger: Logger
    ) async throws {
        var start = records.startIndex
        while start < records.endIndex {
            let end = min(start + rowsPerStatement, records.endIndex)
            try await connection.query(try upsertQuery(records[start..<end], of: account, deletedAt: deletedAt), logger: logger)
            start = end
        }
    }

    /// Far below PostgreSQL's 65,535 parameters a statement (eight a row).
    static let rowsPerStatement = 1_000

    private static func upsertQuery(_ records: ArraySlice<MoodRecord>, of account: Account, deletedAt: Date?) throws -> PostgresQuery {
        var bindings = PostgresBindings(capacity: records.count * 8)
        var rows: [String] = []
        for record in records {
            let first = bindings.count + 1
            rows.append("(" + (first..<first + 8).map { "$\($0)" }.joined(separator: ", ") + ")")
            bindings.append(account.id)
            bindings.append(record.id)
            switch record.payload {
            case .plain(let content):
                bindings.append(String(decoding: try JSONEncoder().encode(content), as: UTF8.self))
                bindings.appendNull()
            case .sealed(let blob):
                bindings.appendNull()
                try bindings.append(Data(blob.bytes))
            case nil:
                bindings.appendNull()
                bindings.appendNull()
            }
            bindings.append(record.version)
            bindings.append(record.sequence)
            if let deletedAt { bindings.append(deletedAt.millisecondsSince1970) } else { bindings.appendNull() }
            if let proof = record.deletionProof { try bindings.append(Data(proof.storedBytes)) } else { bindings.appendNull() }
        }
        return PostgresQuery(unsafeSQL: """
            INSERT INTO mood (account_id, id, plain, sealed, version, sequence, deleted_at, deletion_proof)
            VALUES \(rows.joined(separator: ", "))
            ON CONFLICT (account_id, id) DO UPDATE
            SET plain = EXCLUDED.plain, sealed = EXCLUDED.sealed, version = EXCLUDED.version, sequence = EXCLUDED.sequence,
                deleted_at = EXCLUDED.deleted_at, deletion_proof = EXCLUDED.deletion_proof
            """, binds: bindings)
    }

    /// The columns ``record(_:)`` reads, as ``RecordRow``.
    static let recordColumns = "id, plain, sealed, version, sequence, deletion_proof"
    typealias RecordRow = (UUID, String?, Data?, Int64, Int64, Data?)

    /// A record from ``recordColumns``; neither content is a tombstone.
    static func record(_ row: RecordRow) throws -> MoodRecord {
        let (id, plain, sealed, version, sequence, proof) = row
        var payload: MoodPayload?
        if let sealed {
            payload = .sealed(try SealedContent(bytes: Array(sealed)))
        } else if let plain {
            payload = .plain(try JSONDecoder().decode(MoodContent.self, from: Data(plain.utf8)))
        }
        let deletionProof = proof.flatMap { DeletionProof(storedBytes: Array($0)) }
        return MoodRecord(id: id, payload: payload, version: version, sequence: sequence, deletionProof: deletionProof)
    }
}
