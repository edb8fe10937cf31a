import ArgumentParser
import Foundation
import MoodServer

/// `--data DIR`, shared by `moodtui serve` and `moodtui account`.
struct ServerDataOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The server's data folder.", discussion: "Default: $XDG_DATA_HOME/moodtui/server (~/.local/share/moodtui/server).",
        valueName: "dir"))
    var data: String?

    /// The data folder: the flag, else the XDG data folder.
    var directory: URL {
        if let data { return URL(fileURLWithPath: (data as NSString).expandingTildeInPath) }
        return Environment.dataHome.appendingPathComponent("moodtui/server")
    }

    /// Opens the server's SQLite store, as a command-line error if it cannot be opened, and says
    /// on standard error which files it had to make private.
    func open() throws -> SQLiteMoodServerStorage {
        let storage: SQLiteMoodServerStorage
        do { storage = try SQLiteMoodServerStorage(directory: directory) } catch {
            throw CommandFailure("cannot open the server store in \(directory.path): \(error)")
        }
        storage.permissionChanges.report()
        return storage
    }
}
