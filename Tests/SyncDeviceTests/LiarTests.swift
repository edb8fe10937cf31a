import AppTesting
import Foundation
import GRDB
import Logging
import MoodKit
import MoodSealing
import MoodStore
import MoodSync
import SyncProtocol
import SyncTesting
import Testing

/// Each way in that the liar found, told on purpose: real devices against a real `moodtui serve`,
/// with one answer rewritten as a hostile server could. Nothing leaves a device without a
/// signature, and what the server hides or bends is said in words.
@Suite(.serialized, .hangGuard, .ownThread) struct LiarTests {
    /// A server, a liar in front of it and a laptop that wrote `notes` and synced through it.
    private func account(with notes: [String]) async throws -> (ServerProcess, Liar, LiveDevice, [Mood]) {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let liar = Liar(seed: 1)
        let laptop = try await LiveDevice(server: server, named: "laptop", liar: liar)
        let moods = try notes.map { try laptop.add($0) }
        try await laptop.syncOnce()
        return (server, liar, laptop, moods)
    }

    /// Syncs `device` once; the error it stopped with, if any.
    private func sync(_ device: LiveDevice) async -> (any Error)? {
        do {
            try await device.makeEngine().syncOnce()
            return nil
        } catch {
            return error
        }
    }

    private func expectStop(_ device: LiveDevice, saying words: String) async {
        guard let error = await sync(device) else {
            Issue.record("the device synced on, saying nothing")
            return
        }
        #expect("\(error)".contains(words), "\(error)")
    }

    @Test func aStaleAnswerWithoutTheServersCopyRemovesNothing() async throws {
        let (server, liar, laptop, moods) = try await account(with: ["one", "two", "three"])
        for mood in moods { try laptop.edit(mood.id, level: .great) }
        liar.tell(.staleWithoutCopy, on: .upload)
        let error = await sync(laptop)
        #expect(error.map { "\($0)".contains("without a newer copy") } ?? false, "\(String(describing: error))")
        #expect(try laptop.list().count == 3)
        try await laptop.syncOnce()
        #expect(try laptop.list().values.sorted() == ["5 one", "5 three", "5 two"], "the edits went up once the server answered honestly")
        await server.stop()
    }

    @Test func conflictsForMoodsNotSentRemoveNothing() async throws {
        let (server, liar, laptop, _) = try await account(with: ["one", "two", "three"])
        try laptop.add("four")
        liar.tell(.conflictsForMoodsNotSent, on: .upload)
        _ = await sync(laptop)
        try await laptop.syncOnce()
        #expect(try laptop.list().count == 4)
        let phone = try await LiveDevice(server: server)
        try await phone.syncOnce()
        #expect(try phone.list().count == 4)
        await server.stop()
    }

    @Test func aMoodMadeToGoUpAgainIsKeptWhenItsAnswerLies() async throws {
        let (server, liar, laptop, _) = try await account(with: ["one"])
        // "Compacted": a listing from nothing that leaves the mood out, so that it goes up again.
        liar.tell(.refusal(.historyCompacted), on: .changes)
        liar.tell(.withholdChange, on: .changes)
        for _ in 0..<4 { liar.tell(.staleWithoutCopy, on: .upload) }
        for _ in 0..<3 { _ = await sync(laptop) }
        #expect(try laptop.list().values.sorted() == ["4 one"])
        liar.stopLying()
        try await laptop.syncOnce()
        #expect(try laptop.list().values.sorted() == ["4 one"])
        await server.stop()
    }

    @Test func aDeletionAnswerWithoutAProofRemovesNothing() async throws {
        let (server, liar, laptop, moods) = try await account(with: ["one"])
        try laptop.edit(moods[0].id, note: "one, edited")
        liar.tell(.deletedWithoutProof, on: .upload)
        _ = await sync(laptop)
        #expect(try laptop.list().values.sorted() == ["4 one, edited"])
        await server.stop()
    }

    @Test func aHeadUnderAnotherKeyDoesNotHideAMoodHeldBack() async throws {
        let (server, liar, _, moods) = try await account(with: ["one", "two", "held back"])
        try server.tamper { try $0.execute(sql: "DELETE FROM mood WHERE id = ?", arguments: [moods[2].id.uuidString]) }
        let fresh = try await LiveDevice(server: server, liar: liar)
        for _ in 0..<8 { liar.tell(.headUnderAnotherKey, on: .changes) }
        await expectStop(fresh, saying: "nothing here was changed on its word")
        await server.stop()
    }

