import AppTesting
import Foundation
import MoodServer
import SyncProtocol
import Testing

/// Logs, at every level, never show a device token or a change token.
@Suite(.hangGuard) struct LogPrivacyTests {
    @Test func noDeviceTokenOrChangeTokenAppearsInTheLogsAtAnyLevel() async throws {
        let logs = CapturedLogs()
        let (secrets, records) = try await TestServer.run(.sqlite, over: .socket, logs: logs) { server in
            let phone = PushTests.Subscription(host: "127.0.0.1", port: server.port, token: server.aliceToken, device: "phone")
            #expect(await waitUntil { server.hub.count == 1 })
            let laptop = server.alice(device: "laptop")
            let first = try await laptop.upload([Fixtures.upload(note: "private")])
            let page = try await laptop.changes(since: first.token, limit: 5)
            #expect(await waitUntil { phone.messages.count == 1 })
            _ = try await server.anonymous.raw(.get, SyncEndpoint.changes + "?since=\(page.token.rawValue)", headers: [.authorization: "Bearer mt_guess"])
            _ = try await server.bob().raw(.get, SyncEndpoint.changes + "?since=\(first.token.rawValue)")
            phone.task.cancel()
            #expect(await waitUntil { server.hub.count == 0 })
            return ([server.aliceToken, server.bobToken, "mt_guess", first.token.rawValue, page.token.rawValue], logs.all)
        }
        #expect(records.contains { $0.text.contains(SyncEndpoint.changes) }, "requests are logged")
        for secret in secrets {
            let leaks = records.filter { $0.text.contains(secret) }
            #expect(leaks.isEmpty, "\(secret.prefix(8))… in \(leaks)")
        }
    }
}
