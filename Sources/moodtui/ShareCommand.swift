import ArgumentParser

/// `moodtui share`: read-only shares of the journal for someone else, and shares someone made
/// for this person.
struct ShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Share moods with someone, read-only and end-to-end encrypted; or accept a share.",
        discussion: """
            A share shows the moods in its dates to one recipient, live, and nothing else: they \
            cannot add, edit or delete. The server cannot read it. Every device of the account keeps \
            it up to date while it syncs. End it with `moodtui share revoke NAME`; what the recipient \
            already downloaded stays with them.
            """,
        subcommands: [ShareAddCommand.self, ShareListCommand.self, ShareRevokeCommand.self, ShareAcceptCommand.self])
}
