import NIOCore
import NIOHTTP1

/// Takes an `Upgrade` header naming only protocols the server does not serve (`h2c`, which
/// `curl --http2` asks of an `http://` URL) off a connection's first request head, so that the
/// request is answered as HTTP/1.1, as RFC 9110 lets a server do, and the connection closed after.
///
/// NIO's upgrade handler, which it sits before, keeps no copy of a head that asks to upgrade:
/// when no upgrader takes the protocol, the request is lost and the connection closes without an
/// answer. Like ``FirstHeadSignal`` it looks only at the first thing the decoder hands on.
final class UnservedUpgradeFilter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    /// The protocols an upgrade handler after this one takes, lower case.
    private let served: Set<String>
    private var seenHead = false

    init(served: Set<String>) { self.served = served }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !seenHead, case .head(var head) = unwrapInboundIn(data) else { return context.fireChannelRead(data) }
        seenHead = true
        let asked = head.headers[canonicalForm: "upgrade"].map { $0.lowercased() }
        if !asked.isEmpty, served.isDisjoint(with: asked) {
            // The decoder reads nothing after a request that asked to upgrade: the connection
            // ends with this request's answer.
            head.headers.remove(name: "upgrade")
            head.headers.replaceOrAdd(name: "connection", value: "close")
            return context.fireChannelRead(wrapInboundOut(.head(head)))
        }
        context.fireChannelRead(data)
    }
}
