import ArgumentParser
import MoodKit
import MoodStore

/// `moodtui activity rename OLD NEW`: gives every mood with one activity a new name for it.
struct ActivityRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename an activity on every mood that has it.",
        discussion: "Refused when moods have NEW already: to make two activities one, use `moodtui activity merge`.")

    @OptionGroup var journal: JournalOptions

    @Argument(help: ArgumentHelp("The activity's name now.", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("Its new name.", valueName: "new"))
    var new: String

    func run() throws {
        let from = try CommandFailure.wrapping { try ActivityName.normalized(old) }
        let to = try CommandFailure.wrapping { try ActivityName.normalized(new) }
        let changed = try CommandFailure.wrapping {
            do {
                return try journal.open(ifMissing: .refuse).write(origin: .commandLine) { try $0.renameActivity(from, to: to) }
            } catch JournalError.activityExists {
                throw CommandFailure("moods have the activity '\(to)' already; to make both one, run moodtui activity merge \(from) --into \(to)")
            }
        }
        print("Renamed \(from) to \(to) on \(changed) \(changed == 1 ? "mood" : "moods")")
    }
}
