import ArgumentParser
import MoodServer

/// The connection limits `moodtui serve` lets a person change (see the MoodServer documentation, "Limits and rates").
struct ServerLimitOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Connections served at once; one more is answered 503.", valueName: "count"))
    var maxConnections = ConnectionLimits().maximumConnections

    @Option(help: ArgumentHelp("Connections served at once from one IP address.", valueName: "count"))
    var maxConnectionsPerAddress = ConnectionLimits().maximumConnectionsPerAddress

    @Option(help: ArgumentHelp("Seconds a connection may wait without sending a request.", valueName: "seconds"))
    var idleTimeout = Self.seconds(ConnectionLimits().idleTimeout)

    @Option(help: ArgumentHelp("Seconds a request's head may take once it has begun.", valueName: "seconds"))
    var headerTimeout = Self.seconds(ConnectionLimits().headerTimeout)

    @Option(help: ArgumentHelp("Seconds a request may take, from its head to the end of its response.", valueName: "seconds"))
    var requestTimeout = Self.seconds(ConnectionLimits().requestTimeout)

    @Option(help: ArgumentHelp("Seconds between WebSocket pings; a socket that misses one is closed.", valueName: "seconds"))
    var pingInterval = Self.seconds(ConnectionLimits().webSocketPingInterval)

    @Option(help: ArgumentHelp(
        "Requests a second from one device (twice as many in a burst); more are answered 429 with Retry-After.", valueName: "count"))
    var rateLimit = RateLimits().perToken

    @Option(help: ArgumentHelp("Requests a second from one IP address (twice as many in a burst).", valueName: "count"))
    var rateLimitPerAddress = RateLimits().perAddress

    @Option(help: ArgumentHelp(
        "The address of a load balancer in front; its X-Forwarded-For names the client the per-address rate goes by. Repeat for several.",
        valueName: "ip"))
    var trustedProxy: [String] = []

    func validate() throws {
        guard maxConnections > 0, maxConnectionsPerAddress > 0 else { throw ValidationError("connection caps must be positive") }
        guard (1...1_000_000).contains(rateLimit), (1...1_000_000).contains(rateLimitPerAddress) else {
            throw ValidationError("rate limits must be 1–1000000 requests a second")
        }
        guard [idleTimeout, headerTimeout, requestTimeout, pingInterval].allSatisfy({ $0 > 0 }) else {
            throw ValidationError("timeouts must be positive")
        }
        if let text = trustedProxy.first(where: { ClientAddress.canonical($0) == nil }) {
            throw ValidationError("--trusted-proxy '\(text.prefix(60))' is not an IP address (such as 10.0.0.5 or fd00::5)")
        }
    }

    /// The request rates as the server takes them.
    var rateLimits: RateLimits { RateLimits(perToken: rateLimit, perAddress: rateLimitPerAddress, trustedProxies: Set(trustedProxy)) }

    /// The limits as the server takes them.
    var limits: ConnectionLimits {
        ConnectionLimits(
            idleTimeout: .seconds(idleTimeout), headerTimeout: .seconds(headerTimeout), requestTimeout: .seconds(requestTimeout),
            webSocketPingInterval: .seconds(pingInterval), maximumConnections: maxConnections,
            maximumConnectionsPerAddress: maxConnectionsPerAddress)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
