import AppTesting
import Foundation
import GRDB
import LocalProcesses
import Logging
import MoodKit
import MoodSealing
import MoodStore
import MoodSync
import SyncProtocol
import Testing

/// The account's signed head against a real `moodtui serve` whose data is changed behind its
/// back, as a hostile server would: moods held back from a download, an older copy of a mood
/// handed out, an older head brought back, moods left out after `history_compacted`. Each is
/// noticed in words, and nothing a device holds is dropped on the server's word.
@Suite(.hangGuard, .ownThread) struct AccountHeadTests {
    /// A server and a laptop that wrote `notes` and synced, so that the account has a head over them.
    private func account(with notes: [String]) async throws -> (ServerProcess, LiveDevice, [Mood]) {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server, named: "laptop")
        let moods = try notes.map { try laptop.add($0) }
        try await laptop.syncOnce()
        #expect(try await storedHead(server) != nil, "the laptop gave the account a head")
        return (server, laptop, moods)
    }

    private func storedHead(_ server: ServerProcess) async throws -> AccountHead? {
        try await server.readFile { try String.fetchOne($0, sql: "SELECT head FROM account") }.flatMap(AccountHead.init(json:))
    }

    private func expectStop(_ device: LiveDevice, saying words: String) async {
        do {
            try await device.makeEngine().syncOnce()
            Issue.record("the device synced on, saying nothing")
        } catch {
            #expect("\(error)".contains(words), "\(error)")
            #expect("\(error)".contains("nothing here was changed on its word"), "\(error)")
        }
    }

    @Test func aMoodHeldBackFromAFreshDevicesDownloadIsNoticed() async throws {
        let (server, _, moods) = try await account(with: ["one", "two", "held back"])
        try server.tamper { try $0.execute(sql: "DELETE FROM mood WHERE id = ?", arguments: [moods[2].id.uuidString]) }
        let fresh = try await LiveDevice(server: server)
        await expectStop(fresh, saying: "the server is holding back 1 mood of this account: its signed head lists 3 and the server sent 2")
        await server.stop()
    }

    @Test func anOlderCopyHandedToAFreshDeviceIsNoticed() async throws {
        let (server, laptop, moods) = try await account(with: ["first words"])
        let oldCopy = try await server.readFile { try Data.fetchOne($0, sql: "SELECT sealed FROM mood") }
        _ = try laptop.edit(moods[0].id, note: "what I really meant")
        try await laptop.syncOnce()
        try server.tamper { try $0.execute(sql: "UPDATE mood SET sealed = ?", arguments: [oldCopy]) }
        let fresh = try await LiveDevice(server: server)
        await expectStop(fresh, saying: "the server sends moods that are not the account's latest (older copies, or deleted ones brought back)")
        await server.stop()
    }

    @Test func anOlderCopyThatDiffersOnlyInAScaleValueIsNoticed() async throws {
        let (server, laptop, moods) = try await account(with: ["slept"])
        let sleep = UUID()
        _ = try laptop.edit(moods[0].id, scales: [sleep: .tenths(40)])
        try await laptop.syncOnce()
        let oldCopy = try await server.readFile { try Data.fetchOne($0, sql: "SELECT sealed FROM mood") }
        _ = try laptop.edit(moods[0].id, scales: [sleep: .tenths(75)])
        try await laptop.syncOnce()
        try server.tamper { try $0.execute(sql: "UPDATE mood SET sealed = ?", arguments: [oldCopy]) }
        let fresh = try await LiveDevice(server: server)
        await expectStop(fresh, saying: "the server sends moods that are not the account's latest (older copies, or deleted ones brought back)")
        await server.stop()
    }

    @Test func anOlderHeadBroughtBackIsNoticed() async throws {
        let (server, laptop, _) = try await account(with: ["before"])
        let phone = try await LiveDevice(server: server, named: "phone")
        try await phone.syncOnce()
        let older = try #require(try await storedHead(server))
        _ = try laptop.add("after")
        try await laptop.syncOnce()
        try await phone.syncOnce()
        #expect(try await storedHead(server).map(\.counter) ?? 0 > older.counter)
        try server.tamper { try $0.execute(sql: "UPDATE account SET head = ?", arguments: [older.json]) }
        await expectStop(phone, saying: "the server shows an older state of this account (signed head \(older.counter)")
        await server.stop()
    }

    @Test func aHeadWithdrawnAfterADeviceSawOneIsNoticed() async throws {
        let (server, _, _) = try await account(with: ["one"])
        let phone = try await LiveDevice(server: server, named: "phone")
        try await phone.syncOnce()
        try server.tamper { try $0.execute(sql: "UPDATE account SET head = NULL") }
        await expectStop(phone, saying: "the server no longer shows this account's signed head")
        await server.stop()
    }

    @Test func moodsLeftOutAfterHistoryCompactedAreKeptAndSentAgain() async throws {
        let (server, laptop, moods) = try await account(with: ["kept", "left out"])
        let phone = try await LiveDevice(server: server, named: "phone")
        try await phone.syncOnce()
        _ = try laptop.add("later")
        try await laptop.syncOnce()
        // The server claims to have compacted deletions the phone has not seen, and leaves a mood
        // out of the download it then asks for.
        try server.tamper { db in
            try db.execute(sql: "UPDATE account SET compactedThrough = lastSequence")
            try db.execute(sql: "DELETE FROM mood WHERE id = ?", arguments: [moods[1].id.uuidString])
        }
        _ = try? await phone.makeEngine().syncOnce()  // it may stop at the forged listing; what it kept is the point
        let kept = try #require(try phone.mood(moods[1].id), "the mood the server left out stays")
        #expect(kept.sync.lastError?.contains("no device holding the account's key signed the deletion") == true, "\(kept.sync)")
        await server.stop()
    }

    @Test func aHeadIsTakenOnlyWithTheKeysSignatureAndOnlyInItsTurn() async throws {
        let (server, laptop, _) = try await account(with: ["one"])
        let current = try #require(try await storedHead(server))
        let key = try #require(try await laptop.store.read { try SyncSettings.accountKey(in: $0) })
        let account = try await laptop.remote.accountInfo().id
        func head(counter: Int64, sequence: Int64, signedBy signer: AccountKey) -> AccountHead {
            let statement = SignedStatement.head(
                account: account, counter: counter, sequence: sequence, count: 0, digest: current.digest, key: key.id)
            return AccountHead(
                counter: counter, sequence: sequence, count: 0, digest: current.digest, keyID: key.id, signature: signer.sign(statement))
        }
        let thief = HTTPMoodRemote(
            account: SyncAccount(server: server.url, token: try server.addDevice("alice")), deviceID: "thief", logger: Logger(label: "thief"))
        await #expect(throws: RemoteError.self, "signed with another key") {
            _ = try await thief.publishHead(head(counter: current.counter + 1, sequence: current.sequence, signedBy: AccountKey()))
        }
        #expect(try await laptop.remote.publishHead(head(counter: current.counter, sequence: current.sequence, signedBy: key)) == false, "not its turn")
        #expect(try await laptop.remote.publishHead(head(counter: current.counter + 1, sequence: 0, signedBy: key)) == false, "an old state")
        #expect(try await storedHead(server) == current)
        await server.stop()
    }

    @Test func runningEnginesKeepTheHeadUpWithEveryChange() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server, named: "laptop")
        let phone = try await LiveDevice(server: server, named: "phone")
        let engines = [RunningEngine(laptop.engine), RunningEngine(phone.engine)]
        defer { engines.forEach { $0.cancel() } }
        _ = try laptop.add("from the laptop")
        #expect(await waitUntil { try await storedHead(server)?.count == 1 }, "the laptop's engine gives the account a head")
        _ = try phone.add("from the phone")
        #expect(await waitUntil { try await storedHead(server)?.count == 2 && phone.list().count == 2 && laptop.list().count == 2 })
        let head = try #require(try await storedHead(server))
        let latest = try await server.readFile { try Int64.fetchOne($0, sql: "SELECT lastSequence FROM account") }
        #expect(head.sequence == latest, "the head describes the account as it stands")
        engines.forEach { $0.cancel() }
        for engine in engines { #expect(await waitUntil { engine.hasReturned }) }
        await server.stop()
    }

    @Test func aJournalLoggedInToAnotherAccountForgetsTheFirstAccountsHead() async throws {
        let (server, laptop, _) = try await account(with: ["one"])
        for note in ["two", "three"] {
            _ = try laptop.add(note)
            try await laptop.syncOnce()
        }
        #expect(try await storedHead(server).map(\.counter) == 3)
        let token = laptop.journal.folder.appendingPathComponent("bob-token")
        #expect(FileManager.default.createFile(atPath: token.path, contents: Data(try server.addDevice("bob").utf8), attributes: [.posixPermissions: 0o600]))
        let login = try ProcessResult.moodtui(
            ["login", server.url.absoluteString, "--token-file", token.path, "--keep-moods", "--journal", laptop.journal.path])
        #expect(login.status == 0, "\(login.standardError)")
        let sync = try ProcessResult.moodtui(["sync", "--once", "--journal", laptop.journal.path])
        #expect(sync.status == 0, "bob's first head is not an older one of alice's: \(sync.standardError)")
        await server.stop()
    }
}
