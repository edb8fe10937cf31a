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
        let cursor = try store.read { try $0.latestChangeSequence() }
        self.wakeup = wakeup
        self.store = store
        commitToken = store.onCommit { wakeup.signal() }
        let folder = (store.path as NSString).deletingLastPathComponent
        let thread = Thread {
            Self.run(store: store, folder: folder.isEmpty ? "." : folder, from: cursor, wakeup: wakeup, handler: handler)
        }
        thread.name = "moodtui.journal-watcher"
        thread.start()
    }

    /// Stops the watcher; no handler call starts after this returns.
    public func stop() {
        guard wakeup.stop() else { return }
        store.removeCommitHandler(commitToken)
    }

    deinit { stop() }

    private static func run(
        store: JournalStore, folder: String, from start: Int64, wakeup: WatcherWakeup,
        handler: @Sendable ([JournalChange]) -> Void
    ) {
        let files = FileChangeMonitor(folder: folder)
        let process = ProcessInfo.processInfo.processIdentifier
        var cursor = start
        while !wakeup.isStopped {
            var fds = [pollfd(fd: wakeup.descriptor, events: Int16(POLLIN), revents: 0)]
            if let fd = files.descriptor { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            _ = poll(&fds, nfds_t(fds.count), files.pollInterval ?? -1)
            wakeup.drain()
            files.drain()
            guard !wakeup.isStopped,
                let read = try? store.read({ try $0.changes(after: cursor) })
            else { continue }
            switch read {
            case .entries(let entries, let latest):
                cursor = latest
                if !entries.isEmpty { handler(JournalChange.grouping(entries, currentProcess: process)) }
            case .gap(let latest):
                cursor = latest
                handler([JournalChange(missedChanges: true)])
            }
        }
    }
}
