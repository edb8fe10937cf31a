import ArgumentParser
import Foundation
import Logging
import TerminalUI

/// `moodtui` with no subcommand: the interactive, live mood list.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: "Open the interactive journal (the default).")

    @OptionGroup var journal: JournalOptions

    @Option(help: ArgumentHelp(
        "Where to write the log. Default: $XDG_STATE_HOME/moodtui/moodtui.log.", valueName: "path"))
    var logFile: String?

    func run() async throws {
        let store = try journal.open()
        let logPath = logFile ?? Environment.stateHome.appendingPathComponent("moodtui/moodtui.log").path
        let log = try LogFile(path: logPath)
        LoggingSystem.bootstrap { FileLogHandler(label: $0, file: log) }
        let options = TerminalOptions(noColor: Environment.noColor)
        TerminalLocale.ensureUTF8() // before the UI thread starts: setlocale is process-wide
        do {
            // ncurses is not thread-safe: the UI lives on one thread of its own from here on.
            try await DedicatedThread.run(name: "moodtui.ui") {
                try InteractiveApp(store: store, options: options, logger: Logger(label: "moodtui")).run()
            }
        } catch { throw CommandFailure("\(error)") }
    }
}
