import ArgumentParser

/// The `moodtui` command: with no subcommand it opens the interactive journal.
@main
struct MoodTUI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "moodtui",
        abstract: "A mood journal for the terminal, with a live list.",
        version: "0.1.0",
        subcommands: [
            OpenCommand.self, AddCommand.self, ListCommand.self, DeleteCommand.self, WatchCommand.self,
            LoginCommand.self, LogoutCommand.self, SyncCommand.self, DemoCommand.self,
            ServeCommand.self, AccountCommand.self,
        ],
        defaultSubcommand: OpenCommand.self
    )
}
