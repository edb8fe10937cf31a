/// How long a connection may take and how many may be open: what keeps one client from
/// exhausting the server's sockets, descriptors or attention.
///
/// A connection that breaks a limit is closed; one over a cap is answered
/// `503 {"error": "server_busy"}` and closed. Tests set short timeouts (a second) so that they
/// wait for the server's decision instead of sleeping.
public struct ConnectionLimits: Sendable, Hashable {
    /// How long a connection may sit without sending a request: after it opens, and after each
    /// response (keep-alive).
    public var idleTimeout: Duration
    /// How long a request's head may take to arrive once its first byte has: a client that
    /// dribbles a header is closed after this.
    public var headerTimeout: Duration
    /// How long a request may take from its head to the end of its response (the body's upload
    /// and the answer's download included): a client that dribbles a body, or never reads the
    /// answer, is closed after this.
    public var requestTimeout: Duration
    /// How often the server pings a WebSocket; a socket that has not answered the previous ping
    /// by the next one is closed.
    public var webSocketPingInterval: Duration
    /// Connections served at once, WebSockets included; one more is answered 503. Lowered at
    /// start when the process may not open that many files (see `ConnectionCapacity`).
    public var maximumConnections: Int
    /// Connections served at once from one IP address; one more from it is answered 503.
    public var maximumConnectionsPerAddress: Int

    /// The defaults suit a server for a few people's devices on the open internet.
    public init(
        idleTimeout: Duration = .seconds(30), headerTimeout: Duration = .seconds(10), requestTimeout: Duration = .seconds(60),
        webSocketPingInterval: Duration = .seconds(30), maximumConnections: Int = 4_096, maximumConnectionsPerAddress: Int = 64
    ) {
        self.idleTimeout = idleTimeout
        self.headerTimeout = headerTimeout
        self.requestTimeout = requestTimeout
        self.webSocketPingInterval = webSocketPingInterval
        self.maximumConnections = maximumConnections
        self.maximumConnectionsPerAddress = maximumConnectionsPerAddress
    }
}
