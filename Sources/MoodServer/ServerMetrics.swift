import Foundation
import HTTPTypes
import Metrics
import MoodKit
import Prometheus

/// What one server instance counts and times, served at `GET /metrics` in Prometheus's text
/// format for an operator's Prometheus to scrape.
///
/// The code records through swift-metrics with this instance's own factory rather than the
/// process-wide `MetricsSystem`: each application (and each test's server) keeps its own
/// registry, and nothing is lost to a bootstrap done twice. The labels hold route templates,
/// methods, status codes and operation names only: never an account, a device or a token.
public final class ServerMetrics: Sendable {
    /// The metric names, prefixed so that they do not mix with another program's.
    enum Name: String {
        case requests = "moodtui_http_requests_total"
        case requestDuration = "moodtui_http_request_duration_seconds"
        case webSockets = "moodtui_websockets_connected"
        case pushes = "moodtui_pushes_sent_total"
        case batchSize = "moodtui_write_batch_size"
        case databaseCallsInFlight = "moodtui_database_calls_in_flight"
        case databasePoolSize = "moodtui_database_pool_size"
        case databaseCallDuration = "moodtui_database_call_duration_seconds"
    }

    /// What a write request carried.
    public enum BatchKind: String, Sendable {
        case moods, deletions
    }

    /// Why a push went out.
    public enum PushSource: String, Sendable {
        /// A write through this instance.
        case local
        /// A write another instance announced.
        case relayed
        /// This instance listens to the others again after a lost connection, and tells every
        /// socket its account's latest token in case it missed an announcement meanwhile.
        case catchUp = "catch_up"
    }

    private let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let webSockets: Meter
    private let databaseCallsInFlight: Meter

    public init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        // Most answers take a millisecond or two: finer buckets at the low end than the default.
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(10),
        ]
        factory.valueHistogramBuckets[Name.batchSize.rawValue] = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000]
        self.factory = factory
        webSockets = Meter(label: Name.webSockets.rawValue, factory: factory)
        databaseCallsInFlight = Meter(label: Name.databaseCallsInFlight.rawValue, factory: factory)
    }

    /// Counts and times one answered request. `route` is the router's template
    /// (`/v1/devices/{id}`), never the path a client sent.
    func requestAnswered(route: String, method: HTTPRequest.Method, status: HTTPResponse.Status, duration: Duration) {
        let dimensions = [("route", route), ("method", method.rawValue), ("status", String(status.code))]
        Counter(label: Name.requests.rawValue, dimensions: dimensions, factory: factory).increment()
        Timer(label: Name.requestDuration.rawValue, dimensions: dimensions, factory: factory).recordNanoseconds(Self.nanoseconds(duration))
    }

    func webSocketOpened() { webSockets.increment() }

    func webSocketClosed() { webSockets.decrement() }

    /// Counts the push messages handed to sockets.
    func pushesSent(_ count: Int, source: PushSource) {
        guard count > 0 else { return }
        Counter(label: Name.pushes.rawValue, dimensions: [("source", source.rawValue)], factory: factory).increment(by: count)
    }

    /// Records how many moods or ids one write request carried.
    func batchReceived(_ kind: BatchKind, count: Int) {
        Recorder(label: Name.batchSize.rawValue, dimensions: [("kind", kind.rawValue)], aggregate: true, factory: factory)
            .record(count)
    }

    /// Says how many calls the storage can serve at once (its pool of connections).
    func databasePool(size: Int) {
        Meter(label: Name.databasePoolSize.rawValue, factory: factory).set(size)
    }

    /// Runs one storage call, counted in flight while it runs (calls in flight above the pool's
    /// size wait for a connection) and timed by `operation`.
    func databaseCall<Result>(_ operation: StorageOperation, _ body: () async throws -> Result) async rethrows -> Result {
        databaseCallsInFlight.increment()
        let started = ContinuousClock.now
        defer {
            databaseCallsInFlight.decrement()
            Timer(label: Name.databaseCallDuration.rawValue, dimensions: [("operation", operation.rawValue)], factory: factory)
                .recordNanoseconds(Self.nanoseconds(ContinuousClock.now - started))
        }
        return try await body()
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 { Int64(duration.timeInterval * 1e9) }

    /// The Prometheus text exposition of everything recorded so far.
    func exposition() -> [UInt8] {
        var bytes: [UInt8] = []
        registry.emit(into: &bytes)
        return bytes
    }
}
