import Foundation
import Logging
import MoodKit
import MoodStore

/// Runs sync in the background: owns the change processors, wakes them when the journal changes
/// locally, when the server pushes, when the push socket (re)connects and when a retry is due,
/// and publishes a ``SyncStatus`` for the screen.
///
/// As in the Moody design, the processors find their work through predicates on the journal, so
/// nothing pending lives only in memory: at launch every processor runs once and picks up what a
/// crash or a closed laptop left. Transient failures back off exponentially with jitter (one
/// timer for the whole engine); a refused token stops sync until the person logs in again;
/// refused moods are marked failed on their rows. Nothing here runs on the UI thread.
public actor SyncCoordinator {
    private let store: JournalStore
    private let remote: any MoodRemote
    private let settings: SyncEngineSettings
    private let logger: Logger
    private let statusHandler: @Sendable (SyncStatus) -> Void
    private let uploader: MoodUploader
    private let downloader: MoodDownloader
    private let remover: MoodRemover

    private var wakes: AsyncStream<Wake>.Continuation?
    private var backoff: Backoff
    /// When the retry after a transient failure is due, while backing off.
    private var retryAt: Date?
    private var transientFailure = ""
    /// A failure no retry fixes: a refused token stops the engine.
    private var accountFailure: RemoteError?
    /// The last permanent failure of a request, shown until the next success.
    private var requestFailure: String?
    private var activeWork = 0
    private var removalDue: (date: Date, timer: Task<Void, Never>)?
    private var lastStatus: SyncStatus?

    /// Why the engine wakes up.
    enum Wake: Sendable { case launch, localChange, connected, pushed, retry, removalDue }
    /// What it then does.
    enum Work: Sendable { case upload, remove, download }

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
        uploader = MoodUploader(store: store, remote: remote, logger: logger)
        downloader = MoodDownloader(store: store, remote: remote, pageSize: settings.pageSize, logger: logger)
        remover = MoodRemover(store: store, remote: remote, delay: settings.removalDelay, logger: logger)
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
    /// - Throws: the first ``RemoteError`` (what was done before it stays done), or a store error.
    @discardableResult
    public func syncOnce() async throws -> SyncReport {
        var report = SyncReport()
        defer { publishStatus() }
        do {
            for _ in 0..<3 {
                report.removed += try await remover.removePending(now: .distantFuture).removed
                report.uploaded += try await uploader.uploadPending()
                report.downloaded += try await downloader.fetchChanges() ?? 0
                guard try store.read({ try $0.syncBacklog() }).uploads > 0 else { break }
            }
            succeeded()
        } catch let error as RemoteError {
            failed(error)
            throw error
        }
        report.failed = try store.read { try $0.syncBacklog() }.failed
        return report
    }

    private func work(for wake: Wake) -> [Work] {
        guard accountFailure == nil else { return [] }
        switch wake {
        case .launch, .retry:
            retryAt = nil
            return [.remove, .upload, .download]
        case .connected:
            // The server is back: no reason to wait out a backoff, and pushes may have been missed.
            retryAt = nil
            backoff.reset()
            return [.remove, .upload, .download]
        case .pushed:
            return [.download]
        case .localChange:
            return retryAt == nil ? [.remove, .upload] : []
        case .removalDue:
            removalDue = nil
            return retryAt == nil ? [.remove] : []
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
            let talkedToServer: Bool
            switch work {
            case .upload:
                talkedToServer = try await uploader.uploadPending() > 0
            case .remove:
                let (removed, nextDue) = try await remover.removePending()
                scheduleRemoval(at: nextDue)
                talkedToServer = removed > 0
            case .download:
                talkedToServer = try await downloader.fetchChanges() != nil
            }
            if talkedToServer { succeeded() }
        } catch let error as RemoteError {
            failed(error)
        } catch {
            logger.error("sync cannot use the journal", metadata: ["error": "\(error)"])
            requestFailure = "cannot use the journal: \(error)"
        }
    }

    private func succeeded() {
        backoff.reset()
        retryAt = nil
        requestFailure = nil
    }

    private func failed(_ error: RemoteError) {
        switch error {
        case .unreachable, .unavailable:
            guard retryAt == nil else { return }  // one retry timer for the whole engine
            let delay = backoff.nextDelay()
            retryAt = Date().addingTimeInterval(delay.seconds)
            transientFailure = error.description
            logger.notice("sync failed; retrying", metadata: ["error": "\(error)", "in": "\(delay)"])
            let wakes = wakes
            Task {
                try? await Task.sleep(for: delay)
                wakes?.yield(.retry)
            }
        case .unauthorized:
            accountFailure = error
            logger.error("sync stopped", metadata: ["error": "\(error)"])
        case .rejected, .tokenExpired:
            requestFailure = error.description
            logger.error("sync request refused", metadata: ["error": "\(error)"])
        }
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

    /// Keeps a push WebSocket open, reconnecting with backoff; each connection and push wakes the
    /// engine, and a connection that cannot be made counts as a transient failure.
    private func listenForPushes(_ wakes: AsyncStream<Wake>.Continuation) async {
        var backoff = settings.retry
        while !Task.isCancelled && accountFailure == nil {
            do {
                try await remote.listenForPushes(connected: { wakes.yield(.connected) }, pushed: { wakes.yield(.pushed) })
                backoff.reset()
            } catch {
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
        if let accountFailure {
            state = .error("\(accountFailure); log in again with `moodtui login`")
        } else if let retryAt {
            state = .offline(retryAt: retryAt, reason: transientFailure)
        } else if activeWork > 0 {
            state = .syncing
        } else if let requestFailure {
            state = .error(requestFailure)
        } else {
            state = .synced
        }
        let status = SyncStatus(state: state, waiting: backlog.waiting, failed: backlog.failed)
        guard status != lastStatus else { return }
        lastStatus = status
        statusHandler(status)
    }
}
