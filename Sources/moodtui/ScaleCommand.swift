import ArgumentParser

/// `moodtui scale`: the things a person tracks beside their mood.
struct ScaleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "Add, list, rename and remove scales: hours slept, anxiety, whether medication was taken.",
        discussion: "A scale gets a value on any mood with moodtui add or edit --scale NAME=VALUE, or in the app's form.",
        subcommands: [ScaleAddCommand.self, ScaleListCommand.self, ScaleRenameCommand.self, ScaleRemoveCommand.self])
}
