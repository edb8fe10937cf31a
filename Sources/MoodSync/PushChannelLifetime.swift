import NIOCore
import Synchronization

/// The channel of one push connection and how it ended: closed once, by whichever comes first of
/// the task's cancellation, the handshake's deadline, a failed upgrade and the server's silence. It also keeps
/// whether anything came from the server since the last ping.
final class PushChannelLifetime: Sendable {
    /// Why the socket closed the connection itself.
    enum Ending: Sendable, Equatable {
        /// The task was cancelled.
        case cancelled
        /// The upgrade was not answered in time.
        case handshakeTimedOut
        /// The upgrade was declined or broke off.
        case failed
        /// Nothing came through the open connection for a whole ping interval.
        case silent
    }

    private struct State {
        var channel: (any Channel)?
        var ending: Ending?
        var heardFromServer = true
    }

    private let state = Mutex(State())

    /// Why the connection was closed from this side, if it was.
    var ending: Ending? { state.withLock { $0.ending } }

    /// Takes the channel as it is created.
    /// - Throws: `CancellationError` when the connection ended before it existed.
    func attach(_ channel: any Channel) throws {
        let alreadyEnded = state.withLock { state in
            state.channel = channel
            return state.ending != nil
        }
        if alreadyEnded { throw CancellationError() }
    }

    /// Closes the channel, unless it is closed already; the first reason is the one kept.
    func end(_ ending: Ending) {
        let channel = state.withLock { state -> (any Channel)? in
            guard state.ending == nil else { return nil }
            state.ending = ending
            return state.channel
        }
        channel?.close(promise: nil)
    }

    func heardFromServer() { state.withLock { $0.heardFromServer = true } }

    /// Whether anything came from the server since the last call, which starts a new interval.
    func takeHeardFromServer() -> Bool {
        state.withLock { state in
            defer { state.heardFromServer = false }
            return state.heardFromServer
        }
    }
}
