import NIOCore

/// Where a connection stands, which decides how long it may stay there: the state
/// ``ConnectionGuard`` keeps, one phase at a time.
enum ConnectionPhase {
    /// Over a cap: to be answered with this error (503) as soon as the connection is active.
    case refusing(ServerError)
    /// Waiting for a request (just opened, or after a response): nothing received yet.
    case awaitingRequest(since: NIODeadline)
    /// A request's first bytes came; its head is not complete yet.
    case readingHead(since: NIODeadline)
    /// A request's head came; its body and its response are under way.
    case handlingRequest(since: NIODeadline)
    /// Upgraded: pinged once every ping interval from `since`. `answered`: the client has sent
    /// something since the last ping (or none was sent yet); a socket that has not when the next
    /// is due is dead.
    case webSocket(since: NIODeadline, answered: Bool)
    /// The last answer is written and output is closed; what the client still sends is dropped
    /// until it closes too, so that it reads the answer rather than a reset.
    case closing(since: NIODeadline)

    /// How long the server keeps reading (and dropping) after its last answer.
    static let lingerTime = TimeAmount.seconds(2)

    /// When the connection is closed if it is still in this phase; `nil`: never.
    func deadline(_ limits: ConnectionLimits) -> NIODeadline? {
        switch self {
        case .refusing: nil
        case .webSocket(let since, _): since + TimeAmount(limits.webSocketPingInterval)
        case .awaitingRequest(let since): since + TimeAmount(limits.idleTimeout)
        case .readingHead(let since): since + TimeAmount(limits.headerTimeout)
        case .handlingRequest(let since): since + TimeAmount(limits.requestTimeout)
        case .closing(let since): since + Self.lingerTime
        }
    }

    /// Whether the connection is between requests (so that a graceful shutdown may close it now).
    var isBetweenRequests: Bool {
        switch self {
        case .awaitingRequest, .readingHead, .refusing, .closing: true
        case .handlingRequest, .webSocket: false
        }
    }

    /// Words for the logs.
    var name: String {
        switch self {
        case .refusing: "refusing"
        case .awaitingRequest: "idle"
        case .readingHead: "reading a request head"
        case .handlingRequest: "handling a request"
        case .webSocket: "WebSocket"
        case .closing: "closing"
        }
    }
}
