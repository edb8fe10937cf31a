import AppTesting
import Foundation
import LocalProcesses
import Logging
import MoodKit
import MoodServer
import PostgresServerStorage
import SQLiteServerStorage
import ServerStorage
import Testing

/// The storage back ends, so that one test body runs against each.
enum StorageBackEnd: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, inMemory, postgres

    var testDescription: String { rawValue }

    /// A fresh, empty store dating its tombstones by `clock`: SQLite in a new temporary folder,
    /// PostgreSQL in a new database of the test process's throwaway cluster.
    func make(clock: WallClock = .system) async throws -> any MoodServerStorage {
        switch self {
        case .sqlite: try SQLiteMoodServerStorage(directory: Self.temporaryFolder(), clock: clock)
        case .inMemory: InMemoryMoodServerStorage(clock: clock)
        case .postgres: try await Self.postgres(at: try PostgresCluster.shared().makeDatabase(), clock: clock)
        }
    }

    /// A PostgreSQL store on the database at `url` (from ``PostgresCluster/makeDatabase()``),
    /// logging nothing short of critical.
    static func postgres(at url: String, clock: WallClock = .system) async throws -> PostgresMoodServerStorage {
        try await PostgresMoodServerStorage.connect(try #require(try PostgresAddress(url)), logger: quietLogger, clock: clock)
    }

    private static let quietLogger: Logger = {
        var logger = Logger(label: "postgres-test")
        logger.logLevel = .critical
        return logger
    }()

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("moodserver-test-\(UUID().uuidString)")
    }
}
