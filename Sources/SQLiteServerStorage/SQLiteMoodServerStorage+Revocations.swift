import Foundation
import GRDB

/// Revocations: another process (`moodtui account revoke`) deletes device tokens in the same
/// file, so the server learns of them from the file, not from its own calls.
extension SQLiteMoodServerStorage {
    public func tokenRevocations() throws -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let watcher = try SQLiteRevocationWatcher(pool: pool) { continuation.yield() }
        continuation.onTermination = { _ in watcher.stop() }
        return stream
    }

    public func revokedTokenHashes(among hashes: Set<Data>) async throws -> Set<Data> {
        let all = Array(hashes)
        return try await pool.read { db in
            var open = Set<Data>()
            // A few hundred at a time: SQLite limits the arguments of one statement.
            for start in stride(from: 0, to: all.count, by: 500) {
                let batch = all[start..<min(start + 500, all.count)]
                let marks = Array(repeating: "?", count: batch.count).joined(separator: ", ")
                open.formUnion(try Data.fetchSet(
                    db, sql: "SELECT hash FROM deviceToken WHERE hash IN (\(marks))", arguments: StatementArguments(batch)))
            }
            return hashes.subtracting(open)
        }
    }

    /// How many device tokens were ever deleted: the v3 schema's trigger counts them.
    static func revocationCount(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT count FROM tokenRevocation WHERE id = 1") ?? 0
    }
}
