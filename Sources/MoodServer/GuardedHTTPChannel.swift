import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1
import NIOSSL

/// The server's connections: Hummingbird's HTTP/1.1 with WebSocket upgrade, behind the caps of
/// ``ConnectionAdmission`` and the handlers that bound each connection's time
/// (``ConnectionGuard``, told of the first head by ``FirstHeadSignal``) and answer what the
/// routes must not see (``RequestLineCheck``, ``UnservedUpgradeFilter``, ``HTTPRequestGuard``).
///
/// It runs the upgrade's outcome itself rather than through `HTTP1WebSocketUpgradeChannel`'s
/// `handle`, which answers a declined upgrade with an empty 400 instead of the routes' JSON,
/// redirects an upgrade on a kept-alive connection, and logs a connection closed before its
/// first request at error level.
struct GuardedHTTPChannel: ServerChildChannel, HTTPChannelHandler {
    /// One connection, as ``setup(channel:logger:)`` left it.
    struct Value: ServerChildChannelValue {
        enum Admission: Sendable {
            /// Served: the outcome of its first request's upgrade negotiation.
            case served(EventLoopFuture<HTTP1WebSocketUpgradeChannel.UpgradeResult>)
            /// Over a cap: ``ConnectionGuard`` answers 503 and closes it.
            case refused
        }

        let admission: Admission
        let channel: any Channel
    }

    let upgradeChannel: HTTP1WebSocketUpgradeChannel
    /// The routes, without the upgrade channel's redirect of upgrade requests.
    let responder: HTTPChannelHandler.Responder
    let admission: ConnectionAdmission
    let limits: ConnectionLimits
    /// TLS in front of everything, refusals included; `nil` for plain HTTP.
    let tls: ServerCertificate?

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let address = channel.remoteAddress?.ipAddress
        // A request head fits in 512 bytes, and the buffer kept between reads stays that small
        // on an idle push socket; a body's reads grow it as they fill it.
        try? channel.syncOptions?.setOption(ChannelOptions.recvAllocator, value: Self.readBuffers)
        if let tls {
            do { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls.current)) } catch {
                return channel.eventLoop.makeFailedFuture(error)
            }
        }
        if case .refused(let error) = admission.admit(address) {
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(ConnectionGuard(limits: limits, logger: logger, refusal: error))
                return Value(admission: .refused, channel: channel)
            }
        }
        let admission = admission
        channel.closeFuture.whenComplete { _ in admission.release(address) }
        return upgradeChannel.setup(channel: channel, logger: logger).flatMapThrowing { [limits] _ in
            let pipeline = channel.pipeline.syncOperations
            let upgrader = try pipeline.handler(type: NIOTypedHTTPServerUpgradeHandler<HTTP1WebSocketUpgradeChannel.UpgradeResult>.self)
            let connectionGuard = ConnectionGuard(limits: limits, logger: logger)
            if let tlsHandler = try? pipeline.handler(type: NIOSSLServerHandler.self) {
                try pipeline.addHandler(connectionGuard, position: .after(tlsHandler))
            } else {
                try pipeline.addHandler(connectionGuard, position: .first)
            }
            try pipeline.addHandler(RequestLineCheck(), position: .after(connectionGuard))
            try pipeline.addHandler(FirstHeadSignal(), position: .before(upgrader))
            try pipeline.addHandler(UnservedUpgradeFilter(served: ["websocket"]), position: .before(upgrader))
            try pipeline.addHandler(HTTPRequestGuard(logger: logger))
            return Value(admission: .served(upgrader.upgradeResultFuture), channel: channel)
        }
    }

    private static let readBuffers = AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 512, maximum: 65_536)

    func handle(value: Value, logger: Logger) async {
        guard case .served(let negotiation) = value.admission else { return }
        do {
            switch try await negotiation.get() {
            case .notUpgraded(let http), .failedUpgrade(let http, _):
                await handleHTTP(asyncChannel: http, logger: logger)
            case .websocket(let webSocket, let handler, let logger):
                await handler(webSocket, logger)
            }
        } catch {
            logger.debug("connection ended before its first request was read", metadata: ["error": "\(error)"])
        }
    }
}
