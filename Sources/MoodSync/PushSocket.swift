import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
import SyncProtocol

/// One push WebSocket connection, from the TCP connect to its close, on SwiftNIO directly.
///
/// Not swift-websocket's client, because a push connection must end whenever the engine says so:
/// that client's opening handshake has no deadline, does not see task cancellation and keeps its
/// channel to itself, so a server (or anything on the way) that accepted the connection and never
/// answered the upgrade held the engine's push listener, and quitting, for ever. This socket owns
/// its channel and closes it on cancellation, when the handshake is not answered within
/// ``PushSocketTiming/handshakeTimeout``, and when the server stops answering its pings.
struct PushSocket: Sendable {
    let endpoint: PushEndpoint
    /// The upgrade request's own headers (the token, the device id).
    let headers: HTTPHeaders
    /// The trust the server's certificate is checked by, for `wss`.
    let tls: TLSConfiguration
    let timing: PushSocketTiming
    let logger: Logger
    /// The largest frame taken from the server; a push message is a few hundred bytes.
    private let maximumFrameSize = 1 << 16

    private enum UpgradeResult: Sendable {
        case upgraded(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case declined
    }

    /// Connects and calls `connected` once the socket is open, then `pushed` for every message,
    /// until the connection ends.
    /// - Returns: when an open connection ended: closed by the server, gone silent, or cancelled.
    /// - Throws: why no connection could be opened.
    func listen(connected: @escaping @Sendable () -> Void, pushed: @escaping @Sendable () -> Void) async throws(PushSocketError) {
        let lifetime = PushChannelLifetime()
        let channel: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>
        do {
            channel = try await withTaskCancellationHandler {
                try await open(lifetime)
            } onCancel: {
                lifetime.end(.cancelled)
            }
        } catch {
            let ending = lifetime.ending
            lifetime.end(.failed)  // a declined or broken upgrade leaves its connection open
            switch ending {
            case .handshakeTimedOut: throw .handshakeTimedOut
            case .cancelled: throw .cancelled
            case .failed, .silent, nil: throw error as? PushSocketError ?? .connection(error)
            }
        }
        await withTaskCancellationHandler {
            await listen(on: channel, lifetime: lifetime, connected: connected, pushed: pushed)
        } onCancel: {
            lifetime.end(.cancelled)
        }
    }

    /// Connects, sends the upgrade request and waits for its answer, within the handshake's deadline.
    private func open(_ lifetime: PushChannelLifetime) async throws -> NIOAsyncChannel<WebSocketFrame, WebSocketFrame> {
        let sslContext = try endpoint.usesTLS ? NIOSSLContext(configuration: tls) : nil
        let upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(TimeAmount(timing.handshakeTimeout))
            .connect(host: endpoint.host, port: endpoint.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try lifetime.attach(channel)
                    let deadline = channel.eventLoop.scheduleTask(in: TimeAmount(timing.handshakeTimeout)) {
                        lifetime.end(.handshakeTimedOut)
                    }
                    if let sslContext {
                        // No name to send for an address (NIOSSL refuses one); the certificate is then
                        // checked against the address itself.
                        let name = (try? SocketAddress(ipAddress: endpoint.host, port: 0)) == nil ? endpoint.host : nil
                        let tls = try NIOSSLClientHandler(context: sslContext, serverHostname: name)
                        try channel.pipeline.syncOperations.addHandler(tls)
                    }
                    let upgrade = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                        configuration: pipelineConfiguration())
                    upgrade.whenComplete { _ in deadline.cancel() }
                    return upgrade
                }
            }
        switch try await upgrade.get() {
        case .upgraded(let channel): return channel
        case .declined: throw PushSocketError.declined
        }
    }

    private func pipelineConfiguration() -> NIOUpgradableHTTPClientPipelineConfiguration<UpgradeResult> {
        var requestHeaders = headers
        requestHeaders.replaceOrAdd(name: "Host", value: endpoint.hostHeader)
        let upgrader = NIOTypedWebSocketClientUpgrader<UpgradeResult>(maxFrameSize: maximumFrameSize) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
                .upgraded(try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel))
            }
        }
        return NIOUpgradableHTTPClientPipelineConfiguration(
            upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(
                upgradeRequestHead: HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: SyncRoute.subscribe.method.rawValue), uri: endpoint.path, headers: requestHeaders),
                upgraders: [upgrader],
                notUpgradingCompletionHandler: { channel in channel.eventLoop.makeSucceededFuture(.declined) }
            ))
    }

    /// Reads frames until the connection ends, answering pings and the server's close, and
    /// sending pings of its own: a connection that nothing comes through for a whole
    /// ``PushSocketTiming/pingInterval`` after a ping is dead (a network that dropped it without
    /// a word), and is closed so that the engine connects again.
    private func listen(
        on channel: NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, lifetime: PushChannelLifetime,
        connected: @escaping @Sendable () -> Void, pushed: @escaping @Sendable () -> Void
    ) async {
        do {
            try await channel.executeThenClose { inbound, outbound in
                connected()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await keepAlive(outbound, lifetime: lifetime) }
                    for try await frame in inbound {
                        lifetime.heardFromServer()
                        switch frame.opcode {
                        case .text: pushed()
                        case .ping: try await outbound.write(Self.clientFrame(.pong, data: frame.unmaskedData))
                        case .connectionClose:
                            try await outbound.write(Self.clientFrame(.connectionClose, data: frame.unmaskedData))
                            group.cancelAll()
                            return
                        default: break
                        }
                    }
                    group.cancelAll()
                }
            }
        } catch {
            logger.debug("the push connection ended", metadata: ["error": "\(error)"])
        }
    }

    private func keepAlive(_ outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>, lifetime: PushChannelLifetime) async throws {
        while true {
            try await Task.sleep(for: timing.pingInterval)
            guard lifetime.takeHeardFromServer() else {
                logger.debug("the push connection went silent; closing it")
                lifetime.end(.silent)
                return
            }
            try await outbound.write(Self.clientFrame(.ping, data: ByteBuffer()))
        }
    }

    /// A frame as a client must send it: masked.
    private static func clientFrame(_ opcode: WebSocketOpcode, data: ByteBuffer) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data)
    }
}

/// How long a push connection may take to open, and how often it checks that the server is
/// still there. Tests shorten them; loopback answers at once.
public struct PushSocketTiming: Sendable {
    /// From the TCP connect to the upgrade's answer.
    public var handshakeTimeout: Duration
    /// Between two pings; a connection that nothing came through in a whole interval is closed.
    public var pingInterval: Duration

    public init(handshakeTimeout: Duration = .seconds(10), pingInterval: Duration = .seconds(20)) {
        self.handshakeTimeout = handshakeTimeout
        self.pingInterval = pingInterval
    }
}

/// Why a push connection could not be opened.
enum PushSocketError: Error, CustomStringConvertible {
    /// The server, or something on the way, accepted the connection and never answered the upgrade.
    case handshakeTimedOut
    /// The server answered the upgrade with something else than "switching protocols" (a refused
    /// token, a proxy's error page).
    case declined
    /// The task was cancelled while the connection was opening.
    case cancelled
    /// The connection could not be made (refused, no route, TLS failed).
    case connection(any Error)

    var description: String {
        switch self {
        case .handshakeTimedOut: "the push connection was accepted but its handshake was not answered"
        case .declined: "the server declined the push connection"
        case .cancelled: "the push connection was cancelled"
        case .connection(let error): "\(error)"
        }
    }
}
