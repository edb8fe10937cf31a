import AppTesting
import Foundation
import LocalProcesses
import Logging
import MoodKit
import MoodSealing
import MoodStore
import MoodSync
import SyncProtocol
import Testing

/// The real `moodtui` against a real `moodtui serve` whose answers a proxy rewrites, as a hostile
/// server would (or anyone on a plain-HTTP link): each attack is refused in words, and nothing
/// the person wrote is sent readable or lost.
@Suite(.serialized, .hangGuard, .ownThread) struct HostileServerTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-hostile-\(UUID().uuidString)")
    var journal: String { folder.appendingPathComponent("phone.sqlite").path }

    private func keyFile(_ key: AccountKey) throws -> String {
        let file = folder.appendingPathComponent("phrase.txt")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(RecoveryPhrase.phrase(for: key).utf8).write(to: file)
        return file.path
    }

    /// A real server behind a proxy that forges what a test tells it to, a device token of
    /// alice's, and her account as the real server describes it.
    private func hostileServer() async throws -> (ServerProcess, FaultProxy, token: String, info: AccountResponse) {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        let proxy = try FaultProxy(upstreamPort: server.port)
        let token = try server.addDevice("alice")
        let info = try await HTTPMoodRemote(account: SyncAccount(server: server.url, token: token), deviceID: "test", logger: Logger(label: "test"))
            .accountInfo()
        return (server, proxy, token, info)
    }

    private static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    @Test func aServerClaimingNoKeyCannotTurnAGivenPhrasePlain() async throws {
        let (server, proxy, token, info) = try await hostileServer()
        defer { proxy.close() }
        let noKey = AccountResponse(name: info.name, id: info.id, keyID: nil)
        proxy.inject(.forgeAnswer(status: 200, json: try Self.json(noKey)), on: .init(method: "GET", pathPrefix: SyncEndpoint.account))
        let refusal = ErrorResponse(code: .changesSince, message: "this account holds moods that are not encrypted")
        proxy.inject(.forgeAnswer(status: 409, json: try Self.json(refusal)), on: .init(method: "PUT", pathPrefix: SyncEndpoint.accountKey))

        let login = try ProcessResult.moodtui(["login", proxy.url.absoluteString, token, "--journal", journal, "--key-file", try keyFile(AccountKey())])
        #expect(login.status == 1, "\(login.standardOutput)")
        #expect(login.standardError.contains("you gave a recovery phrase, but the server says alice has no key"), "\(login.standardError)")
        #expect(try SyncSettings.account(in: try JournalStore(path: journal)) == nil, "not logged in: nothing can be sent readable")
        await server.stop()
    }

    @Test func aServerClaimingPlainMoodsDoesNotTurnALoginPlainUnasked() async throws {
        let (server, proxy, token, info) = try await hostileServer()
        defer { proxy.close() }
        proxy.inject(.forgeAnswer(status: 200, json: try Self.json(AccountResponse(name: info.name, id: info.id, keyID: nil))), on: .init(method: "GET", pathPrefix: SyncEndpoint.account))
        let refusal = ErrorResponse(code: .changesSince, message: "this account holds moods that are not encrypted")
        proxy.inject(.forgeAnswer(status: 409, json: try Self.json(refusal)), on: .init(method: "PUT", pathPrefix: SyncEndpoint.accountKey))
        let content = MoodContent(date: Date(), level: .good, note: "made up", creatorID: "liar", stamps: .earliest(of: "liar"))
        let page = ChangesResponse(
            changes: [.upsert(SyncedMood(id: UUID(), payload: .plain(content), version: 1))], token: ChangeToken(rawValue: "1"), more: false,
            serverTime: Date().millisecondsSince1970, keyID: nil, sequence: 1, setupVersion: 0)
        proxy.inject(.forgeAnswer(status: 200, json: try Self.json(page)), on: .init(method: "GET", pathPrefix: SyncEndpoint.changes))

        let login = try ProcessResult.moodtui(["login", proxy.url.absoluteString, token, "--journal", journal])
        #expect(login.status == 1, "\(login.standardOutput)")
        #expect(login.standardError.contains("the server says alice's moods are not end-to-end encrypted"), "\(login.standardError)")
        #expect(login.standardError.contains("--allow-plain"), "\(login.standardError)")
        #expect(try SyncSettings.account(in: try JournalStore(path: journal)) == nil, "not logged in: nothing can be sent readable")
        await server.stop()
    }

    @Test func anAccountNameWithTerminalEscapesReachesTheTerminalHarmless() async throws {
        let (server, proxy, token, info) = try await hostileServer()
        defer { proxy.close() }
        let retitled = AccountResponse(name: "\u{1B}]0;pwned\u{07}\u{1B}[2Jalice\u{202E}", id: info.id, keyID: info.keyID)
        proxy.inject(.forgeAnswer(status: 200, json: try Self.json(retitled)), on: .init(method: "GET", pathPrefix: SyncEndpoint.account))
        let refusal = ErrorResponse(code: .unauthorized, message: "\u{1B}[31mrevoked\u{1B}[0m")
        proxy.inject(.forgeAnswer(status: 401, json: try Self.json(refusal)), on: .init(method: "GET", pathPrefix: SyncEndpoint.account))

        let login = try ProcessResult.moodtui(["login", proxy.url.absoluteString, token, "--journal", journal])
        #expect(login.status == 0, "\(login.standardError)")
        #expect(login.standardOutput.contains("Logged in to \u{FFFD}]0;pwned\u{FFFD}\u{FFFD}[2Jalice\u{FFFD} at"), "\(login.standardOutput)")
        let refused = try ProcessResult.moodtui(["sync", "--once", "--journal", journal])
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("\u{FFFD}[31mrevoked\u{FFFD}[0m"), "\(refused.standardError)")
        for output in [login.standardOutput, login.standardError, refused.standardOutput, refused.standardError] {
            #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" }, "\(output.debugDescription)")
        }
        await server.stop()
    }

    @Test func aRedirectIsNotFollowedAroundTheServersChecks() async throws {
        let (server, proxy, token, _) = try await hostileServer()
        defer { proxy.close() }
        let elsewhere = try FaultProxy(upstreamPort: server.port)  // stands for another host, or plain HTTP
        defer { elsewhere.close() }
        let moved = ErrorResponse(code: .notFound, message: "moved")
        proxy.inject(
            .forgeAnswer(status: 307, json: try Self.json(moved), headers: ["Location": elsewhere.url.absoluteString + SyncEndpoint.moods]),
            on: .init(method: "POST", pathPrefix: SyncEndpoint.moods))
        let remote = HTTPMoodRemote(account: SyncAccount(server: proxy.url, token: token), deviceID: "laptop", logger: Logger(label: "test"))
        await #expect(throws: RemoteError.self) { _ = try await remote.upload([]) }
        #expect(elsewhere.counts.seen == 0, "the upload was not sent again where the answer pointed")
        await server.stop()
    }
}
