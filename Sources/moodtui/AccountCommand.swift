import ArgumentParser

/// `moodtui account`: the server's accounts and device tokens.
struct AccountCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Manage the sync server's accounts and device tokens.",
        discussion: "Works on the server's data folder, also while `moodtui serve` runs.",
        subcommands: [AccountAddCommand.self, AccountListCommand.self, AccountRevokeCommand.self])
}
