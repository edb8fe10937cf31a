import Hummingbird
import HummingbirdWebSocket

/// The request context of every route: Hummingbird's core storage, the WebSocket upgrade slot,
/// and the account ``BearerAuthMiddleware`` found.
public struct MoodRequestContext: RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket: WebSocketHandlerReference<Self>
    /// Set by ``BearerAuthMiddleware`` on authenticated routes.
    public var account: Account?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
    }

    /// The authenticated account.
    /// - Throws: 401 when the route was reached without authentication.
    func requireAccount() throws -> Account {
        guard let account else { throw ServerError.unauthorized }
        return account
    }
}
