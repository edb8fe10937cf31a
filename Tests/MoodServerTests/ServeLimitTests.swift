import AppTesting
import Foundation
import HummingbirdTesting
import LocalProcesses
import NIOWebSocket
import SyncProtocol
import Testing

/// `moodtui serve`'s own part of the limits: the open-file limit it raises at start, the caps it
/// keeps below it, the options that set the timeouts, and sockets that follow their token when
/// `moodtui account revoke` runs beside it.
@Suite(.serialized, .hangGuard, .ownThread) struct ServeLimitTests {
    let data = StorageBackEnd.temporaryFolder().appendingPathComponent("server")

    private func openFiles(of server: ServerProcess) throws -> (soft: Int, hard: Int) {
        let limits = try String(contentsOfFile: "/proc/\(server.pid)/limits", encoding: .utf8)
        let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        return (numbers[0], numbers[1])
    }

    @Test func serveRaisesItsOpenFileLimitToTheHardLimit() async throws {
        let server = try await ServerProcess.start(data: data, openFiles: (soft: 256, hard: 4_096))
        let limits = try openFiles(of: server)
        #expect(limits.soft == 4_096)
        #expect(limits.hard == 4_096)
        #expect(await server.stop() == 0)
    }

    @Test func atItsFileLimitServeRefusesCleanlyAndServesAgainOnceConnectionsClose() async throws {
        // 200 descriptors leave room for 64 served connections and 64 being refused (see ConnectionCapacity).
        let server = try await ServerProcess.start(
            data: data, arguments: ["--idle-timeout", "3", "--max-connections-per-address", "1000"], openFiles: (soft: 200, hard: 200))
        let crowd = try (0..<160).map { _ in try RawConnection(port: server.port, from: "127.0.0.2") }
        // Past the cap, connections are answered 503 (or wait in the backlog): never left hanging.
        #expect(await waitUntil { crowd.filter { $0.readAvailable() }.count == crowd.count })
        let refusals = crowd.compactMap { RawResponse($0.bytes) }
        #expect(!refusals.isEmpty)
        #expect(refusals.allSatisfy { $0.status == 503 && $0.isComplete && $0.error?.error == "server_busy" })
        let status = try await TestClient.withClient(host: "127.0.0.1", port: server.port) { client in
            try await APIClient(client, token: nil).raw(.get, "/healthz").status
        }
        #expect(status == .ok)
        #expect(await server.stop() == 0)
        let log = try String(contentsOf: server.errorLog, encoding: .utf8)
        #expect(!log.contains(" error "), "\(log)")
    }

    @Test func revokingATokenWithTheAccountCommandClosesItsSocketWith1008WhileAnotherStaysOpen() async throws {
        let server = try await ServerProcess.start(data: data)
        let phone = try server.addDevice("alice"), laptop = try server.addDevice("alice"), tablet = try server.addDevice("alice")
        let phoneSocket = PushTests.Subscription(host: "127.0.0.1", port: server.port, token: phone, device: "phone")
        let laptopSocket = PushTests.Subscription(host: "127.0.0.1", port: server.port, token: laptop, device: "laptop")
        #expect(await waitUntil { phoneSocket.connected && laptopSocket.connected })

        let revoked = try ProcessResult.moodtui(["account", "revoke", laptop, "--data", data.path])
        #expect(revoked.status == 0)
        #expect(await waitUntil { laptopSocket.finished })
        #expect(laptopSocket.closeCode == .policyViolation)
        #expect(!phoneSocket.finished)
        try await TestClient.withClient(host: "127.0.0.1", port: server.port) { client in
            _ = try await APIClient(client, token: tablet, device: "tablet").upload([Fixtures.upload(note: "after the revocation")])
        }
        #expect(await waitUntil { phoneSocket.messages.count == 1 })

        #expect(try ProcessResult.moodtui(["account", "revoke", "alice", "--data", data.path]).status == 0)
        #expect(await waitUntil { phoneSocket.finished })
        #expect(phoneSocket.closeCode == .policyViolation)
        #expect(await server.stop() == 0)
    }
}
