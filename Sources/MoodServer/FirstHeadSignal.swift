import NIOCore
import NIOHTTP1

/// Tells ``ConnectionGuard`` as soon as the parser has a connection's first request head, so
/// that the header timeout stops there even when the head asks for a WebSocket upgrade (which
/// ``HTTPRequestGuard``, after the upgrade handler, never sees) and its negotiation takes a while.
///
/// It sits between the HTTP decoder and the upgrade handler, and looks only at the first thing
/// the decoder hands on: after an upgrade that spot carries raw bytes, which it passes untouched.
final class FirstHeadSignal: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    private var seenHead = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !seenHead, case .head = unwrapInboundIn(data) {
            seenHead = true
            context.triggerUserOutboundEvent(ConnectionEvent.requestStarted, promise: nil)
        }
        context.fireChannelRead(data)
    }
}
