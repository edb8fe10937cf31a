import AppTesting
import Foundation
import HummingbirdTesting
import LocalProcesses
import MoodServer
import PostgresServerStorage
import SyncProtocol
import Testing

/// Several `moodtui serve` processes on one PostgreSQL database: a socket on one instance hears
/// of a write through another, and not the writer's own socket; and the `--database` URL is read
/// strictly, never echoing a password.
@Suite(.hangGuard, .ownThread) struct PostgresInstancesTests {
    @Test func aSocketOnOneInstanceHearsOfAWriteThroughAnotherButTheWritersOwnDoesNot() async throws {
        let database = try PostgresCluster.shared().makeDatabase()
        let first = try await ServerProcess.start(database: database)
        let second = try await ServerProcess.start(database: database, arguments: ["--metrics"])
        let token = try first.addDevice("alice")
        let phone = PushTests.Subscription(host: "127.0.0.1", port: second.port, token: token, device: "phone")
        let laptop = PushTests.Subscription(host: "127.0.0.1", port: second.port, token: token, device: "laptop")
        #expect(await waitUntil { phone.connected && laptop.connected })

        let saved = try await TestClient.withClient(host: "127.0.0.1", port: first.port) { client in
            try await APIClient(client, token: token, device: "laptop").upload([Fixtures.upload(note: "through instance 1")])
        }
        #expect(await waitUntil { phone.messages.count == 1 }, "the socket on instance 2 never heard")
        #expect(phone.messages.first?.token == saved.token)
        #expect(laptop.messages.isEmpty, "the writer's own socket is not told of its write")
        let relayed = try await TestClient.withClient(host: "127.0.0.1", port: second.port) { client in
            MetricsScrape(String(decoding: try await APIClient(client, token: nil).raw(.get, SyncEndpoint.metrics).body, as: UTF8.self))
        }
        #expect(relayed[#"moodtui_pushes_sent_total{source="relayed"}"#] == 1, "instance 2 counts the push it relayed")
        phone.task.cancel()
        laptop.task.cancel()
        #expect(await first.stop() == 0)
        #expect(await second.stop() == 0)
    }

    @Test func anInstanceWhoseListeningConnectionWasCutPushesItsSocketsOnceItListensAgain() async throws {
        let cluster = try PostgresCluster.shared()
        let database = try cluster.makeDatabase()
        let name = try #require(database.split(separator: "/").last.map(String.init))
        let server = try await ServerProcess.start(database: database)
        let token = try server.addDevice("alice")
        let saved = try await TestClient.withClient(host: "127.0.0.1", port: server.port) { client in
            try await APIClient(client, token: token, device: "laptop").upload([Fixtures.upload(note: "before the cut")])
        }
        let phone = PushTests.Subscription(host: "127.0.0.1", port: server.port, token: token, device: "phone")
        #expect(await waitUntil { phone.connected })

        let listening = "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(name)' AND query LIKE 'LISTEN \"moodtui_changed\"%'"
        #expect(await waitUntil { try cluster.query(listening, database: name) == "1\n" }, "the instance never listened")
        // What another instance announced meanwhile never reaches a session that was not listening.
        let cut = try cluster.query(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '\(name)' AND query LIKE 'LISTEN%'", database: name)
        #expect(cut != "0\n", "no listening connection to cut")
        #expect(await waitUntil { phone.messages.contains { $0.token == saved.token } }, "the socket was not told to fetch")
        phone.task.cancel()
        #expect(await server.stop() == 0)
    }

    @Test func aPostgresURLIsReadStrictlyAndNeverRepeatsItsPassword() throws {
        let full = try #require(try PostgresAddress("postgresql://moods:s%2Fcr%40t@[::1]:6543/journal"))
        #expect(full.host == "::1" && full.port == 6543 && full.user == "moods" && full.password == "s/cr@t" && full.database == "journal")
        #expect(full.description == "postgres://moods@::1:6543/journal")
        #expect(try PostgresAddress("postgres://moods@db/journal")?.port == 5432)
        #expect(try PostgresAddress("/srv/moodtui/server.sqlite") == nil, "a path is a SQLite file")
        #expect(throws: PostgresAddressError.unreadable) { try PostgresAddress("postgres://moods:s/cr#t@db/journal") }
        #expect(try PostgresAddress("postgres://moods@db/journal")?.tls == .disable)
        #expect(try PostgresAddress("postgres://moods@db/journal?sslmode=require")?.tls == .require)
        #expect(try PostgresAddress("postgres://moods@db/journal?sslmode=verify-full&sslrootcert=/etc/ca.pem")?.tls == .verifyFull(rootCertificate: "/etc/ca.pem"))
        #expect(throws: PostgresAddressError.sslMode("prefer")) { try PostgresAddress("postgres://moods@db/journal?sslmode=prefer") }
        #expect(throws: PostgresAddressError.options) { try PostgresAddress("postgres://moods@db/journal?application_name=x") }
        #expect(throws: PostgresAddressError.options) { try PostgresAddress("postgres://moods@db/journal?sslmode=require&sslrootcert=/etc/ca.pem") }
        #expect(throws: PostgresAddressError.missing("a user")) { try PostgresAddress("postgres://db/journal") }
        #expect(throws: PostgresAddressError.missing("a database name")) { try PostgresAddress("postgres://moods@db") }

        let refused = try ProcessResult.moodtui(["account", "list", "--database", "postgres://moods:hunter2/x@db/journal"])
        #expect(refused.status == 64)
        #expect(!refused.standardError.contains("hunter2"), "\(refused.standardError)")
    }
}
