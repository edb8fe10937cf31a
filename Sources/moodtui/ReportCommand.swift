import ArgumentParser
import Foundation
import MoodInsights
import MoodKit
import MoodReport
import MoodStore
import PrivateFiles

/// `moodtui report`: a period of the journal as one HTML page for a doctor or a therapist.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a report of a period for your doctor: one HTML file that prints on A4 and Letter.",
        discussion: """
            The page shows the period in pixels, mood over time with its moving average, levels, \
            weekdays, activities, streaks and scales; notes only with --notes. It is one file with \
            nothing to fetch and no script, readable by you alone (0600). Open it in a browser and \
            print it, or save it as a PDF.
            """)

    @OptionGroup var journal: JournalOptions

    @Option(help: ArgumentHelp(
        "The first day (default: the \(ReportPeriod.defaultDays) days up to --until, or from the first mood's day when later): 2026-09-01, yesterday.",
        valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("The last day (default: today).", valueName: "date"))
    var until: String?

    @Flag(help: "Put the notes in the report. Without it the report holds none.")
    var notes = false

    @Option(help: ArgumentHelp("The HTML file to write. Default: standard output, when it is not a terminal.", valueName: "file"))
    var output: String?

    func run() throws {
        guard output != nil || isatty(STDOUT_FILENO) == 0 else {
            throw CommandFailure("the report is an HTML page: write it to a file with --output report.html")
        }
        let store = try journal.open(ifMissing: .refuse)
        let localDays = LocalDays()
        let now = Date()
        let today = localDays.day(of: now.millisecondsSince1970)
        let (vocabulary, firstMood) = try store.read { (try $0.vocabulary(), try $0.dateBounds(.journal)?.lowerBound) }
        let period = try ReportPeriod.days(
            since: since, until: until, firstMoodDay: firstMood.map(localDays.day(of:)), today: today, now: now, localDays: localDays)
        let tracker = try InsightsTracker(store: store, localDays: localDays)
        // The next open starts from these counts instead of reading every mood again.
        try? tracker.saveCounts()
        let content = ReportContent(
            period: period, today: today, aggregates: tracker.aggregates, scales: vocabulary.scales, words: vocabulary.levels,
            firstWeekday: Settings.firstWeekday, notes: notes ? try Self.notes(in: period, of: store, localDays: localDays) : nil)
        let page = ReportPage.html(content)
        guard let output else {
            FileHandle.standardOutput.write(Data(page.utf8))
            return
        }
        try CommandFailure.wrapping {
            try PrivateFiles.replaceFile(at: output) { try $0.write(contentsOf: Data(page.utf8)) }
        }
        let moods = InsightsWords.count(content.insights.moodCount, "mood")
        FileHandle.standardError.write(Data("Wrote the report of \(period.lowerBound) to \(period.upperBound) (\(moods)) to \(output).\n".utf8))
    }

    /// The period's moods with a note, oldest first.
    private static func notes(in period: ClosedRange<LocalDay>, of store: JournalStore, localDays: LocalDays) throws -> [ReportNote] {
        let bounds = localDays.moments(of: period.lowerBound).lowerBound...localDays.moments(of: period.upperBound).upperBound
        var notes: [ReportNote] = []
        try store.read { snapshot in
            try snapshot.forEachPage(of: .journal, order: .oldestFirst, within: bounds, pageSize: 1_000) { page in
                for mood in page where !mood.note.isEmpty {
                    let time = Calendar.current.dateComponents([.hour, .minute], from: mood.date)
                    notes.append(ReportNote(
                        day: localDays.day(of: mood.date.millisecondsSince1970),
                        time: String(format: "%02d:%02d", time.hour ?? 0, time.minute ?? 0), level: mood.level,
                        activities: mood.activities.names, text: mood.note))
                }
            }
        }
        return notes
    }
}
