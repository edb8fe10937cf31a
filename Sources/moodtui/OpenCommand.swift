import ArgumentParser
import DedicatedThreads
import Foundation
import Logging
import MoodKit
import MoodListModule
import MoodStore
import MoodSync
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
        try await Self.open(journal, logFile: logFile)
    }

    /// Opens `journal` in the app, logging to `logFile` (else moodtui's own log); `firstIntent`
    /// is what the app does as it opens.
    static func open(_ journal: JournalOptions, logFile: String? = nil, firstIntent: MoodListIntent? = nil) async throws {
        let store = try journal.open()
        let log = try LogFile(path: logFile ?? Environment.stateHome.appendingPathComponent("moodtui/moodtui.log").path, ownFolder: logFile == nil)
        LoggingSystem.bootstrap { FileLogHandler(label: $0, file: log) }
        try await runApp(store: store, account: try SyncAccountResolver.account(for: store), firstIntent: firstIntent)
    }

    /// Runs the interactive app on `store` on a thread of its own, syncing with `account` if
    /// given; `J` opens the shares the person holds.
    static func runApp(
        store: JournalStore, account: SyncAccount?, settings: SyncEngineSettings = SyncEngineSettings(), firstIntent: MoodListIntent? = nil
    ) async throws {
        let options = Settings.terminalOptions
        TerminalLocale.ensureUTF8() // before the UI thread starts: setlocale is process-wide
        let logger = Logger(label: "moodtui")
        let first = try opened(store, account: account, settings: settings, logger: logger)
        let journals = JournalCycle(own: store.path, sharesFolder: ShareJournals.folder) { path in
            let store = try JournalStore(path: path)
            return try opened(store, account: try SyncAccountResolver.account(for: store), settings: settings, logger: logger)
        }
        do {
            // ncurses is not thread-safe: the UI lives on one thread of its own from here on.
            try await DedicatedThread.run(name: "moodtui.ui") {
                try InteractiveApp(first: first, firstIntent: firstIntent, journals: journals, options: options, logger: logger).run()
            }
        } catch { throw CommandFailure("\(error)") }
    }

    /// `store` with how to start its sync engine, when it syncs with `account`.
    private static func opened(_ store: JournalStore, account: SyncAccount?, settings: SyncEngineSettings, logger: Logger) throws -> OpenedJournal {
        let deviceID = try store.deviceID()
        let makeSyncEngine = account.map { account in
            { @Sendable (statusHandler: @escaping @Sendable (SyncStatus) -> Void) in
                SyncCoordinator(
                    store: store, remote: HTTPMoodRemote(account: account, deviceID: deviceID, logger: logger),
                    settings: settings, logger: logger, statusHandler: statusHandler)
            }
        }
        return OpenedJournal(store: store, makeSyncEngine: makeSyncEngine)
    }
}
