import GRDB
import Synchronization

/// Calls its handlers after every commit that touched the `mood` table through this process's
/// connection pool. (GRDB holds transaction observers weakly: ``JournalStore`` keeps this one.)
final class CommitSignal: TransactionObserver, Sendable {
    typealias Token = Int
    private let state = Mutex<(next: Token, handlers: [Token: @Sendable () -> Void])>((0, [:]))

    func add(_ handler: @escaping @Sendable () -> Void) -> Token {
        state.withLock { state in
            state.next += 1
            state.handlers[state.next] = handler
            return state.next
        }
    }

    func remove(_ token: Token) {
        _ = state.withLock { $0.handlers.removeValue(forKey: token) }
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        eventKind.tableName == "mood"
    }

    /// One change is enough to know the commit concerns moods: the rest of the transaction's rows
    /// (a download writes a thousand) are not reported to this observer.
    func databaseDidChange(with event: DatabaseEvent) {
        stopObservingDatabaseChangesUntilNextTransaction()
    }

    func databaseDidCommit(_ db: Database) {
        for handler in state.withLock({ Array($0.handlers.values) }) { handler() }
    }

    func databaseDidRollback(_ db: Database) {}
}
