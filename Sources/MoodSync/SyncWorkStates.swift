/// Where each kind of the sync engine's work stands: one state per kind, none while it is idle.
struct SyncWorkStates: Sendable {
    /// What one kind of work is doing.
    enum State: Hashable, Sendable {
        /// Running now; `again` when it was asked for while it ran, and so runs once more after:
        /// it may have read the journal before the change that asked for it.
        case running(again: Bool)
        /// Its last round failed: it runs when the retry timer fires, or as soon as another
        /// request is answered.
        case awaitingRetry
    }

    private var states: [SyncCoordinator.Work: State] = [:]

    /// Whether any work is running.
    var isBusy: Bool { states.values.contains { if case .running = $0 { true } else { false } } }

    func isRunning(_ work: SyncCoordinator.Work) -> Bool {
        if case .running = states[work] { true } else { false }
    }

    /// Starts `work`, and says whether it started: work already running is marked to run once
    /// more when it is done instead.
    mutating func start(_ work: SyncCoordinator.Work) -> Bool {
        if isRunning(work) {
            states[work] = .running(again: true)
            return false
        }
        states[work] = .running(again: false)
        return true
    }

    /// `work` ended, failed or not; says whether it was asked for again while it ran.
    mutating func finish(_ work: SyncCoordinator.Work, failed: Bool) -> Bool {
        let again = states[work] == .running(again: true)
        states[work] = failed ? .awaitingRetry : nil
        return again
    }

    /// The work waiting for a retry, which goes now: it waits no longer.
    mutating func takeAwaitingRetry() -> Set<SyncCoordinator.Work> {
        let waiting = Set(states.filter { $0.value == .awaitingRetry }.keys)
        for work in waiting { states[work] = nil }
        return waiting
    }
}
