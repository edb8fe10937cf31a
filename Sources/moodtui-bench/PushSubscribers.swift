import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import SyncProtocol

/// Many idle push sockets, as the devices of many people hold them, opened from several source
/// addresses of 127/8 so that the server's cap on connections from one address stays as it is.
///
/// Each is a channel with a handler that counts pushes and answers pings, and no task of its own:
/// the bench's side of ten thousand sockets must cost less than the server's, which it measures.
final class PushSubscribers: Sendable {
    private let channels: [any Channel]

    /// Opens `count` sockets to `server`'s subscribe route with `token`, `perAddress` from each
    /// source address (127.1.0.1, 127.1.0.2, …), a few hundred at a time; each is counted in
    /// `arrivals` once open, and every push it receives.
    static func open(count: Int, to server: URL, token: String, perAddress: Int, arrivals: Arrivals) async throws -> PushSubscribers {
        let group = MultiThreadedEventLoopGroup.singleton
        var channels: [any Channel] = []
        var next = 0
        while next < count {
            let batch = next..<min(count, next + 200)
            let opened = try await withThrowingTaskGroup(of: (any Channel).self) { tasks in
                for index in batch {
                    let source = try SocketAddress(ipAddress: "127.1.\(index / perAddress / 250).\(index / perAddress % 250 + 1)", port: 0)
                    tasks.addTask { try await connect(from: source, to: server, token: token, arrivals: arrivals, group: group) }
                }
                return try await tasks.reduce(into: []) { $0.append($1) }
            }
            channels += opened
            next = batch.upperBound
        }
        return PushSubscribers(channels: channels)
    }

    private init(channels: [any Channel]) { self.channels = channels }

    /// Closes every socket and waits until they are closed.
    func close() async {
        for channel in channels { try? await channel.close() }
    }

    private static func connect(
        from source: SocketAddress, to server: URL, token: String, arrivals: Arrivals, group: any EventLoopGroup
    ) async throws -> any Channel {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "\(server.host ?? "127.0.0.1"):\(server.port ?? 80)")
        headers.add(name: "Authorization", value: "Bearer \(token)")
        headers.add(name: ProtocolVersion.header, value: String(ProtocolVersion.current))
        let upgrader = NIOTypedWebSocketClientUpgrader<(any Channel)?>(maxFrameSize: 1 << 16) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(PushCounter(arrivals: arrivals))
                return channel
            }
        }
        let configuration = NIOUpgradableHTTPClientPipelineConfiguration(
            upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(
                upgradeRequestHead: HTTPRequestHead(version: .http1_1, method: .GET, uri: SyncEndpoint.subscribe, headers: headers),
                upgraders: [upgrader],
                notUpgradingCompletionHandler: { channel in channel.eventLoop.makeSucceededFuture(nil) }))
        let upgrade = try await ClientBootstrap(group: group)
            .connectTimeout(.seconds(30))
            .bind(to: source)
            .connect(host: server.host ?? "127.0.0.1", port: server.port ?? 80) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: configuration)
                }
            }
        guard let channel = try await upgrade.get() else { throw BenchError("the server declined a push socket from \(source)") }
        arrivals.connected()
        return channel
    }
}

/// Counts the pushes of one socket and answers the server's pings.
private final class PushCounter: ChannelInboundHandler, Sendable {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame
    let arrivals: Arrivals

    init(arrivals: Arrivals) { self.arrivals = arrivals }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text: arrivals.record()
        case .ping: context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData)), promise: nil)
        case .connectionClose: context.close(promise: nil)
        default: break
        }
    }
}
