import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import ServerStorage
import SyncProtocol
#if canImport(Glibc)
import Glibc
#endif

/// Builds the sync server: the protocol's routes over a storage, as a Hummingbird application.
public enum SyncServer {
    /// The HTTP router alone (for tests through the router, without sockets).
    public static func makeRouter<Storage: MoodServerStorage>(
        storage: Storage, hub: PushHub, rateLimits: RateLimits = RateLimits(),
        rateClock: @escaping @Sendable () -> Duration = RateLimits.systemClock, metrics: ServerMetrics = ServerMetrics(),
        exposingMetrics: Bool = false
    ) -> Router<MoodRequestContext> {
        makeRouter(
            storage: MeteredStorage(storage, metrics: metrics), hub: hub, limiter: RateLimiter(limits: rateLimits, now: rateClock),
            metrics: metrics, exposingMetrics: exposingMetrics)
    }

    static func makeRouter<Storage: MoodServerStorage>(
        storage: Storage, hub: PushHub, limiter: RateLimiter, metrics: ServerMetrics, exposingMetrics: Bool
    ) -> Router<MoodRequestContext> {
        let router = Router(context: MoodRequestContext.self)
        router.add(middleware: RequestOutcomeMiddleware(metrics: metrics))
        router.add(middleware: ProtocolVersionMiddleware())
        let routes = SyncRoutes(storage: storage, hub: hub, limiter: limiter, metrics: metrics, exposesMetrics: exposingMetrics)
        router.add(middleware: JSONErrorMiddleware(routes: routes.served))
        router.add(middleware: RateLimitMiddleware.byAddress(limiter))
        routes.register(on: router)
        return router
    }

    /// Whether `error` (from running the application) says that the address is already taken
    /// by another program, so that `moodtui serve` can say which port and how to pick another.
    public static func isAddressInUse(_ error: any Error) -> Bool {
        (error as? IOError)?.errnoCode == EADDRINUSE
    }

    /// The most detailed level the server logs at: below it the libraries log request heads,
    /// WebSocket frames and queries, which carry tokens.
    public static let mostDetailedLogLevel = Logger.Level.debug

    /// The application: HTTP routes plus the WebSocket upgrade, bound as `configuration` says,
    /// with its connections bounded by `configuration.limits` and the WebSockets of revoked
    /// tokens closed; what it does is counted in `metrics`, served at `SyncEndpoint/metrics` when
    /// the configuration says so.
    ///
    /// Run it as a `Service` in a `ServiceGroup`; graceful shutdown finishes requests in flight
    /// and closes WebSockets with a close frame, dropping one not answered within the ping
    /// interval. `logger` is used at
    /// ``mostDetailedLogLevel`` at the most detailed.
    /// - Parameters:
    ///   - configuration: where to listen, and the limits, rates and schedules to serve under.
    ///   - storage: the back end the routes read and write; the executable picks it.
    ///   - hub: the push sockets of this instance, which every accepted change is announced to.
    ///   - metrics: where requests, connections and storage calls are counted.
    ///   - logger: the server's log; never given a token or a mood's content.
    ///   - onListening: called once bound, with the actual port (useful with port 0).
    public static func makeApplication<Storage: MoodServerStorage>(
        configuration: MoodServerConfiguration, storage: Storage, hub: PushHub = PushHub(), metrics: ServerMetrics = ServerMetrics(),
        logger: Logger, onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let storage = MeteredStorage(storage, metrics: metrics)
        var logger = logger
        logger.logLevel = max(logger.logLevel, mostDetailedLogLevel)
        let limits = configuration.limits
        let capacity = ConnectionCapacity(limits: limits, descriptorLimit: FileDescriptorLimit.current, cores: System.coreCount)
        logger.info("connection limits", metadata: [
            "maximumConnections": "\(capacity.served)", "perAddress": "\(limits.maximumConnectionsPerAddress)",
            "fileDescriptors": "\(FileDescriptorLimit.current)",
        ])
        let limiter = RateLimiter(limits: configuration.rateLimits, now: configuration.rateClock)
        let webSocketRouter = Router(context: MoodRequestContext.self)
        SubscribeRoute(storage: storage, hub: hub, limiter: limiter, metrics: metrics, closeGrace: limits.webSocketPingInterval).register(on: webSocketRouter)
        let webSocketResponder = webSocketRouter.buildResponder()
        let admission = ConnectionAdmission(maximum: capacity.served, maximumPerAddress: limits.maximumConnectionsPerAddress)
        let server = HTTPServerBuilder { responder in
            GuardedHTTPChannel(
                upgradeChannel: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder,
                    configuration: .init(ws: .init(autoPing: .disabled))),  // ConnectionGuard pings
                responder: responder, admission: admission, limits: limits, tls: configuration.tls)
        }
        return Application(
            router: makeRouter(
                storage: storage, hub: hub, limiter: limiter, metrics: metrics, exposingMetrics: configuration.exposesMetrics),
            server: server,
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "moodtui",
                availableConnectionsDelegate: MaximumAvailableConnections(capacity.accepted, logger: logger)),
            services: [
                RevocationService(storage: storage, hub: hub, logger: logger), PushRelayService(storage: storage, hub: hub, metrics: metrics, logger: logger),
                CompactionService(storage: storage, schedule: configuration.compaction, logger: logger),
                ShareExpiryService(storage: storage, interval: configuration.shareSweepInterval, logger: logger),
            ],
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
    }
}
