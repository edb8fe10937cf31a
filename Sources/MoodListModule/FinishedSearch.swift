import CacheTracking
import Synchronization

/// A search's list read in the background, for the search asked for as `generation`.
struct FinishedSearch: Sendable {
    let generation: Int
    let result: Result<CacheTracker.Prepared, MoodListError>

    /// Whether this is the search's whole list (or its failure), not its first screen.
    var isComplete: Bool { (try? result.get())?.isComplete ?? true }
}

/// Where background searches are handed out and leave their results for the UI thread: only the
/// latest search's result is kept, whatever order the threads finish in, and a search that a
/// later one overtook before it started is not read at all.
final class FinishedSearchSlot: Sendable {
    private struct State {
        var waiting: FinishedSearch?
        var latestAsked = 0
    }

    private let state = Mutex(State())

    /// Notes that search `generation` was asked for.
    func ask(_ generation: Int) {
        state.withLock { $0.latestAsked = max($0.latestAsked, generation) }
    }

    /// Whether search `generation` is still the latest asked for.
    func isLatest(_ generation: Int) -> Bool {
        state.withLock { $0.latestAsked == generation }
    }

    /// Keeps `search` unless a later search's result waits already, or the same search's whole
    /// list (which its first screen must not replace).
    func offer(_ search: FinishedSearch) {
        state.withLock { state in
            guard let waiting = state.waiting else { return state.waiting = search }
            if (waiting.generation, waiting.isComplete ? 1 : 0) < (search.generation, search.isComplete ? 1 : 0) { state.waiting = search }
        }
    }

    /// The waiting result, if any, leaving none.
    func take() -> FinishedSearch? {
        state.withLock { state in
            defer { state.waiting = nil }
            return state.waiting
        }
    }
}
