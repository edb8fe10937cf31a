/// How many requests a second the server takes from one device and from one IP address: what
/// keeps one flooding client (a bug in a loop, a script, a stolen token) from taking the
/// server's time from everyone else. Each is a sustained rate; twice as many may come in a burst.
///
/// Over a limit, a request is answered `429 {"error": "rate_limited"}` with `Retry-After`, and the
/// client waits that long. The limits hold per server instance: behind a load balancer spreading
/// one client over N instances, it gets N times as much.
public struct RateLimits: Sendable, Hashable {
    /// Requests a second from one device token (after it is checked).
    public var perToken: Int
    /// Requests a second from one IP address, with or without a token (`/healthz` is not counted).
    public var perAddress: Int

    /// Generous: a device syncing, even downloading or importing tens of thousands of moods,
    /// stays far below; an office behind one address, too.
    public init(perToken: Int = 50, perAddress: Int = 500) {
        self.perToken = perToken
        self.perAddress = perAddress
    }

    /// The time buckets refill by: monotonic, since the process started.
    public static let systemClock: @Sendable () -> Duration = {
        let start = ContinuousClock.now
        return { ContinuousClock.now - start }
    }()
}
