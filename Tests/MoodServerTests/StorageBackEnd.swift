import Foundation
import MoodServer
import Testing

/// The storage back ends, so that one test body runs against each.
enum StorageBackEnd: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, inMemory

    var testDescription: String { rawValue }

    /// A fresh, empty store (SQLite in a new temporary folder).
    func make() throws -> any MoodServerStorage {
        switch self {
        case .sqlite: try SQLiteMoodServerStorage(directory: Self.temporaryFolder())
        case .inMemory: InMemoryMoodServerStorage()
        }
    }

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("moodserver-test-\(UUID().uuidString)")
    }
}
