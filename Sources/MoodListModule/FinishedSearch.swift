import CacheTracking
import Synchronization

/// A search's list read in the background, for the search asked for as `generation`.
struct FinishedSearch: Sendable {
    let generation: Int
    let result: Result<CacheTracker.Prepared, MoodListError>
}

/// Where a background search leaves its result for the UI thread: only the latest search's is
/// kept, whatever order the threads finish in.
final class FinishedSearchSlot: Sendable {
    private let waiting = Mutex<FinishedSearch?>(nil)

    /// Keeps `search` unless a later search's result waits already.
    func offer(_ search: FinishedSearch) {
        waiting.withLock { waiting in
            if (waiting?.generation ?? .min) < search.generation { waiting = search }
        }
    }

    /// The waiting result, if any, leaving none.
    func take() -> FinishedSearch? {
        waiting.withLock { waiting in
            defer { waiting = nil }
            return waiting
        }
    }
}
