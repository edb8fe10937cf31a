import Foundation
import Logging
import MoodKit
import MoodStore
import SyncProtocol

/// Runs sync in the background: owns the change processors, wakes them when the journal changes
/// locally, when the server pushes, when the push socket (re)connects and when a timer is due,
/// and publishes a `SyncStatus` for the screen.
///
/// As in the Moody design, the processors find their work through predicates on the journal, so
/// nothing pending lives only in memory: at launch every processor runs once and picks up what a
/// crash or a closed laptop left. Before the first request the engine checks with the server
/// that the token opens the account the journal's moods belong to.
///
/// The engine's state is one ``SyncHealth`` value and one state per kind of work
/// (`SyncWorkStates`); the header
/// is a pure function of it (`SyncStatusRule`). After every round it looks at the journal
/// again (`followUp()`), so that nothing waits without a timer: work that matches a
/// processor's predicate is either on its way, started at once, or due at a scheduled time.
/// Transient failures back off exponentially with jitter (one timer for the whole engine); any
/// sign that the server is back (a push socket connecting, any answered request) sends what
/// waits at once. Nothing here runs on the UI thread.
public actor SyncCoordinator {
    let store: JournalStore
    let remote: any MoodRemote
    let settings: SyncEngineSettings
    let logger: Logger
    /// The journal's clock, which the engine reads and waits on too: the system's in the app, a
    /// virtual one in tests, so that a retry minutes away is tried without waiting minutes.
    var clock: WallClock { store.wallClock }
    private let statusHandler: @Sendable (SyncStatus) -> Void
    let inProgress = InProgressTracker<Mood.ID>()
    var processors: Task<Processors, any Error>?
    var lanes = SyncLanes()

    var wakes: AsyncStream<Wake>.Continuation?
    var health = SyncHealth.starting
    var backoff: Backoff
    /// What each kind of work is doing: running (and asked for again), or waiting for a retry.
    var works = SyncWorkStates()
    /// Whether the server changed (here or elsewhere) since the account's head was last looked
    /// at: once nothing else runs or waits for ``SyncEngineSettings/headCheckDelay``, the head
    /// is checked.
    var headCheckDue = true
    /// Whether the account's shares are to be listed again before they are filled: at launch,
    /// on a push (another device may have made or ended one) and when a retry is due.
    var shareListDue = true
    /// The wait before that check; any other work puts it off.
    private var headCheckWait: Task<Void, Never>?
    /// The one timer that wakes the engine on its own: a retry after a failure, or a deletion
    /// whose undo window closes.
    var timer: (date: Date, task: Task<Void, Never>)?
    var lastStatus: SyncStatus?
    /// Counts ``publishStatus()`` calls, so that one overtaken by a later call does not publish.
    private var statusReads = 0

    /// Why the engine wakes up.
    enum Wake: Sendable {
        case launch, localChange, connected, pushed, timer
        /// A round found work left for these processors (``followUp(after:askedAgain:progressed:)``).
        case followUp(Set<Work>)
    }
    /// What it then does: the three processors' work, holding the server to the account's head
    /// once they have nothing left (`AccountHeadKeeper`), and filling the account's shares with
    /// what the server acknowledged (`SharePublisher`).
    enum Work: Hashable, Sendable { case upload, remove, download, checkHead, shares, setup }

    /// What the engine works with, made once the account is checked. A person's journal has the
    /// three change processors and the head's keeper, and the shares' publisher when the account
    /// has a key; a journal that holds someone's share has only its reader, in the downloader's
    /// place: it writes nothing to the server.
    struct Processors: Sendable {
        let uploader: MoodUploader?
        let downloader: any FeedReader
        let remover: MoodRemover?
        let headKeeper: AccountHeadKeeper?
        let sharePublisher: SharePublisher?
        /// Keeps the journal's scales and the account's setup one; `nil` for a share's reader.
        let setupSync: SetupSync?
        /// The account key they seal with; `nil` for plain moods and for a share's reader.
        let keyID: AccountKeyID?
    }

    /// - Parameters:
    ///   - store: the journal to sync; its clock is the engine's clock too.
    ///   - remote: the server, through HTTP in the app and in memory in tests.
    ///   - settings: page size, retry and reconnect backoffs, and the wait before a head check.
    ///   - logger: the engine's log; never given a token, a key or a mood's content.
    ///   - statusHandler: called on the engine's executor with each new status; post it
    ///     to the UI thread rather than drawing from it.
    public init(
        store: JournalStore, remote: any MoodRemote, settings: SyncEngineSettings = SyncEngineSettings(),
        logger: Logger, statusHandler: @escaping @Sendable (SyncStatus) -> Void = { _ in }
    ) {
        self.store = store
        self.remote = remote
        self.settings = settings
        self.logger = logger
        self.statusHandler = statusHandler
        backoff = settings.retry
    }

    /// Syncs in the background until the calling task is cancelled.
    public func run() async {
        let (stream, wakes) = AsyncStream.makeStream(of: Wake.self)
        self.wakes = wakes
        let watcher: JournalWatcher?
        do {
            watcher = try JournalWatcher(store: store) { changes in
                // A person's change (here, in another window or from the command line) is work;
                // the engine's own bookkeeping is not.
                if changes.contains(where: { $0.origin != .sync || $0.missedChanges }) { wakes.yield(.localChange) }
            }
        } catch {
            logger.error("cannot watch the journal: local changes sync at the next retry or push", metadata: ["error": "\(error)"])
            watcher = nil
        }
        defer {
            watcher?.stop()
            timer?.task.cancel()
            headCheckWait?.cancel()
        }
        await withDiscardingTaskGroup { group in
            group.addTask { await self.listenForPushes(wakes) }
            wakes.yield(.launch)
            for await wake in stream {
                for work in self.work(for: wake) { start(work, in: &group) }
                await publishStatus()
            }
            group.cancelAll()
        }
    }

    /// One full round with automatic sync off: deletes on the server every mood whose undo
    /// window closed, uploads everything waiting, applies every remote change, and repeats while
    /// a merge left a local edit to upload. For `moodtui sync --once` and for tests that drive
    /// devices step by step.
    /// - Throws: the first ``RemoteError`` or ``SyncStopped`` (what was done before it stays
    ///   done), or a store error.
    @discardableResult
    public func syncOnce() async throws -> SyncReport {
        var report = SyncReport()
        do {
            let processors = try await checkedProcessors()
            // A second pass only when the head check had the journal read everything again.
            for _ in 0..<2 {
                for _ in 0..<3 {
                    report.deleted += try await processors.remover?.removePending().deletedOnServer ?? 0
                    report.uploaded += try await processors.uploader?.uploadPending() ?? 0
                    report.downloaded += try await processors.downloader.fetchChanges() ?? 0
                    guard try await store.read({ try $0.syncBacklog() }).uploads > 0 else { break }
                }
                try await processors.setupSync?.sync()
                if let publisher = processors.sharePublisher {
                    try await publisher.refreshList()
                    report.shared = try await publisher.publish()
                }
                guard try await processors.headKeeper?.check() == .readEverythingAgain else { break }
            }
            answered()
        } catch {
            failed(error)
            await publishStatus()
            throw error
        }
        await publishStatus()
        let backlog = try await store.read { try $0.syncBacklog() }
        report.failed = backlog.failed
        report.unreadable = backlog.unreadable
        return report
    }

    private func work(for wake: Wake) -> Set<Work> {
        if case .stopped = health { return [] }
        // Nothing is sent before the server's time is up; a timer due sooner (an undo window)
        // makes way for the one at that time, which sends everything.
        if case .slowedDown(let until) = health, until > clock.now() {
            if case .timer = wake {
                timer = nil
                schedule(at: until)
            }
            return []
        }
        switch wake {
        case .timer:
            timer = nil
            _ = works.takeAwaitingRetry()  // everything runs now
            shareListDue = true
            return [.remove, .upload, .download, .shares, .setup]
        case .launch:
            return [.remove, .upload, .download, .shares, .setup]
        case .connected:
            // The server is back: no reason to wait out a backoff, and pushes may have been missed.
            answered()
            shareListDue = true
            return [.remove, .upload, .download, .shares, .setup]
        case .pushed:
            shareListDue = true
            return [.download, .shares]
        case .localChange:
            return health.retryAt == nil ? [.remove, .upload, .setup] : []
        case .followUp(let works):
            return works
        }
    }

    private func start(_ work: Work, in group: inout DiscardingTaskGroup) {
        if work != .checkHead { headCheckWait?.cancel() }
        guard works.start(work) else { return }
        group.addTask { await self.perform(work) }
    }

    /// Looks at the journal after a round, so that nothing waits without a timer: work asked for
    /// while the round ran runs again; while the server answers, waiting uploads and deletions
    /// whose undo window closed go at once (unless the round moved nothing: then they wait for
    /// the backoff instead of spinning); a deletion still in its undo window gets the timer;
    /// while the engine backs off, the retry timer stands.
    func followUp(after work: Work, askedAgain: Bool, progressed: Bool) async {
        guard !Task.isCancelled else { return }
        if case .stopped = health { return }
        var again: Set<Work> = askedAgain ? [work] : []
        // What the server newly acknowledged, either way, may be behind in a share.
        if progressed && (work == .upload || work == .download) { again.insert(.shares) }
        // A page may have reported another setup version; the check reads only the journal.
        if progressed && work == .download { again.insert(.setup) }
        if let retryAt = health.retryAt {
            schedule(at: retryAt)
        } else {
            do {
                let pending = try await PendingSyncWork.read(from: store, now: clock.now())
                var due: Set<Work> = []
                if pending.uploads > 0 && !works.isRunning(.upload) { due.insert(.upload) }
                if pending.removalsDue && !works.isRunning(.remove) { due.insert(.remove) }
                if !due.isEmpty && !progressed {
                    schedule(at: clock.now().addingTimeInterval(backoff.nextDelay().timeInterval))
                } else {
                    again.formUnion(due)
                }
                if let nextDue = pending.nextRemovalDue { schedule(at: nextDue) }
                if due.isEmpty && again.isEmpty && !works.isBusy && headCheckDue && pending.uploads == 0 && pending.nextRemovalDue == nil {
                    waitToCheckHead()
                }
            } catch {
                failed(error)
            }
        }
        if !again.isEmpty { wakes?.yield(.followUp(again)) }
    }

    /// Checks the head once the engine has had nothing else to do for a while.
    private func waitToCheckHead() {
        headCheckWait?.cancel()
        let (wakes, delay, clock) = (wakes, settings.headCheckDelay, clock)
        headCheckWait = Task {
            try? await clock.sleep(for: delay)
            if !Task.isCancelled { wakes?.yield(.followUp([.checkHead])) }
        }
    }

    /// Publishes the status `SyncStatusRule` gives for the engine's state, when it changed. Of
    /// calls that overlap while the backlog is read, only the last one publishes: an earlier
    /// one's backlog may be older.
    func publishStatus() async {
        statusReads += 1
        let read = statusReads
        let (backlog, skew, sealed) = (try? await store.read {
            (try $0.syncBacklog(), try $0.clockSkew(), try SyncSettings.accountKey(in: $0) != nil || $0.setting(.sharedBy) != nil)
        }) ?? (SyncBacklog(), nil, true)
        guard read == statusReads else { return }
        let status = SyncStatusRule.status(
            health: health, busy: works.isBusy, backlog: backlog, nextRun: timer?.date, clockSkew: skew,
            encryption: sealed ? .endToEnd : .plain)
        guard status != lastStatus else { return }
        lastStatus = status
        statusHandler(status)
    }
}
