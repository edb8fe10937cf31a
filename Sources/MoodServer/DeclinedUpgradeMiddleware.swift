import Hummingbird

/// The WebSocket router's outermost middleware: when the router declines an upgrade (no valid
/// token, no such path), it tells the connection why, so that the client gets that answer (401,
/// 404) rather than a bare 400 — ``HTTPRequestGuard`` never sees an upgrade request. Errors reach
/// it already translated by ``JSONErrorMiddleware``.
struct DeclinedUpgradeMiddleware: RouterMiddleware {
    typealias Context = MoodRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ServerError {
            context.channel.pipeline.fireUserInboundEventTriggered(DeclinedUpgrade(answer: error))
            throw error
        }
    }
}
