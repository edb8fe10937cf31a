/// Where and how the server listens.
public struct MoodServerConfiguration: Sendable {
    /// The address to bind, such as `127.0.0.1` or `0.0.0.0`.
    public var host: String
    /// The port; 0 picks a free one (see ``SyncServer/makeApplication(configuration:storage:hub:metrics:logger:onListening:)``).
    public var port: Int
    /// Timeouts and connection caps.
    public var limits: ConnectionLimits
    /// How long tombstones are kept.
    public var compaction: CompactionSchedule
    /// How often expired shares are deleted (their tokens stop at their expiry regardless).
    public var shareSweepInterval: Duration
    /// Requests a second per device and per address.
    public var rateLimits: RateLimits
    /// The monotonic time the rate limits go by (``RateLimits/systemClock``; tests move it by hand).
    public var rateClock: @Sendable () -> Duration
    /// Whether `GET /metrics` is served. Off unless asked: it tells anyone who can reach the port
    /// how busy the server is, and when its people write.
    public var exposesMetrics: Bool
    /// HTTPS and WSS with this certificate and key; `nil` serves plain HTTP (behind a proxy that
    /// ends TLS, or on loopback). Made by the caller, which can say in words why a certificate or
    /// key does not load, and may replace it while the server runs.
    public var tls: ServerCertificate?

    /// Loopback on port 8080 with the default limits, retention and rates, no metrics, unless
    /// told otherwise.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, limits: ConnectionLimits = ConnectionLimits(),
        compaction: CompactionSchedule = CompactionSchedule(), shareSweepInterval: Duration = .seconds(60), rateLimits: RateLimits = RateLimits(),
        rateClock: @escaping @Sendable () -> Duration = RateLimits.systemClock, exposesMetrics: Bool = false,
        tls: ServerCertificate? = nil
    ) {
        self.tls = tls
        self.exposesMetrics = exposesMetrics
        self.rateLimits = rateLimits
        self.rateClock = rateClock
        self.host = host
        self.port = port
        self.limits = limits
        self.compaction = compaction
        self.shareSweepInterval = shareSweepInterval
    }
}
