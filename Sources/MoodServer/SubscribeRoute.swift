import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import ServerStorage
import ServiceLifecycle
import SyncProtocol

/// `GET /v1/subscribe`: a WebSocket that receives a `PushMessage` after every commit that
/// changed the account's moods from another device, and is closed with 1008 (policy violation)
/// as soon as its device token is revoked; when the server stops, it is closed too, and a client
/// that does not answer is dropped, so that a silent device never keeps the server running.
/// What the client sends is ignored.
struct SubscribeRoute<Storage: MoodServerStorage>: Sendable {
    let storage: Storage
    let hub: PushHub
    let limiter: RateLimiter
    let metrics: ServerMetrics
    /// How long a socket closed for revocation, or because the server stops, has to answer the
    /// close frame before the server drops the connection.
    let closeGrace: Duration

    /// How a socket's life ended.
    private enum Ending: Sendable {
        case clientClosed, revoked, serverStopping, graceOver
    }

    /// Adds the upgrade route to the router Hummingbird asks before upgrading; a declined upgrade
    /// (no valid token, another path) is answered with the router's error (401, 404).
    func register(on router: Router<MoodRequestContext>) {
        router.add(middleware: DeclinedUpgradeMiddleware())
        router.add(middleware: RequestOutcomeMiddleware(metrics: metrics))
        router.add(middleware: ProtocolVersionMiddleware())
        router.add(middleware: JSONErrorMiddleware(routes: []))
        router.add(middleware: RateLimitMiddleware.byAddress(limiter))
        router.group().add(middleware: BearerAuthMiddleware(storage: storage)).add(middleware: RateLimitMiddleware.byToken(limiter))
            .ws(RouterPath(SyncRoute.subscribe.template)) { _, _ in .upgrade([:]) } onUpgrade: { inbound, outbound, context in
                guard let credential = context.requestContext.credential else { return }
                let device = HTTPField.Name(SyncEndpoint.deviceHeader).flatMap { context.request.headers[$0] }
                let (id, events) = hub.subscribe(account: credential.account.id, tokenHash: credential.tokenHash, deviceID: device)
                metrics.webSocketOpened()
                defer {
                    hub.unsubscribe(id)
                    metrics.webSocketClosed()
                }
                // A revocation between the upgrade's token check and the subscription found no socket to close.
                if try await !storage.revokedTokenHashes(among: [credential.tokenHash]).isEmpty {
                    hub.revoke(tokenHashes: [credential.tokenHash])
                }
                context.logger.debug("subscribed", metadata: ["account": "\(credential.account.name)"])
                try await withThrowingTaskGroup(of: Ending.self) { group in
                    group.addTask {
                        for try await _ in inbound {}  // drained until the client closes (or answers our close)
                        return .clientClosed
                    }
                    group.addTask { try await send(events, to: outbound) }
                    // On SIGTERM the WebSocket handler sends the close frame itself.
                    group.addTask { try await gracefulShutdown(); return .serverStopping }
                    switch try await group.next() {
                    case .revoked, .serverStopping:
                        // Let the client answer the close frame, which ends the drain; a client
                        // that does not (asleep, or gone without a word) is dropped.
                        group.addTask { try await Task.sleep(for: closeGrace); return .graceOver }
                        if try await group.next() == .graceOver { try? await context.requestContext.channel.close() }
                    case .clientClosed, .graceOver, nil:
                        break
                    }
                    group.cancelAll()
                }
            }
    }

    /// Writes each push; sends a close frame with 1008 when the socket's token is revoked.
    private func send(_ events: AsyncStream<PushEvent>, to outbound: WebSocketOutboundWriter) async throws -> Ending {
        let encoder = JSONEncoder()
        for await event in events {
            switch event {
            case .changed(let message):
                try await outbound.write(.text(String(decoding: try encoder.encode(message), as: UTF8.self)))
            case .revoked:
                try await outbound.close(.policyViolation, reason: "device token revoked")
                return .revoked
            }
        }
        return .clientClosed  // unsubscribed: the socket is ending anyway
    }
}