    @Test func aTokenExpiredDoesNotMakeADeviceForgetTheHeadItSaw() async throws {
        let (server, liar, laptop, _) = try await account(with: ["one"])
        let phone = try await LiveDevice(server: server, named: "phone")
        try phone.add("two")
        try await phone.syncOnce()
        try await laptop.syncOnce()  // the laptop has seen the phone's head
        liar.tell(.refusal(.tokenExpired), on: .changes)
        for _ in 0..<8 { liar.tell(.olderHead, on: .changes) }
        await expectStop(laptop, saying: "the server shows an older state of this account")
        await server.stop()
    }

    @Test func oneGarbageChangeDoesNotSwitchOffTheHeadCheck() async throws {
        let (server, _, laptop, moods) = try await account(with: ["one", "two", "held back"])
        // A stolen token (no key) writes bytes that open nowhere over the first mood.
        let thief = HTTPMoodRemote(
            account: SyncAccount(server: server.url, token: try server.addDevice("alice")), deviceID: "thief", logger: Logger(label: "thief"))
        var generator = SeededGenerator(seed: 2)
        let keyID = try #require(try await thief.accountInfo().keyID)
        let version = try #require(try laptop.mood(moods[0].id)?.sync.remoteVersion)
        let answer = try await thief.upload([
            MoodUpload(id: moods[0].id, payload: .sealed(LyingRemote.garbage(under: keyID, using: &generator)), baseVersion: version)
        ])
        #expect(answer.saved.count == 1)
        try await laptop.syncOnce()
        #expect(try await laptop.store.read { try $0.syncBacklog() }.unreadable == 1)
        try server.tamper { try $0.execute(sql: "DELETE FROM mood WHERE id = ?", arguments: [moods[2].id.uuidString]) }
        let fresh = try await LiveDevice(server: server)
        await expectStop(fresh, saying: "the server is holding back 1 mood of this account")
        await server.stop()
    }

    @Test func aChangeHeldBackFromOneDeviceReachesItOnceAnotherCatchesTheGap() async throws {
        let (server, liar, laptop, _) = try await account(with: ["one"])
        let phone = try await LiveDevice(server: server, named: "phone")
        try await phone.syncOnce()  // its moods now derive from the laptop's head
        let held = try phone.add("held back from the laptop")
        try await phone.syncOnce()
        // The laptop writes, and its download leaves the phone's mood out: past its own write,
        // it gives the account a head over what it holds, and says nothing.
        try laptop.add("the laptop's own")
        for _ in 0..<3 { liar.tell(.withholdMood(held.id), on: .changes) }
        try await laptop.syncOnce()
        #expect(try laptop.mood(held.id) == nil, "the liar held it back")
        liar.stopLying()
        // The phone finds the laptop's head short of its mood, reads everything again, and
        // gives the account a head over what it holds; the laptop then reads everything again.
        try await phone.syncOnce()
        try await laptop.syncOnce()
        #expect(try laptop.mood(held.id) != nil, "the mood held back reached the laptop")
        try await phone.syncOnce()
        #expect(try laptop.list() == phone.list())
        await server.stop()
    }

