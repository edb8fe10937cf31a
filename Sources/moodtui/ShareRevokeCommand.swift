import ArgumentParser
import Foundation
import Logging
import MoodSync

/// `moodtui share revoke NAME`: ends a share.
struct ShareRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "End a share: its invitation reads nothing more, and the server deletes what it held.")

    @Argument(help: ArgumentHelp("The share's name, as `moodtui share list` shows it (any case).", valueName: "name"))
    var name: String

    @OptionGroup var journal: JournalOptions

    func run() async throws {
        let logger = Logger(label: "moodtui.share") { StreamLogHandler.standardError(label: $0) }
        let (store, remote) = try KeyChangeReport.open(journal, logger: logger)
        let share: AccountShare
        do { share = try await AccountShares.revoke(named: name, store: store, remote: remote, logger: logger) } catch {
            throw CommandFailure("nothing was ended: \(error)")
        }
        print("""
            Ended the share \(share.descriptor.name): its invitation reads nothing more, and the server deleted what it held. \
            What the recipient already downloaded stays with them.
            """)
    }
}
