import ArgumentParser

/// `moodtui activity`: the activities moods have, across the journal.
struct ActivityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activity",
        abstract: "List, rename and merge activities.",
        discussion: "A rename or merge is an edit of every mood it touches, and syncs like one.",
        subcommands: [ActivityListCommand.self, ActivityRenameCommand.self, ActivityMergeCommand.self])
}
