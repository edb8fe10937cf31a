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
        let window = JournalWriter.undoWindow.timeInterval
        return try await store.read { snapshot in
            let marks = try snapshot.earliestDeletionMark()
            let due = marks.map { $0.addingTimeInterval(window) }
            return PendingSyncWork(
                uploads: try snapshot.syncBacklog().uploads,
                removalsDue: due.map { $0 <= now } ?? false,
                nextRemovalDue: due.flatMap { $0 > now ? $0 : nil })
        }
    }
}
