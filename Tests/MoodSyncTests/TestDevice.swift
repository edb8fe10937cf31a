import Foundation
import JournalTesting
import Logging
import MoodKit
import MoodStore
@testable import MoodSync
import Synchronization
import SyncTesting

/// One simulated device for unit tests: its own journal, the account's in-memory server, and the
/// change processors, driven step by step.
final class TestDevice: Sendable {
    let journal: TemporaryJournal
    let remote: InMemoryRemote
    let uploader: MoodUploader
    let downloader: MoodDownloader
    let remover: MoodRemover
    /// The device's wall clock, which ``edit(_:note:level:at:)`` sets.
    let clock = TestWallClock()
    /// The clock the journal and its engine run on instead, when the test moves time by hand.
    let virtualClock: VirtualClock?

    private static let logger: Logger = {
        var logger = Logger(label: "moodsync-test")
        logger.logLevel = .critical  // failures the tests cause on purpose would only be noise
        return logger
    }()

    /// A journal logged in to `remote`'s account, with processors sharing one in-progress tracker.
    /// - Parameter virtualClock: a clock that moves only when the test moves it, for the journal
    ///   and its engine; the machine's time (with ``clock``'s offset) otherwise.
    init(remote: InMemoryRemote, pageSize: Int = 500, encryption: SyncEncryption = .plain, virtualClock: VirtualClock? = nil) throws {
        self.virtualClock = virtualClock
        journal = try TemporaryJournal(wallClock: virtualClock?.wallClock ?? clock.wallClock)
        self.remote = remote
        let identity = remote.accountID
        try journal.store.setSetting(.syncAccount, to: identity)
        let sync = SyncJournal(store: journal.store, identity: identity)
        let inProgress = InProgressTracker<Mood.ID>()
        uploader = MoodUploader(journal: sync, remote: remote, encryption: encryption, inProgress: inProgress, logger: Self.logger)
        downloader = MoodDownloader(journal: sync, remote: remote, encryption: encryption, pageSize: pageSize, logger: Self.logger)
        remover = MoodRemover(journal: sync, remote: remote, encryption: encryption, inProgress: inProgress, logger: Self.logger)
    }

    var store: JournalStore { journal.store }

    func coordinator(
        settings: SyncEngineSettings = SyncEngineSettings(retry: Backoff(initial: .milliseconds(20), maximum: .milliseconds(100))),
        status: @escaping @Sendable (SyncStatus) -> Void = { _ in }
    ) -> SyncCoordinator {
        SyncCoordinator(store: store, remote: remote, settings: settings, logger: Self.logger, statusHandler: status)
    }

    /// Adds a mood as a person would, and returns it.
    @discardableResult
    func add(_ note: String, level: MoodLevel = .good) throws -> Mood {
        try store.write(origin: .ui) { try $0.add(MoodEntry(level: level, note: note)) }
    }

    /// Edits a mood as a person would, this device's wall clock reading `date` if given.
    func edit(_ id: Mood.ID, note: String, level: MoodLevel = .good, at date: Date? = nil) throws {
        if let date { clock.set(now: date) }
        try store.write(origin: .ui) { try $0.edit(id, level: level, note: note) }
    }

    /// Deletes a mood; unless told otherwise, without the undo window, so that it is due for
    /// the remover at once.
    func delete(_ id: Mood.ID, undo: JournalWriter.DeletionUndo = .notOffered) throws {
        try store.write(origin: .ui) { try $0.markForDeletion(id, undo: undo) }
    }

    func mood(_ id: Mood.ID) throws -> Mood? { try store.read { try $0.mood(id: id) } }

    /// The list as a person sees it: notes by id.
    func notes() throws -> [Mood.ID: String] {
        let moods = try store.read { try $0.moods(MoodFilter(), order: .newestFirst) }
        return Dictionary(uniqueKeysWithValues: moods.map { ($0.id, $0.note) })
    }

    func backlog() throws -> SyncBacklog { try store.read { try $0.syncBacklog() } }
}

/// A yes/no set by one task and read by another.
final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
