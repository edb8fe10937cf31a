import Logging
import NIOCore

/// The first handler of every connection, on the socket's bytes: it closes a connection that
/// outstays its ``ConnectionPhase``'s deadline, writes the answers given before (or instead of)
/// the HTTP codec, and closes connections so that the client reads the answer first.
///
/// It alone closes connections for timeouts, so a client cannot keep one open by sending nothing,
/// by dribbling a head or a body, or by not reading its answer. On an upgraded connection it
/// pings the client itself, with a timer of the event loop rather than a task for each socket,
/// and closes a socket that stops answering.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let limits: ConnectionLimits
    private let logger: Logger
    private var phase: ConnectionPhase
    private var timer: Scheduled<Void>?

    /// A guard for a served connection (`refusal == nil`), or for one to answer with `refusal` and close.
    init(limits: ConnectionLimits, logger: Logger, refusal: ServerError? = nil) {
        self.limits = limits
        self.logger = logger
        phase = refusal.map(ConnectionPhase.refusing) ?? .awaitingRequest(since: .now())
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch phase {
        case .refusing, .closing: return  // answered already: the rest is not read
        case .awaitingRequest: enter(.readingHead(since: .now()), context)
        case .webSocket(let since, answered: false): phase = .webSocket(since: since, answered: true)
        case .readingHead, .handlingRequest, .webSocket: break
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .closing = phase, event as? ChannelEvent == .inputClosed {
            context.close(promise: nil)  // the client read the answer and closed its side
        } else if event is ChannelShouldQuiesceEvent, phase.isBetweenRequests {
            context.close(promise: nil)  // shutting down: nothing under way to finish
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let event = event as? ConnectionEvent else {
            return context.triggerUserOutboundEvent(event, promise: promise)
        }
        promise?.succeed(())
        switch event {
        case .requestStarted: enter(.handlingRequest(since: .now()), context)
        case .responseFinished: enter(.awaitingRequest(since: .now()), context)
        case .upgraded: enter(.webSocket(since: .now(), answered: true), context)
        case .answer(let error): answer(error, context)
        case .finish: finish(context)
        }
    }

    private func start(_ context: ChannelHandlerContext) {
        if case .refusing(let error) = phase {
            logger.debug("connection refused", metadata: ["error": "\(error.code)"])
            answer(error, context)
        } else {
            enter(phase, context)
        }
    }

    /// Writes `error` as a complete response (below the HTTP codec), then finishes.
    private func answer(_ error: ServerError, _ context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(RawHTTPResponse.bytes(for: error)), promise: nil)
        finish(context)
    }

    /// Sends what was written, closes the output and waits (a while) for the client to close.
    private func finish(_ context: ChannelHandlerContext) {
        if case .closing = phase { return }
        enter(.closing(since: .now()), context)
        context.flush()
        context.close(mode: .output, promise: nil)
    }

    private func enter(_ newPhase: ConnectionPhase, _ context: ChannelHandlerContext) {
        phase = newPhase
        timer?.cancel()
        timer = newPhase.deadline(limits).map { deadline in
            context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
                if case .webSocket(_, answered: true) = phase { return ping(context) }
                logger.debug("closing a connection that timed out", metadata: ["phase": "\(phase.name)"])
                context.close(promise: nil)
            }
        }
    }

    /// Sends a WebSocket ping (written whole between the frames the codec above writes) and
    /// waits a ping interval for an answer.
    private func ping(_ context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: Self.pingFrame)), promise: nil)
        enter(.webSocket(since: .now(), answered: false), context)
    }

    /// A server's ping frame with no payload: final, opcode 9, unmasked, length 0.
    private static let pingFrame: [UInt8] = [0x89, 0x00]
}
