import Hummingbird

/// Logs each request's method and path at debug level, and never its query (which carries change
/// tokens) nor its headers (which carry the device token).
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        context.logger.debug("request", metadata: ["method": "\(request.method.rawValue)", "path": "\(request.uri.path)"])
        return try await next(request, context)
    }
}
