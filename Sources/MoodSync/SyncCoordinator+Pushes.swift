import Foundation
import MoodKit

/// The push socket: kept open for as long as the engine runs.
extension SyncCoordinator {
    /// How long a push connection must have lasted for a reconnect to start again at the
    /// shortest delay: a socket that keeps dropping at once must not cause a full round a second.
    static let stableConnection: TimeInterval = 10

    /// Keeps a push WebSocket open; each connection and push wakes the engine. A connection that
    /// cannot be made counts as a transient failure, and is tried again within
    /// ``SyncEngineSettings/reconnect``'s short delays (a connection attempt is cheap), so that
    /// the engine notices the network coming back within a second or two and sends what waits
    /// at once, instead of sleeping out a request backoff of up to a minute.
    func listenForPushes(_ wakes: AsyncStream<Wake>.Continuation) async {
        var reconnect = settings.reconnect
        while !Task.isCancelled {
            if case .stopped = health { return }
            let started = clock.now()
            do {
                try await remote.listenForPushes(connected: { wakes.yield(.connected) }, pushed: { wakes.yield(.pushed) })
                if clock.now().timeIntervalSince(started) >= Self.stableConnection { reconnect.reset() }
            } catch {
                guard !Task.isCancelled else { return }
                // No socket means no server: say so now rather than at the next request.
                failed(error)
                await publishStatus()
            }
            try? await clock.sleep(for: reconnect.nextDelay())
        }
    }
}
