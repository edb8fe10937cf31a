/// How many requests a second the server takes from one device and from one IP address: what
/// keeps one flooding client (a bug in a loop, a script, a stolen token) from taking the
/// server's time from everyone else. Each is a sustained rate; twice as many may come in a burst.
///
/// Over a limit, a request is answered `429 {"error": "rate_limited"}` with `Retry-After`, and the
/// client waits that long. The limits hold per server instance: behind a load balancer spreading
/// one client over N instances, it gets N times as much. Behind a load balancer every connection
/// comes from the balancer: name it in ``trustedProxies`` and each client counts as the address
/// the balancer says it is.
public struct RateLimits: Sendable, Hashable {
    /// Requests a second from one device token (after it is checked).
    public var perToken: Int
    /// Requests a second from one IP address, with or without a token (`/healthz` and
    /// `/metrics` are not counted).
    public var perAddress: Int
    /// The addresses of proxies (load balancers) whose `X-Forwarded-For` names the client
    /// (``ClientAddress``); from any other peer the header is ignored, so that a client cannot
    /// pick its own bucket.
    public var trustedProxies: Set<String>

    /// Generous: a device syncing, even downloading or importing tens of thousands of moods,
    /// stays far below; an office behind one address, too.
    public init(perToken: Int = 50, perAddress: Int = 500, trustedProxies: Set<String> = []) {
        self.perToken = perToken
        self.perAddress = perAddress
        self.trustedProxies = Set(trustedProxies.map { ClientAddress.canonical($0) ?? $0 })
    }

    /// The time buckets refill by: monotonic, since the process started.
    public static let systemClock: @Sendable () -> Duration = {
        let start = ContinuousClock.now
        return { ContinuousClock.now - start }
    }()
}
