import Dispatch
import Foundation
import MoodKit
import MoodListModule
import MoodStore

/// A mood written through the store reaching the presenter, as in the app: the commit wakes the
/// `JournalWatcher`, its thread wakes the "UI thread" (here the benchmark's), whose interactor
/// turns the change into a batch and whose presenter renders it.
struct LocalLoopCase {
    let journals: BenchJournals
    let quick: Bool

    func run() throws -> CaseResult {
        let rows = 100_000
        let store = try JournalStore(path: try journals.path(moods: rows))
        let woken = DispatchSemaphore(value: 0)
        let watcher = try JournalWatcher(store: store) { _ in woken.signal() }
        defer { watcher.stop() }
        let screen = try BenchScreen(store: store, visibleRows: 22)
        let (interactor, view) = (screen.interactor, screen.view)

        let samples = try Samples.measure(iterations: quick ? 200 : 1_000, warmUp: 20) {
            let displays = view.displays
            let mood = journals.randomMood(note: "local loop")
            try store.write(origin: .commandLine) { try $0.insert(mood) }
            woken.wait()
            interactor.journalDidChange([])
            precondition(view.displays > displays || interactor.index(of: mood.id).map { $0 >= 22 } == true)
        }
        return CaseResult(
            name: "local-loop", rows: rows, samples: samples, target: "p95 ≤ 2 ms", met: samples.p95 <= 2_000_000)
    }
}

/// A view that only counts what the presenter asks it to draw.
final class CountingView: MoodListView {
    private(set) var displays = 0
    private(set) var lastModel: MoodListViewModel?

    func display(_ model: MoodListViewModel, changes: MoodListViewChanges) {
        displays += 1
        lastModel = model
    }

    /// The bench opens no help or detail view.
    func scrollLimit(for overlay: MoodListOverlay) -> Int { 0 }
}
