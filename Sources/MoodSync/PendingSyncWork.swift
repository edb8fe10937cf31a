import Foundation
import MoodStore

/// What the journal holds for the processors right now, as the engine checks after every round.
struct PendingSyncWork: Hashable, Sendable {
    /// Moods waiting for upload (failed ones not counted: they wait for an edit).
    var uploads: Int
    /// Whether a deletion's undo window closed, so that the remover has work.
    var removalsDue: Bool
    /// When the next deletion still in its undo window comes due, if one is.
    var nextRemovalDue: Date?

    /// Reads it in one snapshot.
    static func read(from store: JournalStore, now: Date) async throws -> PendingSyncWork {
        try await store.read { snapshot in
            PendingSyncWork(
                uploads: try snapshot.syncBacklog().uploads,
                removalsDue: try snapshot.deletionIsDue(at: now),
                nextRemovalDue: try snapshot.nextDeletionDue(after: now))
        }
    }
}
