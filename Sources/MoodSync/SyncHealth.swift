import Foundation

/// Where the sync engine stands with the server: one value, so that the header and the
/// scheduling read the same thing and no combination of flags can contradict another.
public enum SyncHealth: Hashable, Sendable {
    /// No request has been answered yet.
    case starting
    /// The last request was answered.
    case reachable
    /// The last request failed for a reason a retry can fix (no network, a dead server, 5xx);
    /// everything waiting is tried again at `retryAt`, or at once when the server shows it is
    /// back (a push socket connects, any request is answered).
    case unreachable(retryAt: Date, reason: String)
    /// The server asked this device to slow down (429): nothing is sent before `retryAt`, not
    /// even when a push comes or another request is answered meanwhile.
    case slowedDown(retryAt: Date)
    /// A request was refused for a reason a retry alone will not fix (a deletion refused, the
    /// journal unreadable); the engine goes on and retries with backoff.
    case failing(retryAt: Date, reason: String)
    /// Stopped until the person acts: a refused token, a server that does not speak the
    /// protocol, a token of another account.
    case stopped(String)

    /// When the engine tries again after a failure, if it is backing off.
    var retryAt: Date? {
        switch self {
        case .unreachable(let date, _), .failing(let date, _), .slowedDown(let date): date
        case .starting, .reachable, .stopped: nil
        }
    }
}
