import FileWatching
import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// Follows a server store's revocation counter on a thread of its own and calls back when it
/// moves, whichever process moved it: the thread sleeps in `poll()` until inotify reports a write
/// to the store's files, then reads the counter — again a few times shortly after, since another
/// process's commit becomes visible just after its last write to the file.
final class SQLiteRevocationWatcher: Sendable {
    private let wakeup: WatcherWakeup

    /// When to read the counter again after a write to the store's files.
    private static let lookAgainDelays: [Duration] = [.milliseconds(10), .milliseconds(50), .milliseconds(250), .seconds(1)]

    /// Starts watching; `onRevocation` is called on the watcher's thread after each commit that
    /// revoked tokens (several commits close together may be reported once).
    /// - Throws: when the store cannot be read or the thread's wake-up pipe cannot be made.
    init(pool: DatabasePool, onRevocation: @escaping @Sendable () -> Void) throws {
        let wakeup = try WatcherWakeup()
        let files = FileChangeMonitor(databasePath: pool.path)  // before reading: a commit in between is seen
        let start = try pool.read(SQLiteMoodServerStorage.revocationCount)
        self.wakeup = wakeup
        let thread = Thread { Self.run(pool: pool, files: files, wakeup: wakeup, from: start, onRevocation: onRevocation) }
        thread.name = "moodtui.revocation-watcher"
        thread.start()
    }

    /// Stops the thread: no callback starts after it has seen this.
    func stop() {
        _ = wakeup.stop()
    }

    private static func run(
        pool: DatabasePool, files: FileChangeMonitor, wakeup: WatcherWakeup, from start: Int64,
        onRevocation: @Sendable () -> Void
    ) {
        var seen = start
        var looks: [ContinuousClock.Instant] = []  // the pending looks again, soonest first
        while !wakeup.isStopped {
            var fds = [pollfd(fd: wakeup.descriptor, events: Int16(POLLIN), revents: 0)]
            if let fd = files.descriptor { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            let timeout = looks.first.map { Int32(max(0, (($0 - .now) / .milliseconds(1)).rounded(.up))) }
            _ = poll(&fds, nfds_t(fds.count), timeout ?? files.pollInterval ?? -1)
            _ = wakeup.drain()
            guard !wakeup.isStopped else { return }
            let now = ContinuousClock.now
            if files.drain() {
                looks = lookAgainDelays.map { now + $0 }
            } else {
                let due = looks.prefix { $0 <= now }.count
                // Woken by another file in the folder, with no look due: nothing to read.
                if due == 0 && files.descriptor != nil { continue }
                looks.removeFirst(due)
            }
            guard let count = try? pool.read(SQLiteMoodServerStorage.revocationCount), count != seen else { continue }
            seen = count
            onRevocation()
        }
    }
}
