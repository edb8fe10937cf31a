import Hummingbird
import ServerStorage

/// Resolves `Authorization: Bearer TOKEN` to an account, or answers 401.
struct BearerAuthMiddleware<Storage: MoodServerStorage>: RouterMiddleware {
    typealias Context = MoodRequestContext
    let storage: Storage

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer "),
            case let token = header.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces), !token.isEmpty,
            case let hash = DeviceToken.hash(token), let account = try await storage.account(forTokenHash: hash)
        else { throw ServerError.unauthorized }
        var context = context
        context.credential = DeviceCredential(account: account, tokenHash: hash)
        return try await next(request, context)
    }
}
