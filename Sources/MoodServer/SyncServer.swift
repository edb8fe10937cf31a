import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// Builds the sync server: the protocol's routes over a storage, as a Hummingbird application.
public enum SyncServer {
    /// The HTTP router alone (for tests through the router, without sockets).
    public static func makeRouter<Storage: MoodServerStorage>(storage: Storage, hub: PushHub) -> Router<MoodRequestContext> {
        let router = Router(context: MoodRequestContext.self)
        router.add(middleware: LogRequestsMiddleware(.debug))
        router.add(middleware: JSONErrorMiddleware(allowedMethods: SyncRoutes<Storage>.allowedMethods))
        SyncRoutes(storage: storage, hub: hub).register(on: router)
        return router
    }

    /// The application: HTTP routes plus the WebSocket upgrade, bound as `configuration` says.
    ///
    /// Run it as a `Service` in a `ServiceGroup`; graceful shutdown finishes requests in flight
    /// and closes WebSockets with a close frame.
    /// - Parameter onListening: called once bound, with the actual port (useful with port 0).
    public static func makeApplication<Storage: MoodServerStorage>(
        configuration: MoodServerConfiguration, storage: Storage, hub: PushHub = PushHub(), logger: Logger,
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let webSocketRouter = Router(context: MoodRequestContext.self)
        SubscribeRoute(storage: storage, hub: hub).register(on: webSocketRouter)
        return Application(
            router: makeRouter(storage: storage, hub: hub),
            server: .http1WebSocketUpgrade(
                webSocketRouter: webSocketRouter,
                configuration: .init(ws: .init(autoPing: .enabled(timePeriod: configuration.pingInterval)))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "moodtui"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
    }
}
