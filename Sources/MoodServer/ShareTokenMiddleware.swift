import HTTPTypes
import Hummingbird
import SyncProtocol

/// Keeps a share's token to what it may do (``SyncProtocol/SyncRoute/isOpenToShareTokens``):
/// reading its share. Every other request it makes is refused with 403 `read_only` before its
/// body is read, whatever the body, so that the refusal is the same for every request. The path
/// is read as the router reads it (empty segments skipped: `//v1/moods/` is `/v1/moods`); the
/// handlers ask for a person's account too (`requirePerson()`), so a spelling this misses
/// still writes nothing.
struct ShareTokenMiddleware: RouterMiddleware {
    typealias Context = MoodRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard case .share = context.account?.kind else { return try await next(request, context) }
        let path = "/" + request.uri.path.split(separator: "/").joined(separator: "/")
        let route = SyncRoute.allCases.first { $0.method.rawValue == request.method.rawValue && $0.matches(path: path) }
        guard route?.isOpenToShareTokens ?? true else { throw ServerError.readOnly }
        return try await next(request, context)
    }
}
