import ArgumentParser
import Foundation
import MoodStore
import PrivateFiles

/// `--journal PATH`, shared by every command.
struct JournalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The journal file.", discussion: "Default: journal in config.toml, else $XDG_DATA_HOME/moodtui/journal.sqlite (~/.local/share/moodtui/journal.sqlite).",
        valueName: "path"))
    var journal: String?

    /// The journal path: the flag, else config.toml's, else the XDG data folder.
    var path: String {
        if let journal { return (journal as NSString).expandingTildeInPath }
        return Environment.defaultJournal
    }

    /// Whether opening may make a new, empty journal.
    enum Missing {
        /// The app, `add`, `watch`, `login`: a new journal is what the person starts with.
        case create
        /// `list`, `edit`, `delete`: a missing journal is a mistyped path, said as such.
        case refuse
    }

    /// Opens the journal, as a command-line error if it cannot be opened, and says which of its
    /// files (and, for the default journal, moodtui's own folder) it made private.
    func open(ifMissing missing: Missing = .create) throws -> JournalStore {
        if missing == .refuse, !FileManager.default.fileExists(atPath: path) {
            throw CommandFailure("there is no journal at \(path) (moodtui add or the app makes one)")
        }
        var changes: [PermissionChange] = []
        let store: JournalStore
        do {
            // moodtui's own folder, when the journal is in it; one the person named is theirs.
            if journal == nil, Settings.config.journal == nil {
                changes += try PrivateFiles.prepareFolder(Environment.dataHome.appendingPathComponent("moodtui"))
            }
            store = try JournalStore(path: path)
        } catch {
            throw CommandFailure("\(error)")
        }
        (changes + store.permissionChanges).report()
        return store
    }
}

/// A failure reported as one line on standard error, with exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    /// `body`'s value; any error it throws becomes a ``CommandFailure`` in its own words.
    static func wrapping<T>(_ body: () throws -> T) throws(CommandFailure) -> T {
        do { return try body() } catch let failure as CommandFailure { throw failure } catch { throw CommandFailure("\(error)") }
    }
}
