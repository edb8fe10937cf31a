import HTTPTypes
import Hummingbird
import SyncProtocol

/// Keeps a share's token to what it may do (``SyncProtocol/SyncRoute/isOpenToShareTokens``):
/// reading its share. Every other request it makes is refused with 403 `read_only` before its
/// body is read, whatever the body, so that the refusal is the same for every request.
struct ShareTokenMiddleware: RouterMiddleware {
    typealias Context = MoodRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard case .share = context.account?.kind else { return try await next(request, context) }
        let route = SyncRoute.allCases.first { $0.method.rawValue == request.method.rawValue && $0.matches(path: request.uri.path) }
        guard route?.isOpenToShareTokens ?? true else {
            throw ServerError(status: .forbidden, code: .readOnly, message: "a share's token reads the share and nothing else; it cannot write")
        }
        return try await next(request, context)
    }
}
