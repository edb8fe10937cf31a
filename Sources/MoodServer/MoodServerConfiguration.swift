/// Where and how the server listens.
public struct MoodServerConfiguration: Sendable {
    /// The address to bind, such as `127.0.0.1` or `0.0.0.0`.
    public var host: String
    /// The port; 0 picks a free one (see ``SyncServer/makeApplication(configuration:storage:hub:logger:onListening:)``).
    public var port: Int
    /// How often the server pings each WebSocket.
    public var pingInterval: Duration

    public init(host: String = "127.0.0.1", port: Int = 8080, pingInterval: Duration = .seconds(30)) {
        self.host = host
        self.port = port
        self.pingInterval = pingInterval
    }
}
