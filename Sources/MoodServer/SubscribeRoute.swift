import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import ServerStorage
import ServiceLifecycle
import SyncProtocol

/// `GET /v1/subscribe`: a WebSocket that receives a `PushMessage` after every commit that
/// changed the account's moods from another device, and is closed with 1008 (policy violation)
/// as soon as its device token is revoked; when the server stops, it is closed too, and a client
/// that does not answer is dropped, so that a silent device never keeps the server running.
/// What the client sends is ignored.
///
/// An idle socket holds no task of its own beyond its connection's: the route's own task reads
/// what the client sends (which also answers pings and takes the close), and pushes are written
/// by a ``PushSender`` on short tasks. One instance holds ten thousand sockets this way.
struct SubscribeRoute<Storage: MoodServerStorage>: Sendable {
    let storage: Storage
    let hub: PushHub
    let limiter: RateLimiter
    let metrics: ServerMetrics
    /// How long a socket closed for revocation, or because the server stops, has to answer the
    /// close frame before the server drops the connection.
    let closeGrace: Duration

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
                let sender = PushSender(write: writer(to: outbound), whenEnding: dropAfterGrace(context.requestContext.channel))
                let id = hub.subscribe(account: credential.account.id, tokenHash: credential.tokenHash, deviceID: device, sender: sender)
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
                // Drained until the client closes, or answers our close; the channel's close ends it too.
                try await withGracefulShutdownHandler {
                    for try await _ in inbound {}
                } onGracefulShutdown: {
                    sender.send(.serverStopping)
                }
            }
    }

    /// Writes each push; closes the socket with 1008 when its token is revoked.
    private func writer(to outbound: WebSocketOutboundWriter) -> PushSender.Write {
        { event in
            switch event {
            case .changed(let message):
                let text = String(decoding: try! JSONEncoder().encode(message), as: UTF8.self)  // a token and a type always encode
                do { try await outbound.write(.text(text)) } catch { return false }
                return true
            case .revoked:
                try? await outbound.close(.policyViolation, reason: "device token revoked")
                return false
            case .serverStopping:
                return false  // the WebSocket handler sends the close frame
            }
        }
    }

    /// Drops the connection ``closeGrace`` after its close began (ours, or the WebSocket
    /// handler's when the server stops), if the client has not answered by then.
    private func dropAfterGrace(_ channel: any Channel) -> @Sendable () -> Void {
        let grace = TimeAmount(closeGrace)
        return { channel.eventLoop.scheduleTask(in: grace) { channel.close(promise: nil) } }
    }
}
