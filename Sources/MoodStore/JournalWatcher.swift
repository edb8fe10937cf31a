import FileWatching
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Follows a journal and reports every commit to it — from this process or any other — as
/// ``JournalChange``s, in commit order, on a background thread of its own.
///
/// In-process commits are signalled by the store's transaction observer, other processes' by a
/// file-system watch on the journal's folder; either way the watcher then reads the change log
/// from where it left off, so nothing is reported twice or skipped. A handler that only needs to
/// know *that* something changed (the app, which then asks its CacheTracker) can ignore the payload.
public final class JournalWatcher: Sendable {
    private let wakeup: WatcherWakeup
    private let store: JournalStore
    private let commitToken: CommitSignal.Token

    /// Starts watching `store`; `handler` is called on the watcher's thread with the changes made
    /// after this call returns.
    ///
    /// - Throws: a store error if the journal cannot be read.
    public init(store: JournalStore, handler: @escaping @Sendable ([JournalChange]) -> Void) throws {
        let wakeup = try WatcherWakeup()
        // Listen for commits before reading where the log stands: a commit in between is then
        // both after the cursor and signalled.
        let files = FileChangeMonitor(databasePath: store.path)
        let commitToken = store.onCommit { wakeup.signal() }
        let cursor: Int64
        do { cursor = try store.read { try $0.latestChangeSequence() } } catch {
            store.removeCommitHandler(commitToken)
            throw error
        }
        self.wakeup = wakeup
        self.store = store
        self.commitToken = commitToken
        let thread = Thread {
            Self.run(store: store, files: files, from: cursor, wakeup: wakeup, handler: handler)
        }
        thread.name = "moodtui.journal-watcher"
        thread.start()
    }

    /// Stops the watcher: no handler call starts after this returns (one already running may finish).
    public func stop() {
        guard wakeup.stop() else { return }
        store.removeCommitHandler(commitToken)
    }

    deinit { stop() }

    /// How long to wait before looking again (milliseconds) after a file event that showed no new
    /// commit: another process's commit becomes visible just after its last write to the file.
    private static let recheckDelays: [Int32] = [5, 20, 100, 500]

    private static func run(
        store: JournalStore, files: FileChangeMonitor, from start: Int64, wakeup: WatcherWakeup,
        handler: @Sendable ([JournalChange]) -> Void
    ) {
        let process = ProcessInfo.processInfo.processIdentifier
        var cursor = start
        // The next look again while a file event showed no commit yet: which delay, and when it
        // is due (kept as a time, so that events on other files in the folder cannot put it off).
        var recheck: (attempt: Int, due: ContinuousClock.Instant)?
        func scheduleRecheck(_ attempt: Int) {
            recheck = attempt < recheckDelays.count ? (attempt, .now + .milliseconds(recheckDelays[attempt])) : nil
        }
        while !wakeup.isStopped {
            var fds = [pollfd(fd: wakeup.descriptor, events: Int16(POLLIN), revents: 0)]
            if let fd = files.descriptor { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            let timeout = recheck.map { Int32(max(0, (($0.due - .now) / .milliseconds(1)).rounded(.up))) }
            let ready = poll(&fds, nfds_t(fds.count), timeout ?? files.pollInterval ?? -1)
            let signalled = wakeup.drain()
            let filesChanged = files.drain()
            guard !wakeup.isStopped else { return }
            let recheckDue = recheck.map { ContinuousClock.now >= $0.due } ?? false
            // Only another file in the journal's folder changed, and no look again is due.
            if ready > 0 && !signalled && !filesChanged && !recheckDue { continue }
            switch try? store.read({ try $0.changes(after: cursor) }) {
            case .entries(let entries, let latest) where !entries.isEmpty:
                cursor = latest
                recheck = nil
                if !wakeup.isStopped { handler(JournalChange.grouping(entries, currentProcess: process)) }
            case .gap(let latest):
                cursor = latest
                recheck = nil
                if !wakeup.isStopped { handler([JournalChange(missedChanges: true)]) }
            case nil:
                scheduleRecheck(0)  // the read failed (say, a long write held a lock): try again soon
            case .entries:
                if filesChanged {
                    scheduleRecheck(0)
                } else if let attempt = recheck?.attempt, recheckDue {
                    scheduleRecheck(attempt + 1)
                }
            }
        }
    }
}
