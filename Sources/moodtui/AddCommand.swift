import ArgumentParser
import Foundation
import MoodKit

/// `moodtui add`: records a mood from the command line and prints its id; without a level, in
/// a terminal, it opens the app on the form for a new mood (`moodtui a`, as the daily nudge says).
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a mood and print its id; without --level, open the form for one.",
        aliases: ["a"])

    @OptionGroup var journal: JournalOptions

    @Option(help: ArgumentHelp("How you feel: 1–5, awful, bad, meh, good, great, or your words for them.", valueName: "level"))
    var level: String?

    @Option(help: ArgumentHelp("A note, up to \(MoodNote.maximumLength) characters.", valueName: "text"))
    var note = ""

    @Option(help: ArgumentHelp("When: \(MoodDateInput.examples). Default: now.", valueName: "date"))
    var date: String?

    @Option(help: ArgumentHelp(ActivityArguments.help("Something you did, such as run."), valueName: "name"))
    var activity: [String] = []

    @Option(help: ArgumentHelp(ScaleArguments.help, valueName: "name=value"))
    var scale: [String] = []

    func validate() throws {
        guard level == nil else { return }
        if !note.isEmpty || date != nil || !activity.isEmpty || !scale.isEmpty {
            throw ValidationError("give --level with --note, --date, --activity or --scale")
        }
        if isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0 {
            throw ValidationError("give --level (in a terminal, moodtui add alone opens the form)")
        }
    }

    func run() async throws {
        guard let level else { return try await OpenCommand.open(journal, firstIntent: .add) }
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
