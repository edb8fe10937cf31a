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

    /// What ended one of a socket's tasks.
    private enum Ending: Sendable {
        /// The client closed the socket, or answered our close frame.
        case clientClosed
        /// Nothing more to send: the subscription ended, or a write failed.
        case nothingToSend
        /// The token was revoked, and a close frame sent.
        case revoked
        /// The server is stopping; the WebSocket handler sends the close frame.
        case serverStopping
        /// The client did not answer the close frame in time.
        case graceOver
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
                    group.addTask { await send(events, to: outbound) }
                    group.addTask { try await gracefulShutdown(); return .serverStopping }
                    var closing = false
                    waiting: while let ending = try await group.next() {
                        switch ending {
                        case .clientClosed:
                            break waiting
                        case .nothingToSend:
                            if !closing { break waiting }
                        case .revoked, .serverStopping:
                            // Let the client answer the close frame, which ends the drain; a
                            // client that does not (asleep, or gone without a word) is dropped.
                            guard !closing else { continue }
                            closing = true
                            group.addTask { try await Task.sleep(for: closeGrace); return .graceOver }
                        case .graceOver:
                            try? await context.requestContext.channel.close()
                            break waiting
                        }
                    }
                    group.cancelAll()
                }
            }
    }

    /// Writes each push; sends a close frame with 1008 when the socket's token is revoked. A
    /// write that fails (the socket is closing) ends the sending, not the socket's wait.
    private func send(_ events: AsyncStream<PushEvent>, to outbound: WebSocketOutboundWriter) async -> Ending {
        let encoder = JSONEncoder()
        for await event in events {
            switch event {
            case .changed(let message):
                let text = String(decoding: try! encoder.encode(message), as: UTF8.self)  // a token and a type always encode
                do { try await outbound.write(.text(text)) } catch { return .nothingToSend }
            case .revoked:
                do { try await outbound.close(.policyViolation, reason: "device token revoked") } catch { return .nothingToSend }
                return .revoked
            }
        }
        return .nothingToSend  // unsubscribed: the socket is ending anyway
    }
}
