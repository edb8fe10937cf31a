import Foundation
import Logging
import MoodKit
import MoodStore
import SyncProtocol

/// Deletes on the server the moods a person deleted here, then purges them from the journal.
///
/// A mood that never left this device is purged without a request. Moods are taken only once
/// they have been marked for `delay`, so that `u` can still undo a delete on screen.
actor MoodRemover {
    private let store: JournalStore
    private let remote: any MoodRemote
    private let delay: Duration
    private let logger: Logger
    private var inProgress = InProgressTracker<Mood.ID>()

    init(store: JournalStore, remote: any MoodRemote, delay: Duration, logger: Logger) {
        self.store = store
        self.remote = remote
        self.delay = delay
        self.logger = logger
    }

    /// Removes every mood marked at least `delay` ago that is not already in a request; returns
    /// how many were removed and when the next marked mood comes due, if one is waiting.
    /// - Throws: a ``RemoteError`` (the moods stay marked and are tried again) or a store error.
    func removePending(now: Date = Date()) async throws -> (removed: Int, nextDue: Date?) {
        let cutoff = now.addingTimeInterval(-delay.seconds)
        var removed = 0
        while true {
            let due = inProgress.free(
                try store.read {
                    try $0.moodsWaitingForRemoval(markedBefore: cutoff, limit: SyncLimits.maximumDeletionBatch + inProgress.count)
                }, id: \.id)
            guard !due.isEmpty else { break }
            // Never uploaded: nobody to tell. The purge checks again in its transaction, in case
            // the uploader sent the mood in between; then it goes through the server below.
            let neverSent = due.filter { !$0.mayBeOnServer }.map(\.id)
            let purgedLocally = try store.write(origin: .sync) { writer in
                try neverSent.filter { try writer.purgeIfNeverUploaded($0) }
            }
            removed += purgedLocally.count
            let ids = due.map(\.id).filter { !purgedLocally.contains($0) }
            guard !ids.isEmpty else { continue }
            inProgress.claim(ids)
            defer { inProgress.release(ids) }
            _ = try await remote.delete(ids)
            // Deleted on the server (or already gone): the mark has done its work.
            try store.write(origin: .sync) { try $0.purge(ids) }
            removed += ids.count
        }
        let nextDue = try store.read { try $0.earliestDeletionMark() }.map { $0.addingTimeInterval(delay.seconds) }
        return (removed, nextDue.flatMap { $0 > now ? $0 : nil })
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
