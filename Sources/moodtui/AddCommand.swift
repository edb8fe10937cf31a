import ArgumentParser
import Foundation
import MoodKit

/// `moodtui add`: records a mood from the command line and prints its id.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a mood and print its id.")

    @OptionGroup var journal: JournalOptions

    @Option(help: ArgumentHelp("How you feel: 1–5, awful, bad, meh, good, great, or your words for them.", valueName: "level"))
    var level: String

    @Option(help: ArgumentHelp("A note, up to \(MoodNote.maximumLength) characters.", valueName: "text"))
    var note = ""

    @Option(help: ArgumentHelp("When: \(MoodDateInput.examples). Default: now.", valueName: "date"))
    var date: String?

    @Option(help: ArgumentHelp(ActivityArguments.help("Something you did, such as run."), valueName: "name"))
    var activity: [String] = []

    @Option(help: ArgumentHelp(ScaleArguments.help, valueName: "name=value"))
    var scale: [String] = []

    func run() throws {
        let mood = try CommandFailure.wrapping {
            let when = try date.map { text throws(MoodValidationError) in try MoodDateInput().date(from: text, now: Date()) } ?? Date()
            // A level that is not one is refused before a new journal is made for it.
            let existing = FileManager.default.fileExists(atPath: journal.path) ? try journal.open() : nil
            let level = try (existing?.read { try $0.levelWordsInUse() } ?? LevelWords.builtIn).level(parsing: level)
            let store = try existing ?? journal.open()
            let scales = try ScaleArguments.values(scale, scales: scale.isEmpty ? [] : store.read { try $0.scales() })
            let entry = try MoodEntry(
                level: level, note: note, date: when, activities: ActivityArguments.names(activity),
                scales: scales.compactMapValues(\.self))
            return try store.write(origin: .commandLine) { try $0.add(entry) }
        }
        print(mood.id.uuidString)
    }
}
