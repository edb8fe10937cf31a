import AppTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import MoodServer
import ServerStorage
import SyncProtocol
import Testing

/// `GET /metrics`: what an operator watches the server by, and the request id that ties a
/// client's failure to the server's log.
@Suite(.hangGuard) struct MetricsTests {
    @Test func requestsAreCountedByRouteTemplateMethodAndStatusWithTheirBatchSizesAndDatabaseCalls() async throws {
        try await Self.throughTheRouter { alice, anonymous, scrape in
            let moods = (0..<3).map { Fixtures.upload(note: "mood \($0)") }
            _ = try await alice.upload(moods)
            _ = try await alice.delete(Array(moods.prefix(2).map(\.id)))
            #expect(try await anonymous.raw(.get, SyncEndpoint.changes).status == .unauthorized)
            #expect(try await anonymous.raw(.get, "/wp-admin/\(UUID())").status == .notFound)
            #expect(try await alice.raw(.delete, SyncEndpoint.devices + "/" + String(repeating: "ab", count: DeviceTokenID.byteCount)).status == .notFound)

            let metrics = try await scrape()
            #expect(metrics[#"moodtui_http_requests_total{route="/v1/moods",method="POST",status="200"}"#] == 1)
            #expect(metrics[#"moodtui_http_requests_total{route="/v1/deletions",method="POST",status="200"}"#] == 1)
            #expect(metrics[#"moodtui_http_requests_total{route="/v1/changes",method="GET",status="401"}"#] == 1)
            // Paths no route matched share one series; a matched path is named by its template.
            #expect(metrics[#"moodtui_http_requests_total{route="unmatched",method="GET",status="404"}"#] == 1)
            #expect(metrics[#"moodtui_http_requests_total{route="/v1/devices/{id}",method="DELETE",status="404"}"#] == 1)
            #expect(!metrics.text.contains("wp-admin"))
            #expect(metrics[#"moodtui_http_request_duration_seconds_count{route="/v1/moods",method="POST",status="200"}"#] == 1)
            #expect(metrics[#"moodtui_write_batch_size_sum{kind="moods"}"#] == 3)
            #expect(metrics[#"moodtui_write_batch_size_bucket{kind="deletions",le="2.0"}"#] == 1)
            #expect(metrics[#"moodtui_write_batch_size_bucket{kind="deletions",le="1.0"}"#] == 0)
            #expect(metrics[#"moodtui_database_call_duration_seconds_count{operation="upsert"}"#] == 1)
            #expect(metrics.total("moodtui_database_call_duration_seconds_count", where: #"operation="account""#) >= 3)
            #expect(metrics["moodtui_database_calls_in_flight"] == 0)
            #expect((metrics["moodtui_database_pool_size"] ?? 0) >= 1)
        }
    }

    @Test func everyAnswerCarriesItsOwnRequestIdWhichTheServersLogLineNames() async throws {
        let logs = CapturedLogs()
        try await TestServer.run(.sqlite, logs: logs) { server in
            let success = try await server.alice().raw(.get, SyncEndpoint.changes)
            let refusal = try await server.anonymous.raw(.get, SyncEndpoint.changes)
            #expect(success.status == .ok && refusal.status == .unauthorized)
            let ids = try [success, refusal].map { try #require($0.headers[HTTPField.Name(SyncEndpoint.requestIDHeader)!]) }
            #expect(Set(ids).count == 2)
            for (id, status) in zip(ids, ["200", "401"]) {
                let lines = logs.all.filter { $0.text.contains(id) && $0.text.contains("request") }
                #expect(lines.contains { $0.text.contains("status=\(status)") && $0.text.contains("route=/v1/changes") }, "\(lines)")
            }
        }
    }

    @Test func theMetricsAndHealthRoutesNeedNoTokenNoVersionAndNoRateAllowance() async throws {
        let clock = RateLimitTests.ManualClock()
        try await TestServer.run(.sqlite, over: .socket, rateLimits: RateLimits(perToken: 1, perAddress: 1), rateClock: clock.now) { server in
            var operatorTool = server.anonymous
            operatorTool.protocolVersion = nil
            for _ in 0..<5 {
                #expect(try await operatorTool.raw(.get, SyncEndpoint.metrics).status == .ok)
                #expect(try await operatorTool.raw(.get, SyncEndpoint.health).status == .ok)
            }
            let scraped = try await operatorTool.raw(.get, SyncEndpoint.metrics)
            #expect(scraped.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            #expect(MetricsScrape(String(decoding: scraped.body, as: UTF8.self))[#"moodtui_http_requests_total{route="/healthz",method="GET",status="200"}"#] == 5)
        }
    }

    @Test(arguments: [StorageBackEnd.sqlite, .postgres])
    func connectedSocketsAndThePushesSentToThemAreCounted(_ backEnd: StorageBackEnd) async throws {
        try await TestServer.run(backEnd, over: .socket) { server in
            let scrape: @Sendable () async throws -> MetricsScrape = { MetricsScrape(String(decoding: try await server.anonymous.raw(.get, SyncEndpoint.metrics).body, as: UTF8.self)) }
            let phone = PushTests.Subscription(port: server.port, token: server.aliceToken, device: "phone")
            let tablet = PushTests.Subscription(port: server.port, token: server.aliceToken, device: "tablet")
            #expect(await waitUntil { try await scrape()["moodtui_websockets_connected"] == 2 }, "both sockets counted")
            _ = try await server.alice(device: "laptop").upload([Fixtures.upload(note: "pushed twice")])
            #expect(await waitUntil { phone.messages.count == 1 && tablet.messages.count == 1 }, "both pushes sent")
            #expect(try await scrape()[#"moodtui_pushes_sent_total{source="local"}"#] == 2)
            phone.task.cancel()
            tablet.task.cancel()
            #expect(await waitUntil { try await scrape()["moodtui_websockets_connected"] == 0 }, "the closed sockets no longer counted")
        }
    }

    /// Runs `body` against the router in process (no sockets), with Alice's device, a client
    /// without a token, and a scrape of the router's metrics.
    private static func throughTheRouter(
        _ body: @Sendable (APIClient, APIClient, @Sendable () async throws -> MetricsScrape) async throws -> Void
    ) async throws {
        let storage = try await StorageBackEnd.sqlite.make()
        let token = DeviceToken.generate()
        _ = try await storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(token))
        var logger = Logger(label: "metrics-test")
        logger.logLevel = .critical
        let router = SyncServer.makeRouter(storage: storage, hub: PushHub(), rateLimits: TestServer.unlimited, exposingMetrics: true)
        try await Application(router: router, logger: logger).test(.router) { client in
            let anonymous = APIClient(client, token: nil)
            try await body(APIClient(client, token: token), anonymous) {
                MetricsScrape(String(decoding: try await anonymous.raw(.get, SyncEndpoint.metrics).body, as: UTF8.self))
            }
        }
    }
}
