import ArgumentParser
import Foundation
import Logging
import MoodServer
import PostgresServerStorage
import SQLiteServerStorage
import ServerStorage

/// Where the server keeps its moods, shared by `moodtui serve` and `moodtui account`: `--data DIR`
/// (a folder holding `server.sqlite`, the default), or `--database` naming a PostgreSQL database
/// or a SQLite file.
struct ServerDataOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The server's data folder.", discussion: "Default: $XDG_DATA_HOME/moodtui/server (~/.local/share/moodtui/server).",
        valueName: "dir"))
    var data: String?

    @Option(name: .long, help: ArgumentHelp(
        "The moods' database instead of the data folder: postgres://USER[:PASSWORD]@HOST[:PORT]/DB, or a SQLite file.",
        discussion: "Several `moodtui serve` processes may share one PostgreSQL database.", valueName: "url-or-path"))
    var database: String?

    func validate() throws {
        if data != nil, database != nil { throw ValidationError("--data and --database name two stores: give one") }
        do { _ = try PostgresAddress(database ?? "") } catch { throw ValidationError("invalid --database: \(error)") }
    }

    /// For the `account` commands: only errors, on standard error (the command reports its own
    /// failure in words).
    static let quietLogger: Logger = {
        var logger = Logger(label: "moodtui.store")
        logger.logLevel = .error
        return logger
    }()

    /// The data folder: the flag, else the XDG data folder.
    var directory: URL {
        if let data { return URL(fileURLWithPath: (data as NSString).expandingTildeInPath) }
        return Environment.dataHome.appendingPathComponent("moodtui/server")
    }

    /// Opens the store, as a command-line error if it cannot be opened, and says on standard
    /// error which files it had to make private.
    func open(logger: Logger = ServerDataOptions.quietLogger) async throws -> any MoodServerStorage {
        if let database, var address = try? PostgresAddress(database) {
            address.password = address.password ?? Environment.postgresPassword
            do { return try await PostgresMoodServerStorage.connect(address, logger: logger) } catch {
                throw CommandFailure("cannot open the server store at \(address): \(PostgresFailure.describe(error))")
            }
        }
        let storage: SQLiteMoodServerStorage
        let place = database.map { ($0 as NSString).expandingTildeInPath } ?? directory.path
        do {
            storage = try database == nil
                ? SQLiteMoodServerStorage(directory: directory) : SQLiteMoodServerStorage(path: place)
        } catch {
            throw CommandFailure("cannot open the server store in \(place): \(error)")
        }
        storage.permissionChanges.report()
        return storage
    }
}
