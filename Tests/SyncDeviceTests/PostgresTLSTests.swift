import AppTesting
import Foundation
import LocalProcesses
import Testing

/// `--database postgres://…?sslmode=…` against a real PostgreSQL cluster that takes TLS with a
/// certificate made in the test by a private authority.
@Suite(.serialized, .hangGuard, .ownThread) struct PostgresTLSTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-pg-tls-\(UUID().uuidString)")

    @Test func theServersConnectionsAreEncryptedAndVerifiedAsTheURLSays() async throws {
        let certificates = try TestCertificates(in: folder)
        let cluster = try PostgresCluster.start(tls: certificates)
        defer { try? cluster.stop() }
        let plain = try cluster.makeDatabase()
        let database = String(plain.split(separator: "/").last!)
        let onLocalhost = plain.replacingOccurrences(of: "@127.0.0.1:", with: "@localhost:")  // the name the certificate carries

        let verified = try ProcessResult.moodtui(["account", "add", "alice", "--database", "\(onLocalhost)?sslmode=verify-full&sslrootcert=\(certificates.authority)"])
        #expect(verified.status == 0, "\(verified.standardError)")

        let untrusted = try ProcessResult.moodtui(["account", "list", "--database", "\(onLocalhost)?sslmode=verify-full"])
        #expect(untrusted.status == 1, "the system's authorities do not know the test's")
        #expect(untrusted.standardError.contains("the database's certificate is not from an authority this server trusts"), "\(untrusted.standardError)")

        let server = try await ServerProcess.start(database: "\(plain)?sslmode=require")
        let laptop = try await LiveDevice(server: server, named: "laptop")
        _ = try laptop.add("through an encrypted pool")
        try await laptop.syncOnce()
        let encrypted = try cluster.query(
            "SELECT count(*) FILTER (WHERE s.ssl), count(*) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.datname = '\(database)'",
            database: "postgres")
        let counts = encrypted.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|")
        #expect(counts.count == 2 && counts[0] == counts[1] && counts[0] != "0", "every connection of the server's is encrypted: \(encrypted)")
        #expect(await server.stop() == 0)

        let refused = try ProcessResult.moodtui(["account", "list", "--database", "\(plain)?sslmode=allow"])
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("sslmode=allow is not one this server takes: disable, require or verify-full"), "\(refused.standardError)")
    }
}
