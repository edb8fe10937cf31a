import Foundation
import AppTesting
import JournalTesting
import MoodKit
import MoodStore
import Synchronization
import Testing

@Suite(.ownThread) struct JournalWatcherTests {
    let journal: TemporaryJournal
    let received = ReceivedChanges()
    init() throws { journal = try TemporaryJournal() }

    private func watch(_ store: JournalStore) throws -> JournalWatcher {
        try JournalWatcher(store: store) { [received] in received.append($0) }
    }

    @Test func eachCommitIsReportedOnceWithItsIDsColumnsAndOrigin() throws {
        let watcher = try watch(journal.store)
        defer { watcher.stop() }
        let mood = try journal.add()
        try journal.store.write(origin: .commandLine) { try $0.edit(mood.id, level: .great, note: "edited") }
        #expect(Deadline.wait(upTo: .seconds(20)) { received.changes.count >= 2 })
        let changes = received.changes
        #expect(changes.count == 2)
        #expect(changes.first?.inserted == [mood.id])
        #expect(changes.first?.origin == .ui)
        #expect(changes.last?.updated == [mood.id])
        #expect(changes.last?.changedColumns == [.level, .note, .stamps])
        #expect(changes.last?.origin == .commandLine)
        #expect(changes.allSatisfy { !$0.isFromOtherProcess })
    }

    @Test func aCommitThroughAnotherConnectionToTheSameFileIsNoticed() throws {
        let watcher = try watch(journal.store)
        defer { watcher.stop() }
        let other = try JournalStore(path: journal.path)
        let mood = try other.write(origin: .commandLine) { try $0.add(MoodEntry(level: .bad)) }
        #expect(Deadline.wait(upTo: .seconds(20)) { received.changes.contains { $0.inserted.contains(mood.id) } })
    }

    @Test func aBusyNeighbourInTheFolderDoesNotHoldUpAnotherConnectionsCommit() throws {
        let watcher = try watch(journal.store)
        defer { watcher.stop() }
        let neighbour = journal.folder.appendingPathComponent("phone.sqlite-wal")
        let busy = Atomic<Bool>(true)
        let writer = Thread {
            // A file written every millisecond beside the journal, as a second journal's sync would.
            for round in 0..<5_000 where busy.load(ordering: .relaxed) {
                try? Data("\(round)".utf8).write(to: neighbour)
                usleep(1_000)
            }
        }
        writer.start()
        defer { busy.store(false, ordering: .relaxed) }
        let other = try JournalStore(path: journal.path)
        let mood = try other.write(origin: .commandLine) { try $0.add(MoodEntry(level: .great)) }
        #expect(Deadline.wait(upTo: .seconds(20)) { received.changes.contains { $0.inserted.contains(mood.id) } })
    }

    @Test func aStoppedWatcherReportsNothingMore() throws {
        let watcher = try watch(journal.store)
        watcher.stop()
        try journal.add()
        let other = try watch(journal.store)
        defer { other.stop() }
        try journal.add()
        // The second watcher saw the second commit, so the first one had its chance too.
        #expect(Deadline.wait(upTo: .seconds(20)) { received.changes.count >= 1 })
        #expect(received.changes.count == 1)
    }
}

/// Changes reported on the watcher's thread, read on the test's.
final class ReceivedChanges: Sendable {
    private let state = Mutex<[JournalChange]>([])
    var changes: [JournalChange] { state.withLock { $0 } }
    func append(_ changes: [JournalChange]) { state.withLock { $0 += changes } }
}
