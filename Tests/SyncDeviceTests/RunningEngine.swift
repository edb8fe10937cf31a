import MoodSync
import Synchronization

/// A sync engine's `run()` in a task of its own, as the app and `moodtui sync` run it, and
/// whether it returned: a cancelled engine must return, whatever it was waiting for.
final class RunningEngine: Sendable {
    private let task: Task<Void, Never>
    private let returned: Returned

    init(_ engine: SyncCoordinator) {
        let returned = Returned()
        self.returned = returned
        task = Task {
            await engine.run()
            returned.flag.store(true, ordering: .sequentiallyConsistent)
        }
    }

    /// Whether `run()` returned.
    var hasReturned: Bool { returned.flag.load(ordering: .sequentiallyConsistent) }

    /// Quits, as Ctrl-C or `q` does.
    func cancel() { task.cancel() }

    private final class Returned: Sendable {
        let flag = Atomic(false)
    }
}
