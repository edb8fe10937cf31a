import GRDB
import Synchronization

/// Notices commits that deleted moods for good, so that the store can empty the write-ahead log
/// after them: the log still holds every page as it was written, deleted notes included, until a
/// checkpoint moves it into the database file (where `secure_delete` has zeroed them) and the log
/// is truncated. (GRDB holds transaction observers weakly: ``JournalStore`` keeps this one.)
final class PurgeObserver: TransactionObserver, Sendable {
    private struct State {
        /// The open transaction deleted a mood (writer queue only, kept under the lock for Sendable).
        var deletedInTransaction = false
        /// A committed transaction deleted a mood since ``takePurge()`` last answered.
        var purged = false
    }

    private let state = Mutex(State())

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        if case .delete(let table) = eventKind { table == "mood" } else { false }
    }

    /// One deletion is enough: the rest of the transaction's are not reported to this observer.
    func databaseDidChange(with event: DatabaseEvent) {
        state.withLock { $0.deletedInTransaction = true }
        stopObservingDatabaseChangesUntilNextTransaction()
    }

    func databaseDidCommit(_ db: Database) {
        state.withLock { state in
            state.purged = state.purged || state.deletedInTransaction
            state.deletedInTransaction = false
        }
    }

    func databaseDidRollback(_ db: Database) {
        state.withLock { $0.deletedInTransaction = false }
    }

    /// Whether a mood was deleted since the last call.
    func takePurge() -> Bool {
        state.withLock { state in
            defer { state.purged = false }
            return state.purged
        }
    }
}
