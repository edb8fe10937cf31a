import ArgumentParser
import Foundation
import MoodStore

/// `--journal PATH`, shared by every command.
struct JournalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The journal file.", discussion: "Default: $XDG_DATA_HOME/moodtui/journal.sqlite (~/.local/share/moodtui/journal.sqlite).",
        valueName: "path"))
    var journal: String?

    /// The journal path: the flag, else the XDG data folder.
    var path: String {
        if let journal { return (journal as NSString).expandingTildeInPath }
        return Environment.dataHome.appendingPathComponent("moodtui/journal.sqlite").path
    }

    /// Opens the journal, as a command-line error if it cannot be opened.
    func open() throws -> JournalStore {
        do { return try JournalStore(path: path) } catch { throw CommandFailure(error.description) }
    }
}

/// A failure reported as one line on standard error, with exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
