import AppTesting
import Foundation
import LocalProcesses
import Logging
import MoodSync
import Synchronization
import SyncProtocol
import Testing

/// `moodtui serve --tls-cert --tls-key` with a certificate made in the test by a private
/// authority, and the app's own HTTP client and push socket talking to it over HTTPS and WSS.
@Suite(.serialized, .hangGuard, .ownThread) struct TLSTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-tls-\(UUID().uuidString)")
    var laptop: String { folder.appendingPathComponent("laptop.sqlite").path }

    private func startServer(_ certificates: TestCertificates) async throws -> ServerProcess {
        try await ServerProcess.start(data: folder.appendingPathComponent("server"), arguments: ["--tls-cert", certificates.chain, "--tls-key", certificates.key])
    }

    private func tokenFile(_ server: ServerProcess) throws -> String {
        let file = folder.appendingPathComponent("token-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: file.path, contents: Data(try server.addDevice("alice").utf8), attributes: [.posixPermissions: 0o600])
        else { throw SetupError("cannot write \(file.path)") }
        return file.path
    }

    @Test func devicesSyncAndHearPushesOverHTTPSAndWSSWithAPrivateAuthority() async throws {
        let certificates = try TestCertificates(in: folder.appendingPathComponent("certificates"))
        let server = try await startServer(certificates)
        let login = try ProcessResult.moodtui([
            "login", server.secureURL.absoluteString, "--token-file", try tokenFile(server), "--ca-file", certificates.authority, "--journal", laptop,
        ])
        #expect(login.status == 0, "\(login.standardError)")

        let authority = try String(contentsOfFile: certificates.authority, encoding: .utf8)
        let phoneToken = try String(contentsOfFile: try tokenFile(server), encoding: .utf8)
        let phone = HTTPMoodRemote(
            account: SyncAccount(server: server.secureURL, token: phoneToken, trust: ServerTrust(certificateAuthority: authority)),
            deviceID: "phone", logger: Logger(label: "test"))
        #expect(try await phone.accountInfo().name == "alice", "HTTPS with the app's client")
        let pushes = PushCount()
        let listener = Task { try await phone.listenForPushes(connected: { pushes.connected() }, pushed: { pushes.pushed() }) }
        defer { listener.cancel() }
        #expect(await waitUntil { pushes.isConnected }, "the push socket opens over WSS")

        #expect(try ProcessResult.moodtui(["add", "--journal", laptop, "--level", "good", "--note", "over TLS"]).status == 0)
        let sync = try ProcessResult.moodtui(["sync", "--once", "--journal", laptop])
        #expect(sync.status == 0, "\(sync.standardError)")
        #expect(await waitUntil { pushes.count >= 1 }, "the laptop's upload reaches the phone as a push")
        #expect(try await phone.changes(since: nil, limit: 10).changes.count == 1)
        await server.stop()
    }

    @Test func aCertificateFromAnAuthorityTheDeviceDoesNotTrustIsRefused() async throws {
        let certificates = try TestCertificates(in: folder.appendingPathComponent("certificates"))
        let stranger = try TestCertificates(in: folder.appendingPathComponent("stranger"), authorityName: "someone else's CA")
        let server = try await startServer(certificates)
        for trust in [[], ["--ca-file", stranger.authority]] {
            let login = try ProcessResult.moodtui(
                ["login", server.secureURL.absoluteString, "--token-file", try tokenFile(server), "--journal", laptop] + trust)
            #expect(login.status == 1)
            #expect(login.standardError.contains("the secure connection failed"), "\(login.standardError)")
            #expect(login.standardError.contains("log in with --ca-file FILE"))
        }
        await server.stop()
    }

    @Test func certificateFilesThatDoNotLoadAreNamedInWords() throws {
        let certificates = try TestCertificates(in: folder.appendingPathComponent("certificates"))
        let missing = folder.appendingPathComponent("missing.pem").path
        let cases: [([String], String)] = [
            (["--tls-cert", missing, "--tls-key", certificates.key], "cannot read the certificate \(missing): it does not exist"),
            (["--tls-cert", certificates.chain, "--tls-key", missing], "cannot read the private key \(missing): it does not exist"),
            (["--tls-cert", certificates.key, "--tls-key", certificates.key], "cannot read the certificate \(certificates.key): not a certificate"),
        ]
        for (arguments, words) in cases {
            let serve = try ProcessResult.moodtui(["serve", "--port", "0", "--data", folder.appendingPathComponent("server").path] + arguments)
            #expect(serve.status == 1)
            #expect(serve.standardError.contains(words), "\(serve.standardError)")
        }
    }

    @Test func plainHTTPToAnotherMachineIsRefusedBeforeAnythingIsSent() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let token = folder.appendingPathComponent("token").path
        #expect(FileManager.default.createFile(atPath: token, contents: Data("t".utf8), attributes: [.posixPermissions: 0o600]))
        // 192.0.2.0/24 is set aside for documentation: nothing is sent there, the refusal comes first.
        let login = try ProcessResult.moodtui(["login", "http://192.0.2.10:8080", "--token-file", token, "--journal", laptop])
        #expect(login.status == 1)
        #expect(login.standardError.contains("not logged in: http://192.0.2.10:8080 is plain HTTP to another machine"), "\(login.standardError)")
        #expect(login.standardError.contains("log in with --insecure"))

        let remote = HTTPMoodRemote(
            account: SyncAccount(server: URL(string: "http://192.0.2.10:8080")!, token: "t"), deviceID: "laptop", logger: Logger(label: "test"))
        await #expect {
            _ = try await remote.accountInfo()
        } throws: { error in
            guard case RemoteError.untrustedServer(let words) = error else { return false }
            return words.contains("plain HTTP to another machine")
        }
    }
    @Test func sighupServesARenewedCertificateAndKeepsTheOldOneWhenTheNewFilesDoNotLoad() async throws {
        let first = try TestCertificates(in: folder.appendingPathComponent("first"))
        let served = folder.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        let (chain, key) = (served.appendingPathComponent("chain.pem").path, served.appendingPathComponent("key.pem").path)
        func serve(_ certificates: TestCertificates) throws {
            for (from, to) in [(certificates.chain, chain), (certificates.key, key)] {
                try? FileManager.default.removeItem(atPath: to)
                try FileManager.default.copyItem(atPath: from, toPath: to)
            }
        }
        try serve(first)
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"), arguments: ["--tls-cert", chain, "--tls-key", key])
        /// Whether a new process, trusting only `certificates`' authority, logs in (as the first
        /// device of an account of its own): a new connection.
        func answers(trusting certificates: TestCertificates) throws -> Bool {
            let name = "person\(UUID().uuidString.prefix(8))"
            let token = folder.appendingPathComponent("token-\(name)")
            #expect(FileManager.default.createFile(atPath: token.path, contents: Data(try server.addDevice(name).utf8), attributes: [.posixPermissions: 0o600]))
            let journal = folder.appendingPathComponent("\(name).sqlite").path
            let login = try ProcessResult.moodtui(
                ["login", server.secureURL.absoluteString, "--token-file", token.path, "--ca-file", certificates.authority, "--journal", journal])
            return login.status == 0
        }
        #expect(try answers(trusting: first))

        let renewed = try TestCertificates(in: folder.appendingPathComponent("renewed"), authorityName: "the renewed CA")
        try serve(renewed)
        kill(server.pid, SIGHUP)
        #expect(await waitUntil { server.output.contains("moodtui serve loaded its certificate again") })
        #expect(try answers(trusting: renewed), "new connections get the renewed certificate")
        #expect(try !answers(trusting: first))

        try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: chain))
        kill(server.pid, SIGHUP)
        #expect(await waitUntil { ((try? String(contentsOf: server.errorLog, encoding: .utf8)) ?? "").contains("kept the certificate it serves") })
        #expect(try answers(trusting: renewed), "a file that does not load leaves the served certificate in place")
        #expect(await server.stop() == 0)
    }
}

/// What a push listener heard.
private final class PushCount: Sendable {
    private let state = Mutex((connected: false, pushes: 0))
    func connected() { state.withLock { $0.connected = true } }
    func pushed() { state.withLock { $0.pushes += 1 } }
    var isConnected: Bool { state.withLock { $0.connected } }
    var count: Int { state.withLock { $0.pushes } }

}
