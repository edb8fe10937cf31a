import AppTesting
import Foundation
import GRDB

/// The server's database file, read and changed behind its back, as whoever holds its disk could.
extension ServerProcess {
    private var file: String { data.appendingPathComponent("server.sqlite").path }

    func readFile<T: Sendable>(_ read: @Sendable (Database) throws -> T) async throws -> T {
        var configuration = Configuration()
        configuration.readonly = true
        return try await DatabaseQueue(path: file, configuration: configuration).read(read)
    }

    func tamper(_ change: (Database) throws -> Void) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        try DatabaseQueue(path: file, configuration: configuration).write(change)
    }
}
