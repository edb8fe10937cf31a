import CacheTracking
import Synchronization

/// A search's list read in the background, for the search asked for as `generation`.
struct FinishedSearch: Sendable {
    let generation: Int
    let result: Result<CacheTracker.Prepared, MoodListError>
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

    /// Keeps `search` unless a later search's result waits already.
    func offer(_ search: FinishedSearch) {
        state.withLock { state in
            if (state.waiting?.generation ?? .min) < search.generation { state.waiting = search }
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
