import Hummingbird
import HummingbirdWebSocket
import NIOCore
import ServerStorage

/// The request context of every route: Hummingbird's core storage, the WebSocket upgrade slot,
/// and the device `BearerAuthMiddleware` found.
public struct MoodRequestContext: RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket: WebSocketHandlerReference<Self>
    /// Set by `BearerAuthMiddleware` on authenticated routes.
    public var credential: DeviceCredential?
    /// The account of ``credential``.
    public var account: Account? { credential?.account }
    /// The request's connection: the WebSocket router tells it why it declined an upgrade.
    let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }

    /// The authenticated account.
    /// - Throws: 401 when the route was reached without authentication.
    func requireAccount() throws -> Account {
        guard let account else { throw ServerError.unauthorized }
        return account
    }

    /// The authenticated account, a person's: every route that writes, or that only the account's
    /// own devices use, asks for it, whatever path spelling reached it.
    /// - Throws: 401 without authentication, 403 `read_only` for a share's token.
    func requirePerson() throws -> Account {
        let account = try requireAccount()
        guard case .person = account.kind else { throw ServerError.readOnly }
        return account
    }
}
