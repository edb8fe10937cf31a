import Foundation
import MoodInsights
import MoodKit
import MoodListModule
import MoodListScreen
import MoodStore
import TerminalUI

/// Insights on a journal of a million moods, each with a value of three scales: opening them
/// (from the counts saved with the journal), counting the journal afresh (the first open, or
/// another time zone), and keeping the counts up to date when one mood arrives; beside the naive
/// way (every mood read and counted).
struct InsightsCases {
    let journals: BenchJournals
    let quick: Bool

    var rows: Int { quick ? 100_000 : 1_000_000 }

    func run() throws -> [CaseResult] {
        let store = try JournalStore(path: try journals.path(moods: rows, withScales: true))
        let scales = try store.read { try $0.scales() }
        let benchScales = BenchScales(sleep: scales[2], anxiety: scales[0], meds: scales[1])  // by name
        var random = SystemRandomNumberGenerator()
        let localDays = LocalDays()
        let today = localDays.day(of: Date().millisecondsSince1970)
        let iterations = quick ? 3 : 7
        // The first open counts the journal afresh; later ones start from the counts saved then.
        let count = try Samples.measure(iterations: quick ? 2 : 3, warmUp: 1) {
            try store.write(origin: .ui) { try $0.setSetting(.insightsCounts, to: nil) }
            let tracker = try InsightsTracker(store: store, localDays: localDays)
            _ = InsightsReport(tracker.aggregates, year: today.year, today: today)
        }
        try InsightsTracker(store: store, localDays: localDays).saveCounts()
        let screen = BufferScreen(size: TerminalSize(rows: 24, columns: 80))
        let view = MoodListScreenView(screen: screen, colorSupport: .extended256)
        // To the first drawn screen: counts (from those saved), the year's figures, the drawing.
        let open = try Samples.measure(iterations: iterations, warmUp: 1) {
            let tracker = try InsightsTracker(store: store, localDays: localDays)
            let insights = InsightsViewModel(
                tracker.aggregates, scales: try store.read { try $0.scales() }, year: today.year, selected: today, today: today)
            view.display(MoodListViewModel(overlay: .insights(insights)), changes: .all)
        }
        let naive = try Samples.measure(iterations: quick ? 2 : 3, warmUp: 1) {
            let aggregates = try Self.countEveryMood(store, localDays)
            _ = InsightsReport(aggregates, year: today.year, today: today)
        }
        let tracker = try InsightsTracker(store: store, localDays: localDays)
        let change = try Samples.measure(
            iterations: quick ? 50 : 200,
            prepare: {
                let entry = try MoodEntry(level: .good, note: "#a3 arrived", date: Date(), scales: benchScales.randomValues(using: &random))
                _ = try store.write(origin: .sync) { try $0.add(entry) }
            }
        ) { try tracker.processChanges() }
        let size = Report.count(rows)
        return [
            CaseResult(
                name: "insights-open-\(size)", rows: rows, samples: open, baseline: naive, target: "≤ 200 ms",
                met: open.median <= 200_000_000),
            CaseResult(name: "insights-count-\(size)", rows: rows, samples: count, baseline: naive, target: "(reference)", met: true),
            CaseResult(
                name: "insights-change-\(size)", rows: rows, samples: change, baseline: count, target: "≤ 1 ms",
                met: change.p95 <= 1_000_000),
        ]
    }

    /// The naive way: every mood read and counted in.
    private static func countEveryMood(_ store: JournalStore, _ localDays: LocalDays) throws -> InsightsAggregates {
        var aggregates = InsightsAggregates()
        for mood in try store.read({ try $0.moods(.journal, order: .oldestFirst) }) {
            aggregates.add(MoodFacts(mood), on: localDays.day(of: mood.date.millisecondsSince1970))
        }
        return aggregates
    }
}
