import Foundation
import PostgresServerStorage
import ServerStorage
import SQLiteServerStorage
import SyncProtocol

/// The limit of the server's writes on a back end: the rows an upload case sent, upserted
/// straight into a new store with no HTTP and no JSON, in one transaction (what the server could
/// store at best) and in transactions of a request's size (what a request's transaction costs
/// without the rest), measured in the same run.
enum ServerWriteLimit {
    /// A new SQLite store in `folder`.
    case sqlite(folder: URL)
    /// The PostgreSQL database at this `postgres://` URL.
    case postgres(database: String)

    /// Moods per second, `transaction` moods to a transaction.
    func measure(_ uploads: [MoodUpload], transaction: Int) async throws -> Double {
        switch self {
        case .sqlite(let folder):
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let storage = try SQLiteMoodServerStorage(path: folder.appendingPathComponent("limit-\(UUID().uuidString).sqlite").path)
            return try await Self.upsert(uploads, transaction: transaction, into: storage)
        case .postgres(let database):
            guard let address = try PostgresAddress(database) else { throw BenchError("not a PostgreSQL URL") }
            let storage = try await PostgresMoodServerStorage.connect(address, logger: BenchDevice.logger)
            defer { storage.close() }
            return try await Self.upsert(uploads, transaction: transaction, into: storage)
        }
    }

    private static func upsert(_ uploads: [MoodUpload], transaction: Int, into storage: some MoodServerStorage) async throws -> Double {
        let account = try await storage.addDevice(toAccount: "limit-\(UUID().uuidString.prefix(8))", tokenHash: Data(UUID().uuidString.utf8), device: nil)
        let start = ContinuousClock.now
        var saved = 0
        for first in stride(from: 0, to: uploads.count, by: transaction) {
            saved += try await storage.upsert(Array(uploads[first..<min(uploads.count, first + transaction)]), in: account, from: nil).saved.count
        }
        let seconds = Double((ContinuousClock.now - start).nanoseconds) / 1e9
        guard saved == uploads.count else { throw BenchError("the limit's store saved \(saved) of \(uploads.count)") }
        return Double(uploads.count) / seconds
    }
}
