import ArgumentParser
import MoodKit

/// `moodtui scale rename OLD NEW`: a new name; the values follow it.
struct ScaleRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename a scale; its values follow it.")

    @OptionGroup var journal: JournalOptions

    @Argument(help: ArgumentHelp("The scale's name now.", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("Its new name.", valueName: "new"))
    var new: String

    func run() throws {
        let (from, to) = try CommandFailure.wrapping { (try ScaleName.normalized(old), try ScaleName.normalized(new)) }
        _ = try CommandFailure.wrapping { try journal.open(ifMissing: .refuse).write(origin: .commandLine) { try $0.renameScale(from, to: to) } }
        print("Renamed the scale \(from) to \(to)")
    }
}
