import Foundation

/// Where background sync stands, as the app's header shows it: a plain value the sync engine
/// publishes and the presenter turns into words.
public struct SyncStatus: Hashable, Sendable {
    /// What the engine is doing.
    public enum State: Hashable, Sendable {
        /// The journal is not logged in to a server.
        case localOnly
        /// Nothing is waiting and the last exchange with the server worked.
        case synced
        /// Requests are on their way.
        case syncing
        /// Moods wait and the engine will take them at `nextRun` without being woken (a
        /// deletion whose undo window is still open), or as soon as it can (`nil`).
        case pending(nextRun: Date?)
        /// The server could not be reached (or was busy); the next attempt is at `retryAt`.
        case offline(retryAt: Date, reason: String)
        /// The server asked this device to slow down; nothing is sent before `retryAt`.
        case slowedDown(retryAt: Date)
        /// Sync stopped on a failure a retry cannot fix (say, a revoked token), in words.
        case error(String)
    }

    /// Whether the account's moods travel sealed: the header says so when they do not.
    public enum Encryption: Hashable, Sendable {
        /// Sealed with the account's key; the server cannot read them.
        case endToEnd
        /// An account made before moodtui sealed moods (until `moodtui key enable`): the server
        /// can read them.
        case plain
    }

    public var state: State
    /// Whether the header adds "not encrypted".
    public var encryption: Encryption
    /// Moods added, changed or deleted here that the server has not confirmed.
    public var waiting: Int
    /// Moods the server refused for good; each row says why.
    public var failed: Int
    /// Changes from the server this device set aside because they break the protocol's rules
    /// (the log says which and why); the rest of the account syncs on.
    public var unreadable: Int
    /// How far this device's clock is from the server's, in whole minutes, when that is
    /// noticeable (``ClockSkew/isNoticeable``); `nil` otherwise. Whole minutes, so that a new
    /// measurement a few milliseconds off does not count as a change of status.
    public var clockSkew: ClockSkew?

    public init(
        state: State, encryption: Encryption = .endToEnd, waiting: Int = 0, failed: Int = 0, unreadable: Int = 0, clockSkew: ClockSkew? = nil
    ) {
        self.state = state
        self.encryption = encryption
        self.waiting = waiting
        self.failed = failed
        self.unreadable = unreadable
        self.clockSkew = clockSkew.flatMap { $0.isNoticeable ? ClockSkew(milliseconds: $0.milliseconds / 60_000 * 60_000) : nil }
    }

    /// A journal with no server.
    public static let localOnly = SyncStatus(state: .localOnly)
}
