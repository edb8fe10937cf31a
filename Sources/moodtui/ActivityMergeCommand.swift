import ArgumentParser
import MoodKit

/// `moodtui activity merge A B --into C`: makes several activities one.
struct ActivityMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge", abstract: "Make activities one: every mood with any of them gets --into instead.")

    @OptionGroup var journal: JournalOptions

    @Argument(help: ArgumentHelp("The activities to merge away.", valueName: "activity"))
    var sources: [String]

    @Option(help: ArgumentHelp("The activity they become; it may be one of them, or new.", valueName: "name"))
    var into: String

    func run() throws {
        let (changed, target) = try CommandFailure.wrapping {
            let target = try ActivityName.normalized(into)
            let sources = try ActivityArguments.names(sources)
            return (try journal.open(ifMissing: .refuse).write(origin: .commandLine) { try $0.mergeActivities(sources, into: target) }, target)
        }
        print("Merged into \(target) on \(changed) \(changed == 1 ? "mood" : "moods")")
    }
}
