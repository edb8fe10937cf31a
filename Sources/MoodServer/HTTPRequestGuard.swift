import Logging
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Sees every request head and response of a connection, between the WebSocket upgrade handler
/// and Hummingbird: it answers what must not reach the routes (a request the parser refused, a
/// `CONNECT`, a WebSocket upgrade on a kept-alive connection, a declined upgrade), makes sure
/// such connections end after their answer, and keeps ``ConnectionGuard`` told of each request's
/// start and end. It leaves the pipeline when the connection becomes a WebSocket.
///
/// The upgrade handler keeps the head of a first request that asks to upgrade to a WebSocket: a
/// head asking that which gets here came after other requests on the connection.
final class HTTPRequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private enum State {
        /// Requests are read and answered; `unanswered` heads wait for the end of their response.
        case serving(unanswered: Int)
        /// The connection ends once the response under way is written; further requests are dropped.
        case endingAfterResponse
        /// Answered and closing: everything else is dropped.
        case ended
    }

    private var state = State.serving(unanswered: 0)
    /// Why the WebSocket router declined the upgrade asked for by the first request, if it did.
    private var declinedUpgrade: ServerError?
    private let logger: Logger

    init(logger: Logger) { self.logger = logger }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch (state, unwrapInboundIn(data)) {
        case (.ended, _): return
        case (.endingAfterResponse, .head): return
        case (.serving(let unanswered), .head(let head)):
            if let refusal = refusal(of: head) {
                logger.debug("request refused", metadata: ["method": "\(head.method)", "error": "\(refusal.code)"])
                if unanswered == 0 { answer(refusal, context) } else { state = .endingAfterResponse }
                return
            }
            // The decoder reads nothing after a request that asked to upgrade (`h2c`, which is
            // not taken; ``UnservedUpgradeFilter`` marks a first one `Connection: close`), and a
            // client that says close is done: the answer is the connection's last, and says so.
            let last = !head.isKeepAlive || head.headers.contains(name: "upgrade")
            state = last ? .endingAfterResponse : .serving(unanswered: unanswered + 1)
            context.triggerUserOutboundEvent(ConnectionEvent.requestStarted, promise: nil)
            context.fireChannelRead(data)
        case (.serving, .body), (.serving, .end), (.endingAfterResponse, .body), (.endingAfterResponse, .end):
            context.fireChannelRead(data)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch state {
        case .ended:
            return
        case _ where error is NIOWebSocketUpgradeError:
            // A declined or malformed upgrade, whose head this handler never sees.
            logger.debug("WebSocket upgrade declined", metadata: ["error": "\(error)"])
            answer(declinedUpgrade ?? .invalidUpgrade, context)
        case .serving(unanswered: 0):
            let answer = ServerError.unreadableRequest(error) ?? .badRequest("the request could not be read")
            logger.debug("unreadable request", metadata: ["error": "\(error)"])
            self.answer(answer, context)
        case .serving, .endingAfterResponse:
            // A route is reading this request: it meets the error in the body and answers it.
            state = .endingAfterResponse
            context.fireErrorCaught(error)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch (state, unwrapOutboundIn(data)) {
        case (.ended, _):
            promise?.fail(ChannelError.outputClosed)
        case (.endingAfterResponse, .head(var head)):
            head.headers.replaceOrAdd(name: "connection", value: "close")
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case (.endingAfterResponse, .end):
            context.write(data, promise: promise)
            state = .ended
            context.triggerUserOutboundEvent(ConnectionEvent.finish, promise: nil)
        case (.serving(let unanswered), .end):
            context.write(data, promise: promise)
            state = .serving(unanswered: max(0, unanswered - 1))
            if unanswered <= 1 { context.triggerUserOutboundEvent(ConnectionEvent.responseFinished, promise: nil) }
        case (.serving, _), (.endingAfterResponse, _):
            context.write(data, promise: promise)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let declined = event as? DeclinedUpgrade { return declinedUpgrade = declined.answer }
        context.fireUserInboundEventTriggered(event)
        guard case .upgradeComplete = event as? HTTPServerUpgradeEvents else { return }
        context.triggerUserOutboundEvent(ConnectionEvent.upgraded, promise: nil)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    /// Why `head` is answered here rather than by the routes, if it is.
    private func refusal(of head: HTTPRequestHead) -> ServerError? {
        if head.method == .CONNECT { return .connectNotSupported }
        // Another protocol (`h2c`, which `curl --http2` asks of an `http://` URL) is not taken:
        // the request is answered as HTTP/1.1, as RFC 9110 lets a server do.
        if head.headers[canonicalForm: "upgrade"].contains(where: { $0.lowercased() == "websocket" }) { return .upgradeNotFirst }
        return nil
    }

    private func answer(_ error: ServerError, _ context: ChannelHandlerContext) {
        state = .ended
        context.triggerUserOutboundEvent(ConnectionEvent.answer(error), promise: nil)
    }
}
