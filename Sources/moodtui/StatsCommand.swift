import ArgumentParser
import Foundation
import MoodInsights
import MoodKit
import MoodStore

/// `moodtui stats`: the insights of a year on the command line.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Print a year's insights: the year in pixels, streaks, levels, averages by weekday and month, and what helps.",
        discussion: "In colour on a terminal; plain text when piped or with NO_COLOR set.")

    @OptionGroup var journal: JournalOptions

    @Option(help: ArgumentHelp("The year (default: this year).", valueName: "year"))
    var year: Int?

    @Flag(help: "Print one JSON object for scripts.")
    var json = false

    func validate() throws {
        let years = LocalDay.moodYears
        if let year, !years.contains(year) {
            throw ValidationError("the year must be from \(years.lowerBound) to \(years.upperBound), not \(year)")
        }
    }

    func run() throws {
        let store = try journal.open(ifMissing: .refuse)
        let localDays = LocalDays()
        let tracker = try InsightsTracker(store: store, localDays: localDays)
        // The next open starts from these counts instead of reading every mood again.
        try? tracker.saveCounts()
        let today = localDays.day(of: Date().millisecondsSince1970)
        let report = InsightsReport(tracker.aggregates, year: year ?? today.year, today: today)
        let vocabulary = try store.read { try $0.vocabulary() }
        let scales = ScaleInsight.year(report.year, scales: vocabulary.scales, aggregates: tracker.aggregates)
        if json {
            try JSONLines.print(StatsJSON(report, scales: scales))
        } else {
            let colour = isatty(STDOUT_FILENO) == 1 && Settings.usesColor
            let text = StatsText(report: report, scales: scales, words: vocabulary.levels, colour: colour, firstWeekday: Settings.firstWeekday)
            print(text.lines.joined(separator: "\n"))
        }
    }
}
