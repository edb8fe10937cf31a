import Foundation
import MoodKit
import MoodStore

/// The status the header shows, as a pure function of the engine's state: tested on its own,
/// and it never says "synced" while anything waits.
enum SyncStatusRule {
    /// - Parameters:
    ///   - health: where the engine stands with the server.
    ///   - busy: whether a request is on its way.
    ///   - backlog: what the journal holds for the engine.
    ///   - nextRun: when the engine runs next without being woken (a deletion's undo window
    ///     closing, a recheck), if it is scheduled.
    ///   - clockSkew: how far this device's clock was from the server's when last measured.
    ///   - encryption: whether the journal seals its moods.
    static func status(
        health: SyncHealth, busy: Bool, backlog: SyncBacklog, nextRun: Date?, clockSkew: ClockSkew? = nil,
        encryption: SyncStatus.Encryption = .endToEnd
    ) -> SyncStatus {
        let state: SyncStatus.State
        switch health {
        case .stopped(let reason): state = .error(reason)
        case .unreachable(let retryAt, let reason): state = .offline(retryAt: retryAt, reason: reason)
        case .slowedDown(let retryAt): state = .slowedDown(retryAt: retryAt)
        case .failing(_, let reason) where !busy: state = .error(reason)
        case .starting, .reachable, .failing:
            if busy {
                state = .syncing
            } else if backlog.waiting > 0 {
                state = .pending(nextRun: nextRun)
            } else {
                state = .synced
            }
        }
        return SyncStatus(
            state: state, encryption: encryption, waiting: backlog.waiting, failed: backlog.failed, unreadable: backlog.unreadable, clockSkew: clockSkew)
    }
}
