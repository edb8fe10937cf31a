import ArgumentParser
import Foundation
import Logging
import MoodServer
import ServerStorage
import ServiceLifecycle

/// `moodtui serve`: runs the sync server until SIGINT or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the sync server.",
        discussion: "Serves the sync protocol (see README.md, \"The sync server\") over HTTP and WebSocket, with the "
            + "moods in SQLite in the data folder, or in the database --database names. Prints \"moodtui serve listening on http://HOST:PORT\" (https with --tls-cert) once bound "
            + "(with --port 0, PORT is the one the system chose). Logs go to standard error. SIGINT or SIGTERM stops it "
            + "gracefully: requests in flight finish, WebSockets are closed. At start it raises its limit of open files "
            + "to the system's hard limit; connections past the caps are answered 503.")

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "host"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "port"))
    var port = 8080

    @OptionGroup var data: ServerDataOptions

    @OptionGroup(title: "Limits") var limits: ServerLimitOptions

    @OptionGroup(title: "TLS") var tls: ServerTLSOptions

    @Option(help: ArgumentHelp(
        "Days a deleted mood's tombstone is kept; a device away for longer downloads its moods again.", valueName: "days"))
    var keepTombstones = Int(TombstoneRule.defaultRetention.components.seconds / 86_400)

    @Flag(help: ArgumentHelp(
        "Serve GET /metrics (Prometheus's text format) on the same port. Off by default: it tells anyone who reaches the port how busy the server is."))
    var metrics = false

    @Option(help: ArgumentHelp(
        "debug, info, notice, warning, error or critical (trace is taken as debug: below that the libraries log tokens).",
        valueName: "level"))
    var logLevel = "info"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0–65535") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level '\(logLevel)'") }
        guard (1...36_500).contains(keepTombstones) else { throw ValidationError("--keep-tombstones must be 1–36500 days") }
    }

    func run() async throws {
        var logger = Logger(label: "moodtui.serve", factory: { label in StreamLogHandler.standardError(label: label) })
        // Clamped before anything logs: the store's driver logs queries and their values at trace.
        logger.logLevel = max(Logger.Level(rawValue: logLevel) ?? .info, SyncServer.mostDetailedLogLevel)
        let certificate = try tls.context().map(ServerCertificate.init)
        let storage = try await data.open(logger: logger)
        FileDescriptorLimit.raiseToHardLimit()
        let host = host
        let application = SyncServer.makeApplication(
            configuration: MoodServerConfiguration(
                host: host, port: port, limits: limits.limits, compaction: CompactionSchedule(retention: .seconds(keepTombstones * 86_400)),
                rateLimits: limits.rateLimits, exposesMetrics: metrics, tls: certificate),
            storage: storage, logger: logger
        ) { port in
            FileHandle.standardOutput.write(Data("moodtui serve listening on \(certificate == nil ? "http" : "https")://\(host):\(port)\n".utf8))
        }
        let reloads = CertificateReload.listen(replacing: certificate, from: tls, logger: logger)
        defer { reloads.cancel() }
        let services = ServiceGroup(configuration: .init(
            services: [application], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await services.run()
        } catch where SyncServer.isAddressInUse(error) {
            throw CommandFailure("port \(port) on \(host) is taken by another program; pick another with --port N (--port 0 takes any free one)")
        } catch {
            throw CommandFailure("the server stopped: \(error)")
        }
    }
}
