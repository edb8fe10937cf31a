import AppTesting
import Foundation
import JournalTesting
import MoodKit
import MoodStore
import Synchronization
import Testing

/// The async `read` and `write` are what the sync engine's actors use: while the journal's writer
/// is busy (a long transaction here, another process holding the lock), a task waiting to write
/// must not hold one of the concurrency pool's few threads, or the whole engine (and the screen's
/// sync status) stalls behind it.
struct AsyncJournalTests {
    @Test(.hangGuard)
    func tasksWaitingToWriteLeaveTheConcurrencyPoolFree() async throws {
        let journal = try TemporaryJournal()
        let store = journal.store
        let holder = WriterHolder()
        holder.hold(store)
        #expect(await waitUntil { holder.state == .holding })

        // More waiting writers than the pool has threads: if each held a thread, this test could
        // not go on to see them all started, and would only see it once the holder gave up.
        let waiters = ProcessInfo.processInfo.activeProcessorCount * 2 + 4
        let started = Tally()
        let writes = (0..<waiters).map { index in
            Task {
                started.add()
                let entry = try MoodEntry(level: .good, note: "waiter \(index)")
                _ = try await store.write(origin: .sync) { try $0.add(entry) }
            }
        }
        #expect(await waitUntil { started.count == waiters })
        #expect(holder.state == .holding, "the waiting writers held the pool until the holder gave up")
        holder.release()
        for write in writes { try await write.value }
        #expect(try await store.read { try $0.count(MoodFilter()) } == waiters)
    }
}

/// Holds the journal's writer in a transaction on a thread of its own until released, or until
/// a fail-safe deadline passes (so that a failing test fails instead of hanging).
private final class WriterHolder: Sendable {
    enum State: Int { case idle, holding, released, gaveUp }

    private let stateValue = Atomic(State.idle.rawValue)
    private let releaseSignal = DispatchSemaphore(value: 0)

    var state: State { State(rawValue: stateValue.load(ordering: .sequentiallyConsistent))! }

    func hold(_ store: JournalStore) {
        Thread.detachNewThread { [self] in
            try? store.write(origin: .ui) { _ in
                stateValue.store(State.holding.rawValue, ordering: .sequentiallyConsistent)
                let released = releaseSignal.wait(timeout: .now() + 60) == .success
                stateValue.store((released ? State.released : .gaveUp).rawValue, ordering: .sequentiallyConsistent)
            }
        }
    }

    func release() { releaseSignal.signal() }
}

/// A count that tasks on any thread can add to.
private final class Tally: Sendable {
    private let value = Atomic(0)

    var count: Int { value.load(ordering: .sequentiallyConsistent) }

    func add() { value.add(1, ordering: .sequentiallyConsistent) }
}
