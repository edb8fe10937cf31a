import Synchronization

/// The moods in a request right now, shared by the change processors, so that no mood is in two
/// requests at once (Moody's `InProgressTracker`): not in two uploads when a person edits a mood
/// whose upload is on its way, and not in a deletion while its upload is on its way (the upload
/// could land after the deletion and bring it back). Work that finishes releases its moods; the
/// processor then asks its predicate again and picks up whatever still matches.
final class InProgressTracker<ID: Hashable & Sendable>: Sendable {
    private let inProgress = Mutex<Set<ID>>([])

    var count: Int { inProgress.withLock { $0.count } }

    /// The candidates that are not in a request.
    func free<Element: Sendable>(_ candidates: [Element], id: (Element) -> ID) -> [Element] {
        inProgress.withLock { inProgress in candidates.filter { !inProgress.contains(id($0)) } }
    }

    /// Marks the candidates not already in a request as in one, and returns them.
    func claim<Element: Sendable>(_ candidates: [Element], id: (Element) -> ID) -> [Element] {
        inProgress.withLock { inProgress in candidates.filter { inProgress.insert(id($0)).inserted } }
    }

    /// Marks objects done, whatever the outcome.
    func release(_ ids: some Sequence<ID>) {
        inProgress.withLock { $0.subtract(ids) }
    }
}
