import AppTesting
import Foundation
import HummingbirdTesting
import LocalProcesses
import SyncProtocol
import Synchronization
import Testing

/// The real `moodtui serve` and `moodtui account` binaries, as a person runs them.
@Suite(.serialized, .hangGuard, .ownThread) struct ServeCommandTests {
    let data = StorageBackEnd.temporaryFolder().appendingPathComponent("server")

    private func account(_ arguments: String...) throws -> ProcessResult {
        try ProcessResult.moodtui(["account"] + arguments + ["--data", data.path])
    }

    private func addDevice(_ name: String) throws -> String {
        let result = try account("add", name)
        try #require(result.status == 0, "\(result.standardError)")
        return try #require(result.standardOutput.split(separator: "\n").last.map(String.init))
    }

    private func withClient<T: Sendable>(_ server: ServerProcess, token: String, _ body: @escaping @Sendable (APIClient) async throws -> T)
        async throws -> T
    {
        try await TestClient.withClient(host: "127.0.0.1", port: server.port) { client in
            try await body(APIClient(client, token: token))
        }
    }

    @Test func theChangeLogAndTokensSurviveARestartAfterSIGTERM() async throws {
        let token = try addDevice("alice")
        let first = try await ServerProcess.start(data: data)
        let mood = Fixtures.upload(note: "before the restart")
        let (saved, oldToken) = try await withClient(first, token: token) { client in
            let saved = try await client.upload([mood])
            return (saved, try await client.changes().token)
        }
        let subscription = PushTests.Subscription(host: "127.0.0.1", port: first.port, token: token, device: "watcher")
        #expect(await waitUntil { subscription.connected })
        #expect(await first.stop(SIGTERM) == 0)
        // The socket was closed by the server, not left hanging.
        #expect(await waitUntil { subscription.finished })

        let second = try await ServerProcess.start(data: data)
        try await withClient(second, token: token) { client in
            #expect(try await client.changes(since: oldToken).changes.isEmpty)
            let all = try await client.changes()
            #expect(all.changes.map(\.id) == [mood.id])
            #expect(all.token == oldToken)
            #expect(try await client.upload([mood]).saved == saved.saved)
        }
        #expect(await second.stop() == 0)
    }

