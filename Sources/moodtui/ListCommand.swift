import ArgumentParser
import Foundation
import MoodKit
import MoodListModule
import MoodListScreen
import TerminalUI

/// `moodtui list`: prints the journal, newest first.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Print the moods, newest first.")

    @OptionGroup var journal: JournalOptions

    @Flag(help: ArgumentHelp(
        "Print a JSON array of moods (id, date, level, levelName, note, activities, scales, creatorID, modifiedAt, sync, syncError)."))
    var json = false

    @Option(help: ArgumentHelp("Only moods with this activity (repeat it for moods with all of them).", valueName: "name"))
    var activity: [String] = []

    @Option(help: ArgumentHelp("Print at most this many moods.", valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more, not \(limit)") }
    }

    func run() throws {
        let filter: MoodFilter
        do { filter = MoodFilter(activities: try ActivityArguments.names(activity)) } catch { throw CommandFailure("\(error)") }
        let store = try journal.open(ifMissing: .refuse)
        let (moods, vocabulary) = try store.read { try ($0.moods(filter, order: .newestFirst, limit: limit), $0.vocabulary()) }
        if json {
            try JSONLines.print(moods.map { MoodJSON($0, vocabulary) })
            return
        }
        let levelWidth = LevelColumn.width(vocabulary.levels)
        let formatter = MoodDateFormatter(style: Settings.dateStyle)
        let now = Date()
        for mood in moods {
            let date = formatter.string(for: mood.date, now: now).padding(toLength: 16, withPad: " ", startingAt: 0)
            let level = TextWidth.pad(vocabulary.levels.word(for: mood.level), toColumns: levelWidth)
            let tags = mood.activities.hashtags
            let values = vocabulary.scales.compactMap { scale in mood.scales[scale.id].map { "\(scale.name.value)=\($0)" } }.joined(separator: " ")
            print("\(date)  \(level)  \(mood.id.uuidString)  \(TerminalSafeText.singleLine(mood.note))"
                + (tags.isEmpty ? "" : "  " + tags) + (values.isEmpty ? "" : "  " + values))
        }
    }
}
