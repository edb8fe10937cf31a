import ArgumentParser
import Foundation
import MoodKit

/// `moodtui edit ID`: changes a mood's level, note, date, activities or scale values, as the
/// app's form does.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a mood's level, note, date, activities or scale values.",
        discussion: MoodIDArgument.discussion)

    @OptionGroup var journal: JournalOptions

    @OptionGroup var mood: MoodIDArgument

    @Option(help: ArgumentHelp("How you felt: 1–5, awful, bad, meh, good, great, or your words for them.", valueName: "level"))
    var level: String?

    @Option(help: ArgumentHelp("The new note, up to \(MoodNote.maximumLength) characters (\"\" empties it).", valueName: "text"))
    var note: String?

    @Option(help: ArgumentHelp("When: \(MoodDateInput.examples).", valueName: "date"))
    var date: String?

    @Option(help: ArgumentHelp(
        ActivityArguments.help("The mood's activities, in place of those it has (\"\" removes them all)."), valueName: "name"))
    var activity: [String] = []

    @Option(help: ArgumentHelp(ScaleArguments.help, valueName: "name=value"))
    var scale: [String] = []

    func validate() throws {
        if level == nil, note == nil, date == nil, activity.isEmpty, scale.isEmpty {
            throw ValidationError("nothing to change: give --level, --note, --date, --activity or --scale")
        }
    }

    func run() throws {
        try CommandFailure.wrapping {
            let note = try note.map { text throws(MoodValidationError) in try MoodNote.normalized(text) }
            let date = try date.map { text throws(MoodValidationError) in try MoodDateInput().date(from: text, now: Date()) }
            let activities = activity.isEmpty ? nil : ActivityEdit.exactly(try ActivityArguments.names(activity))
            let store = try journal.open(ifMissing: .refuse)
            let words = try store.read { try $0.levelWordsInUse() }
            let level = try level.map { text throws(MoodValidationError) in try words.level(parsing: text) }
            let uuid = try mood.resolve(in: store)
            let scales = try ScaleArguments.values(scale, scales: scale.isEmpty ? [] : store.read { try $0.scales() })
            try store.write(origin: .commandLine) {
                try $0.edit(uuid, level: level, note: note, date: date, activities: activities, scales: scales)
            }
            print("Edited \(uuid.uuidString)")
        }
    }
}
