import Foundation
import Logging
import MoodKit
import MoodStore
import SyncProtocol

/// Deletes on the server the moods a person deleted here, then purges them from the journal.
///
/// A mood that never left this device is purged without a request. Moods are taken only once
/// their deletion's undo window (``JournalWriter/undoWindow``) is over, by every engine on the
/// journal alike, so that `u` on screen never races a deletion's request. In a sealed account
/// each deletion carries the key's signature, which the server and the other devices check.
actor MoodRemover {
    private let journal: SyncJournal
    private let remote: any MoodRemote
    private let encryption: SyncEncryption
    private let inProgress: InProgressTracker<Mood.ID>
    private let logger: Logger

    init(journal: SyncJournal, remote: any MoodRemote, encryption: SyncEncryption, inProgress: InProgressTracker<Mood.ID>, logger: Logger) {
        self.journal = journal
        self.remote = remote
        self.encryption = encryption
        self.inProgress = inProgress
        self.logger = logger
    }

    /// How soon to look again at a marked mood whose upload was on its way.
    static let recheckInFlight: TimeInterval = 0.5

    /// What one ``removePending(now:)`` did.
    struct Outcome: Hashable, Sendable {
        /// Moods the server reported it deleted (not those it had deleted already).
        var deletedOnServer = 0
        /// Moods purged here without a request: they never left this device.
        var purgedUnsent = 0
        /// Whether a deletion request was answered.
        var talkedToServer = false
        /// When the next marked mood comes due, if one is waiting.
        var nextDue: Date?
    }

    /// Removes every mood whose deletion's undo window closed and that is not already in a request.
    /// - Parameter now: the time the windows are measured to; the journal's clock when `nil`.
    /// - Throws: a ``RemoteError`` (the moods stay marked and are tried again) or a store error.
    func removePending(now: Date? = nil) async throws -> Outcome {
        let now = now ?? journal.store.wallClock.now()
        var outcome = Outcome()
        var waitedForUploads = false
        while true {
            let limit = SyncLimits.maximumDeletionBatch + inProgress.count
            let marked = try await journal.read { try $0.moodsWaitingForRemoval(dueAt: now, limit: limit) }
            // A mood whose upload is on its way is left for later: deleted first, it could be
            // created again by the upload landing after the deletion.
            let due = inProgress.claim(marked, id: \.id)
            waitedForUploads = waitedForUploads || due.count < marked.count
            guard !due.isEmpty else { break }
            defer { inProgress.release(due.map(\.id)) }
            // Never uploaded: nobody to tell. The purge checks again in its transaction.
            let neverSent = due.filter { !$0.mayBeOnServer }.map(\.id)
            let purgedLocally = try await journal.write { writer in
                try neverSent.filter { try writer.purgeIfNeverUploaded($0) }
            }
            outcome.purgedUnsent += purgedLocally.count
            let ids = due.map(\.id).filter { !purgedLocally.contains($0) }
            guard !ids.isEmpty else { continue }
            let response = try await remote.delete(ids.map(encryption.deletion(of:)))
            outcome.talkedToServer = true
            outcome.deletedOnServer += response.deleted.count
            // Deleted on the server (or gone already): the server keeps a tombstone, so no late
            // upload can bring any of them back.
            _ = try await journal.write { [ids] writer in
                try writer.recordServerWrite()
                try writer.releaseQuarantine(of: ids)  // what was set aside of them goes with them
                return try writer.purgeMarked(ids)
            }
        }
        let nextMark = try await journal.read { try $0.nextDeletionDue(after: now) }
        let retry = waitedForUploads ? now.addingTimeInterval(Self.recheckInFlight) : nil
        outcome.nextDue = [nextMark, retry].compactMap { $0 }.min()
        return outcome
    }
}
