import Foundation
import Logging
import MoodKit
import MoodStore
import SyncProtocol

/// Runs sync in the background: owns the change processors, wakes them when the journal changes
/// locally, when the server pushes, when the push socket (re)connects and when a retry is due,
/// and publishes a ``SyncStatus`` for the screen.
///
/// As in the Moody design, the processors find their work through predicates on the journal, so
/// nothing pending lives only in memory: at launch every processor runs once and picks up what a
/// crash or a closed laptop left. Before the first request the engine checks with the server
/// that the token opens the account the journal's moods belong to. Transient failures back off
/// exponentially with jitter (one timer for the whole engine); a refused token or a server that
/// does not speak the protocol stops sync until the person acts; refused moods are marked failed
/// on their rows. Nothing here runs on the UI thread.
public actor SyncCoordinator {
    private let store: JournalStore
    private let remote: any MoodRemote
    private let settings: SyncEngineSettings
    private let logger: Logger
    private let statusHandler: @Sendable (SyncStatus) -> Void
    private let inProgress = InProgressTracker<Mood.ID>()
    private var processors: Task<Processors, any Error>?
    private var lanes = SyncLanes()

    private var wakes: AsyncStream<Wake>.Continuation?
    private var backoff: Backoff
    /// When the retry after a transient failure is due, while backing off, and its timer.
    private var retry: (date: Date, timer: Task<Void, Never>)?
    private var transientFailure = ""
    /// Why sync stopped for good, in words: nothing runs until the person acts.
    private var stopReason: String?
    /// The last refusal of a request, shown until the next success.
    private var requestFailure: String?
    private var activeWork = 0
    private var removalDue: (date: Date, timer: Task<Void, Never>)?
    private var lastStatus: SyncStatus?

    /// Why the engine wakes up.
    enum Wake: Sendable { case launch, localChange, connected, pushed, retry, removalDue }
    /// What it then does.
    enum Work: Sendable { case upload, remove, download }

    /// The three change processors, made once the account is checked.
    struct Processors: Sendable {
        let uploader: MoodUploader
        let downloader: MoodDownloader
        let remover: MoodRemover
    }

    /// - Parameter statusHandler: called on the engine's executor with each new status; post it
    ///   to the UI thread rather than drawing from it.
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
            removalDue?.timer.cancel()
            retry?.timer.cancel()
        }
        await withDiscardingTaskGroup { group in
            group.addTask { await self.listenForPushes(wakes) }
            wakes.yield(.launch)
            for await wake in stream {
                for work in self.work(for: wake) { group.addTask { await self.perform(work) } }
                publishStatus()
            }
            group.cancelAll()
        }
    }

    /// One full round with automatic sync off: deletes every marked mood on the server, uploads
    /// everything waiting, applies every remote change, and repeats while a merge left a local
    /// edit to upload. For `moodtui sync --once` and for tests that drive devices step by step.
    /// - Throws: the first ``RemoteError`` or ``SyncStopped`` (what was done before it stays
    ///   done), or a store error.
    @discardableResult
    public func syncOnce() async throws -> SyncReport {
        var report = SyncReport()
        defer { publishStatus() }
        do {
            let processors = try await checkedProcessors()
            for _ in 0..<3 {
                report.deleted += try await processors.remover.removePending().deletedOnServer
                report.uploaded += try await processors.uploader.uploadPending()
                report.downloaded += try await processors.downloader.fetchChanges() ?? 0
                guard try store.read({ try $0.syncBacklog() }).uploads > 0 else { break }
            }
            succeeded()
        } catch {
            failed(error)
            throw error
        }
        let backlog = try store.read { try $0.syncBacklog() }
        report.failed = backlog.failed
        report.unreadable = backlog.unreadable
        return report
    }

    private func work(for wake: Wake) -> [Work] {
        guard stopReason == nil else { return [] }
        switch wake {
        case .launch, .retry:
            retry = nil
            return [.remove, .upload, .download]
        case .connected:
            // The server is back: no reason to wait out a backoff, and pushes may have been missed.
            clearRetry()
            backoff.reset()
            return [.remove, .upload, .download]
        case .pushed:
            return [.download]
        case .localChange:
            return retry == nil ? [.remove, .upload] : []
        case .removalDue:
            removalDue = nil
            return retry == nil ? [.remove] : []
        }
    }

    private func perform(_ work: Work) async {
        activeWork += 1
        publishStatus()
        defer {
            activeWork -= 1
            publishStatus()
        }
        do {
            let processors = try await checkedProcessors()
            await enter(work == .download ? .download : .localWrites)
            defer { leaveLane() }
            let talkedToServer: Bool
            switch work {
            case .upload:
                talkedToServer = try await processors.uploader.uploadPending() > 0
            case .remove:
                let outcome = try await processors.remover.removePending()
                scheduleRemoval(at: outcome.nextDue)
                talkedToServer = outcome.talkedToServer
            case .download:
                talkedToServer = try await processors.downloader.fetchChanges() != nil
            }
            if talkedToServer { succeeded() }
        } catch {
            if !Task.isCancelled { failed(error) }  // quitting cancels requests: not a failure
        }
    }

    /// The processors, once the server confirmed that the token opens the journal's account
    /// (adopting the account for a journal that never had one, when the environment gave the token).
    private func checkedProcessors() async throws -> Processors {
        if let processors {
            do { return try await processors.value } catch {
                // Every call waiting on this check fails with it; the next wake checks again.
                if self.processors == processors { self.processors = nil }
                throw error
            }
        }
        let task = Task { [store, remote, settings, logger, inProgress] in
            let account = try await remote.accountInfo()
            let journalAccount = try store.setting(SyncSettings.accountKey)
            if let journalAccount, journalAccount != account.id {
                throw SyncStopped.anotherAccount(account.name)
            }
            if journalAccount == nil { try store.setSetting(SyncSettings.accountKey, to: account.id) }
            let journal = SyncJournal(store: store, identity: account.id)
            return Processors(
                uploader: MoodUploader(journal: journal, remote: remote, inProgress: inProgress, logger: logger),
                downloader: MoodDownloader(journal: journal, remote: remote, pageSize: settings.pageSize, logger: logger),
                remover: MoodRemover(journal: journal, remote: remote, inProgress: inProgress, logger: logger))
        }
        processors = task
        return try await task.value
    }

    private func enter(_ lane: SyncLanes.Lane) async {
        guard !lanes.enter(lane) else { return }
        await withCheckedContinuation { lanes.wait(for: lane, $0) }
    }

    private func leaveLane() {
        for admitted in lanes.leave() { admitted.resume() }
    }

    private func succeeded() {
        backoff.reset()
        clearRetry()
        requestFailure = nil
    }

    private func failed(_ error: any Error) {
        switch error {
        case RemoteError.unreachable, RemoteError.unavailable:
            guard retry == nil else { return }  // one retry timer for the whole engine
            let delay = backoff.nextDelay()
            transientFailure = "\(error)"
            logger.notice("sync failed; retrying", metadata: ["error": "\(error)", "in": "\(delay)"])
            let wakes = wakes
            retry = (Date().addingTimeInterval(delay.timeInterval), Task {
                try? await Task.sleep(for: delay)
                if !Task.isCancelled { wakes?.yield(.retry) }
            })
        case RemoteError.unauthorized:
            stop("\(error); log in again with `moodtui login`, then restart moodtui")
        case RemoteError.incompatible, is SyncStopped:
            stop("\(error)")
        default:  // a refused request, or the journal could not be read or written
            requestFailure = "\(error)"
            logger.error("sync request failed", metadata: ["error": "\(error)"])
        }
    }

    private func stop(_ reason: String) {
        stopReason = reason
        clearRetry()
        logger.error("sync stopped", metadata: ["reason": "\(reason)"])
    }

    private func clearRetry() {
        retry?.timer.cancel()
        retry = nil
    }

    /// Wakes the remover when the next deleted mood's undo window closes.
    private func scheduleRemoval(at date: Date?) {
        guard let date, removalDue.map({ date < $0.date }) ?? true else { return }
        removalDue?.timer.cancel()
        let wakes = wakes
        removalDue = (date, Task {
            try? await Task.sleep(for: .milliseconds(Int(max(0, date.timeIntervalSinceNow) * 1000) + 1))
            if !Task.isCancelled { wakes?.yield(.removalDue) }
        })
    }

    /// How long a push connection must have lasted for a reconnect to start again at the
    /// shortest delay: a socket that keeps dropping at once must not cause a full round a second.
    private static let stableConnection: TimeInterval = 10

    /// Keeps a push WebSocket open, reconnecting with backoff; each connection and push wakes the
    /// engine, and a connection that cannot be made counts as a transient failure.
    private func listenForPushes(_ wakes: AsyncStream<Wake>.Continuation) async {
        var backoff = settings.retry
        while !Task.isCancelled && stopReason == nil {
            let started = Date()
            do {
                try await remote.listenForPushes(connected: { wakes.yield(.connected) }, pushed: { wakes.yield(.pushed) })
                if Date().timeIntervalSince(started) >= Self.stableConnection { backoff.reset() }
            } catch {
                guard !Task.isCancelled else { return }
                // No socket means no server: say so now rather than at the next request.
                failed(error)
                publishStatus()
            }
            try? await Task.sleep(for: backoff.nextDelay())
        }
    }

    private func publishStatus() {
        let backlog = (try? store.read { try $0.syncBacklog() }) ?? SyncBacklog()
        let state: SyncStatus.State
        if let stopReason {
            state = .error(stopReason)
        } else if let retry {
            state = .offline(retryAt: retry.date, reason: transientFailure)
        } else if activeWork > 0 {
            state = .syncing
        } else if let requestFailure {
            state = .error(requestFailure)
        } else {
            state = .synced
        }
        let status = SyncStatus(state: state, waiting: backlog.waiting, failed: backlog.failed, unreadable: backlog.unreadable)
        guard status != lastStatus else { return }
        lastStatus = status
        statusHandler(status)
    }
}
