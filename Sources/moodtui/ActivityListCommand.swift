import ArgumentParser
import Foundation
import MoodKit
import MoodStore

/// `moodtui activity list`: every activity, the most used first.
struct ActivityListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Print every activity with how many moods have it, the most used first.")

    @OptionGroup var journal: JournalOptions

    @Flag(help: "Print a JSON array of activities (name, moods, lastDate).")
    var json = false

    func run() throws {
        let usage = try journal.open(ifMissing: .refuse).read { try $0.activityUsage() }
        if json {
            try JSONLines.print(usage.map(ActivityUsageJSON.init))
            return
        }
        guard !usage.isEmpty else { return print("No activities yet: add one with moodtui add --activity NAME, or #name in a note.") }
        let width = usage.map(\.name.text.count).max() ?? 0
        for activity in usage {
            let count = "\(activity.moodCount) \(activity.moodCount == 1 ? "mood" : "moods")"
            print("\(activity.name.text.padding(toLength: width, withPad: " ", startingAt: 0))  \(count)")
        }
    }
}

/// An activity as `activity list --json` prints it.
private struct ActivityUsageJSON: Encodable {
    let name: String
    let moods: Int
    let lastDate: String

    init(_ usage: ActivityUsage) {
        name = usage.name.text
        moods = usage.moodCount
        lastDate = ISO8601.string(from: usage.lastDate)
    }
}
