import Synchronization

/// Values posted by background threads (the journal watcher, the sync engine) for the UI thread
/// to take when the event loop wakes: ncurses and the presenter are touched on that thread only.
final class Inbox<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func post(_ new: some Sequence<Value>) {
        values.withLock { $0.append(contentsOf: new) }
    }

    /// Everything posted since the last call, oldest first.
    func takeAll() -> [Value] {
        values.withLock { values in
            defer { values.removeAll() }
            return values
        }
    }
}
