import ArgumentParser
import Foundation

/// The `moodtui` command: with no subcommand it opens the interactive journal.
@main
struct MoodTUI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "moodtui",
        abstract: "A mood journal for the terminal, with a live list.",
        version: "0.1.0",
        subcommands: [
            OpenCommand.self, AddCommand.self, ListCommand.self, EditCommand.self, DeleteCommand.self, ActivityCommand.self, ScaleCommand.self,
            LevelsCommand.self, PromptCommand.self, RemindCommand.self, ConfigCommand.self,
            ImportCommand.self, ExportCommand.self,
            StatsCommand.self, ReportCommand.self,
            WatchCommand.self,
            LoginCommand.self, LogoutCommand.self, KeyCommand.self, ShareCommand.self, SyncCommand.self, DemoCommand.self,
            ServeCommand.self, AccountCommand.self,
        ],
        defaultSubcommand: OpenCommand.self
    )

    /// Runs the command. A failure is one line on standard error (`moodtui: …`), a mistake in
    /// the arguments with a pointer to the help of the command it concerns, where ArgumentParser
    /// would print its message and a usage block; an unknown command lists the commands.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            if let first = arguments.first, !first.hasPrefix("-"), first != "help", command(named: first, in: self) == nil {
                throw ValidationError("unknown command '\(first)'; the commands are "
                    + configuration.subcommands.map { $0.configuration.commandName ?? "" }.joined(separator: ", "))
            }
            var command = try parseAsRoot(arguments)
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }  // --help and --version print as usual
            var line = "moodtui: " + (message(for: error).split(separator: "\n").first.map(String.init) ?? "failed")
            if code == .validationFailure { line += " (see '\(commandPath(in: arguments)) --help')" }
            FileHandle.standardError.write(Data((line + "\n").utf8))
            Foundation.exit(code.rawValue)
        }
    }

    /// `moodtui account add`: the commands `arguments` name, wherever they stand among the
    /// options and their values.
    private static func commandPath(in arguments: [String]) -> String {
        var path = ["moodtui"]
        var current: any ParsableCommand.Type = self
        for argument in arguments where !argument.hasPrefix("-") {
            guard let next = command(named: argument, in: current) else { continue }
            path.append(argument)
            current = next
        }
        return path.joined(separator: " ")
    }

    private static func command(named name: String, in parent: any ParsableCommand.Type) -> (any ParsableCommand.Type)? {
        parent.configuration.subcommands.first { $0.configuration.commandName == name || $0.configuration.aliases.contains(name) }
    }
}