    @Test func accountCommandsWorkWhileTheServerRuns() async throws {
        let phone = try addDevice("alice")
        let server = try await ServerProcess.start(data: data)
        let laptop = try addDevice("alice")
        #expect(phone != laptop)
        try await withClient(server, token: laptop) { client in _ = try await client.upload([Fixtures.upload()]) }
        let list = try account("list")
        #expect(list.standardOutput.contains("alice\tdevices: 2\tmoods: 1"))
        let revoked = try account("revoke", laptop)
        #expect(revoked.status == 0)
        #expect(revoked.standardOutput.contains("Revoked one device token of account alice"))
        let revokedStatus = try await withClient(server, token: laptop) { try await $0.raw(.get, SyncEndpoint.changes).status }
        #expect(revokedStatus == .unauthorized)
        let keptStatus = try await withClient(server, token: phone) { try await $0.raw(.get, SyncEndpoint.changes).status }
        #expect(keptStatus == .ok)
        #expect(try account("revoke", "alice").standardOutput.contains("Revoked 1 device token of account alice"))
        let unknown = try account("revoke", "nobody")
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("no device token or account matches 'nobody'"))
        #expect(await server.stop() == 0)
    }

    @Test func anInterruptAlsoStopsTheServerCleanly() async throws {
        let server = try await ServerProcess.start(data: data)
        #expect(await server.stop(SIGINT) == 0)
    }

    /// A device's push socket that stops answering (a laptop asleep with its connection open):
    /// SIGTERM's close frame went unanswered, and the server never stopped.
    @Test func aPushSocketThatNeverAnswersDoesNotKeepTheServerFromStopping() async throws {
        let token = try addDevice("alice")
        let server = try await ServerProcess.start(data: data, arguments: ["--ping-interval", "2"])
        let silent = try RawConnection(port: server.port)
        try silent.send(WebSocketHandshake.request(token: token))
        #expect(await waitUntil { silent.readAvailable() || silent.bytes.count >= 12 })
        try #require(String(decoding: silent.bytes.prefix(12), as: UTF8.self) == "HTTP/1.1 101")
        #expect(await server.stop(SIGTERM, upTo: .seconds(30)) == 0, "\((try? String(contentsOf: server.errorLog, encoding: .utf8)) ?? "")")
        #expect(await silent.waitUntilClosed())
    }

    /// The WebSocket frames the server sent after its 101 answer, as pings counted: an idle push
    /// socket receives nothing else.
    private func pingsReceived(_ connection: RawConnection) -> Int {
        let bytes = connection.bytes
        guard let head = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return 0 }
        let frames = bytes[head.upperBound...]
        return frames.indices.dropLast().filter { frames[$0] == 0x89 && frames[$0 + 1] == 0x00 }.count
    }

    @Test func aPushSocketThatStopsAnsweringPingsIsClosed() async throws {
        let token = try addDevice("alice")
        let server = try await ServerProcess.start(data: data, arguments: ["--ping-interval", "1"])
        let silent = try RawConnection(port: server.port)
        try silent.send(WebSocketHandshake.request(token: token))
        #expect(await silent.waitUntilClosed(), "dropped once a ping went unanswered for an interval")
        #expect(String(decoding: silent.bytes.prefix(12), as: UTF8.self) == "HTTP/1.1 101")
        #expect(pingsReceived(silent) == 1)
        #expect(await server.stop(SIGTERM) == 0)
    }

    @Test func aPushSocketThatAnswersPingsStaysOpen() async throws {
        let token = try addDevice("alice")
        let server = try await ServerProcess.start(data: data, arguments: ["--ping-interval", "1"])
        let socket = try RawConnection(port: server.port)
        try socket.send(WebSocketHandshake.request(token: token))
        let answered = Mutex(0)
        // A masked pong with no payload, as a client sends it.
        let pong: [UInt8] = [0x8A, 0x80, 0x12, 0x34, 0x56, 0x78]
        let outlivedThreePings = await waitUntil {
            guard !socket.readAvailable() else { return true }  // closed: the expectation below fails
            let pings = pingsReceived(socket)
            while answered.withLock({ $0 }) < pings {
                try socket.send(bytes: pong)
                answered.withLock { $0 += 1 }
            }
            return pings >= 4
        }
        #expect(outlivedThreePings)
        #expect(!socket.readAvailable(), "still open after four pings answered")
        #expect(await server.stop(SIGTERM) == 0)
    }

    @Test func anInvalidAccountNameIsRefused() throws {
        let result = try account("add", "no spaces please")
        #expect(result.status != 0)
        #expect(result.standardError.contains("invalid account name"))
    }

    @Test func aDeviceLabelThatCouldSteerATerminalIsRefusedAndAGoodOneIsShown() throws {
        let steering = try account("add", "alice", "--device", "lap\u{1B}]0;owned\u{7}top")
        #expect(steering.status != 0)
        #expect(steering.standardError.contains("invalid --device: a device name cannot hold the control or format character U+001B"), "\(steering.standardError)")
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("server.sqlite").path), "nothing was made")
        let named = try account("add", "alice", "--device", " work laptop ")
        #expect(named.status == 0)
        #expect(named.standardOutput.hasPrefix("New device token for account alice (work laptop) (shown once"), "\(named.standardOutput)")
    }

    /// A busy port said only "bind(descriptor:ptr:bytes:): Address already in use".
    @Test func portZeroTakesAFreePortAndSaysWhichOne() async throws {
        let token = try addDevice("alice")
        let server = try await ServerProcess.start(data: data, arguments: ["--port", "0"])  // the last --port wins
        #expect(server.port > 0)
        let changes = try await withClient(server, token: token) { client in try await client.changes().changes }
        #expect(changes.isEmpty)
        #expect(await server.stop(SIGTERM) == 0)
    }

    @Test func aPortTakenByAnotherProgramIsNamedWithHowToPickAnother() async throws {
        let first = try await ServerProcess.start(data: data)
        let second = try ProcessResult.moodtui(["serve", "--port", String(first.port), "--data", data.path + "-second"])
        #expect(second.status == 1)
        #expect(second.standardError.hasSuffix(
            "moodtui: port \(first.port) on 127.0.0.1 is taken by another program; pick another with --port N (--port 0 takes any free one)\n"),
            "\(second.standardError)")
        #expect(await first.stop(SIGTERM) == 0)
    }
}
