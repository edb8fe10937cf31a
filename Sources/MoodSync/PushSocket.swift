import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import NIOCore
import NIOPosix
import Synchronization

/// One push WebSocket connection, with the two ways out that swift-websocket's client lacks: its
/// opening handshake has no deadline and does not see task cancellation, so a server (or a
/// network) that accepts the connection and never answers the upgrade would hold the engine's
/// push listener for ever, and hold quitting with it.
///
/// The connection gets an event loop of its own; when the task is cancelled, or when the
/// handshake is not answered within `handshakeTimeout`, that event loop is shut down, which
/// closes the connection and ends the client's wait. Once open, the connection is the client's:
/// it ends on cancellation, on close, or when its pings go unanswered.
struct PushSocket: Sendable {
    let url: String
    let headers: HTTPFields
    let handshakeTimeout: Duration
    let logger: Logger

    /// How far an attempt got: still opening, open (the client's from then on), or cut short.
    enum Ending: Sendable { case open, connected, handshakeTimedOut, cancelled }

    /// Connects and calls `pushed` for every message until the connection ends.
    /// - Throws: what the client threw, or ``PushSocketError/handshakeTimedOut``.
    func listen(connected: @escaping @Sendable () -> Void, pushed: @escaping @Sendable () -> Void) async throws {
        let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let ending = Mutex(Ending.open)
        /// Ends the attempt once, for the first reason that comes.
        let end: @Sendable (Ending) -> Void = { reason in
            let first = ending.withLock { current in
                guard current == .open else { return false }
                current = reason
                return true
            }
            if first && reason != .connected { loop.shutdownGracefully { _ in } }
        }
        defer {
            // Shut down here unless a timeout or cancellation already did.
            if ending.withLock({ [.open, .connected].contains($0) }) { loop.shutdownGracefully { _ in } }
        }
        do {
            try await withTaskCancellationHandler {
                try await withThrowingDiscardingTaskGroup { group in
                    group.addTask {
                        try? await Task.sleep(for: handshakeTimeout)
                        if !Task.isCancelled { end(.handshakeTimedOut) }
                    }
                    try await WebSocketClient.connect(
                        url: url, configuration: .init(additionalHeaders: headers, autoPing: .enabled(timePeriod: .seconds(20))),
                        eventLoopGroup: loop, logger: logger
                    ) { inbound, _, _ in
                        end(.connected)
                        connected()
                        for try await message in inbound.messages(maxSize: 1 << 16) {
                            if case .text = message { pushed() }
                        }
                    }
                    group.cancelAll()
                }
            } onCancel: {
                end(.cancelled)
            }
        } catch {
            if ending.withLock({ $0 }) == .handshakeTimedOut { throw PushSocketError.handshakeTimedOut }
            throw error
        }
    }
}

/// A push connection that did not open.
enum PushSocketError: Error, CustomStringConvertible {
    case handshakeTimedOut

    var description: String { "the push connection was accepted but its handshake was not answered" }
}