    @Test func aHeadKeptWhileItsAnswerWasLostLetsTheDeviceGiveTheNext() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let liar = Liar(seed: 4)
        let laptop = try await LiveDevice(server: server, named: "laptop", liar: liar)
        try laptop.add("one")
        liar.tell(.refusal(.unavailable("the answer was lost")), on: .head)
        #expect(await sync(laptop) != nil)
        let first = try #require(try await storedHead(server))
        try laptop.add("two")
        try await laptop.syncOnce()
        let next = try #require(try await storedHead(server))
        #expect(next.counter == first.counter + 1 && next.count == 2, "the account's head stayed at \(next.counter)")
        await server.stop()
    }

    @Test func aDeviceToldToReadEverythingAgainStillGivesTheAccountItsNextHead() async throws {
        let (server, liar, laptop, _) = try await account(with: ["one"])
        let first = try #require(try await storedHead(server))
        liar.tell(.refusal(.tokenExpired), on: .changes)
        try laptop.add("two")
        _ = await sync(laptop)
        try await laptop.syncOnce()
        let next = try #require(try await storedHead(server))
        #expect(next.counter > first.counter && next.count == 2, "the account's head stayed at \(next.counter) over \(next.count) moods")
        await server.stop()
    }

    @Test func anUploadRefusalTheServerMadeUpHoldsTheMoodBackUntilSyncStartsAgain() async throws {
        let (server, liar, laptop, moods) = try await account(with: ["one"])
        try laptop.edit(moods[0].id, note: "one, edited")
        liar.tell(.refusal(.rejected("made up")), on: .upload)
        _ = await sync(laptop)
        #expect(try laptop.mood(moods[0].id)?.sync.lastError?.contains("made up") == true)
        try await laptop.makeEngine().syncOnce()
        let phone = try await LiveDevice(server: server)
        try await phone.syncOnce()
        #expect(try phone.list().values.sorted() == ["4 one, edited"])
        await server.stop()
    }

    @Test func aRevokedShareIsNotFilledWhateverTheServerListsOrTakes() async throws {
        let (server, liar, laptop, _) = try await account(with: ["one"])
        let phone = try await LiveDevice(server: server, named: "phone", liar: liar)
        let invitation = try await laptop.share(named: "therapist", scope: ShareScope(since: Date().millisecondsSince1970 - 86_400_000))
        try await phone.syncOnce()
        #expect(try await phone.store.read { try AccountShare.all(in: $0) }.count == 1, "the phone fills the share too")
        _ = try await AccountShares.revoke(named: "therapist", store: laptop.store, remote: laptop.remote, logger: Logger(label: "test"))
        try await laptop.syncOnce()
        let sentBefore = liar.shareEntriesSent[invitation.share] ?? 0

        // The phone is shown the share as live, and its writes to it are taken.
        for _ in 0..<4 { liar.tell(.sharesBeforeRevocation, on: .shares) }
        for _ in 0..<8 { liar.tell(.pretendShareLive, on: .shareWrites) }
        try phone.add("written after the revocation")
        try await phone.syncOnce()
        #expect((liar.shareEntriesSent[invitation.share] ?? 0) == sentBefore, "the phone sealed entries for a revoked share")
        #expect(try await phone.store.read { try AccountShare.all(in: $0) }.isEmpty)
        await server.stop()
    }

    private func storedHead(_ server: ServerProcess) async throws -> AccountHead? {
        try await server.readFile { try String.fetchOne($0, sql: "SELECT head FROM account") }.flatMap(AccountHead.init(json:))
    }

    @Test func aStolenTokenCannotWriteOverTheSetup() async throws {
        let (server, _, laptop, _) = try await account(with: ["one"])
        let phone = try await LiveDevice(server: server, named: "phone")
        let sleep = try ScaleName.normalized("sleep"), rest = try ScaleName.normalized("rest")
        _ = try await laptop.store.write(origin: .commandLine) { try $0.addScale(sleep, kind: .number(unit: "h", minimum: 0, maximum: 240)) }
        try await laptop.syncOnce()
        try await phone.syncOnce()
        // A stolen token writes a setup that opens nowhere.
        let thief = HTTPMoodRemote(
            account: SyncAccount(server: server.url, token: try server.addDevice("alice")), deviceID: "thief", logger: Logger(label: "thief"))
        var generator = SeededGenerator(seed: 3)
        let keyID = try #require(try await thief.accountInfo().keyID)
        let version = try await thief.setup().version
        let garbage = SetupUpload(baseVersion: version, payload: .sealed(LyingRemote.garbage(under: keyID, using: &generator)))
        await #expect(throws: RemoteError.self) { _ = try await thief.storeSetup(garbage) }
        #expect(try await thief.setup().version == version, "nothing was stored")
        _ = try await phone.store.write(origin: .commandLine) { try $0.addScale(rest, kind: .number(unit: "h", minimum: 0, maximum: 240)) }
        try await phone.syncOnce()
        try await laptop.syncOnce()
        let names = Set(try await laptop.store.read { try $0.scales() }.map(\.name.value))
        #expect(names == [sleep, rest])
        await server.stop()
    }

    @Test func aServersClockYearsAwayMovesStampsADayAtMost() async throws {
        let (server, liar, laptop, moods) = try await account(with: ["one"])
        for _ in 0..<4 { liar.tell(.skewedServerTime, on: .changes) }
        try await laptop.syncOnce()
        let edited = try #require(try laptop.edit(moods[0].id, note: "later"))
        let offBy = abs(edited.stamps.note.wallMilliseconds - Date().millisecondsSince1970)
        #expect(offBy <= 86_400_000 + 60_000, "the stamp is \(offBy / 86_400_000) days off")
        await server.stop()
    }
}
