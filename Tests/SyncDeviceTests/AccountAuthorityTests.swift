import AppTesting
import Foundation
import GRDB
import Logging
import MoodKit
import MoodSealing
import MoodStore
import MoodSync
import SyncProtocol
import Testing

/// The account key's authority against a real `moodtui serve`: a device token without the key,
/// and the server itself, cannot delete a mood from the devices, change the key or revoke a
/// device; the devices that hold the key go on as before.
@Suite(.hangGuard, .ownThread) struct AccountAuthorityTests {
    /// A token of alice's made with `moodtui account add` and never given the key: a stolen one.
    private func thief(of server: ServerProcess) throws -> HTTPMoodRemote {
        HTTPMoodRemote(
            account: SyncAccount(server: server.url, token: try server.addDevice("alice", named: "stolen")), deviceID: "thief",
            logger: Logger(label: "thief"))
    }

    /// Expects the server to refuse `request` for want of the key's signature.
    private func expectProofRequired(_ what: Comment, _ request: () async throws -> some Any) async {
        do {
            _ = try await request()
            Issue.record("\(what) went through")
        } catch {
            guard case RemoteError.proofRequired(let reason) = error else { Issue.record("\(what): \(error)"); return }
            #expect(reason.contains("signature of its") || reason.contains("not signed with this account's key"), "\(reason)")
        }
    }

    @Test func aTokenWithoutTheKeyCannotDeleteChangeTheKeyOrRevokeADevice() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server, named: "laptop")
        let phone = try await LiveDevice(server: server, named: "phone")
        let mood = try laptop.add("what only alice may delete")
        try await laptop.syncOnce()
        try await phone.syncOnce()

        let thief = try thief(of: server)
        let info = try await thief.accountInfo()
        let keyID = try #require(info.keyID)
        let stranger = AccountKey()
        let forged = DeletionProof(keyID: keyID, signature: stranger.sign(.deletion(account: info.id, mood: mood.id, key: keyID)))
        await expectProofRequired("an unsigned deletion") { try await thief.delete([.init(id: mood.id, proof: nil)]) }
        await expectProofRequired("a deletion signed with another key") { try await thief.delete([.init(id: mood.id, proof: forged)]) }
        let statement = SignedStatement.keyChange(account: info.id, key: stranger.id, signingKey: stranger.signingKey, replaces: keyID)
        for proof in [nil, stranger.sign(statement)] {
            await expectProofRequired("a key change") {
                try await thief.changeKey(KeyChangeRequest(keyID: stranger.id, signingKey: stranger.signingKey, replaces: keyID, since: nil, proof: proof))
            }
        }
        let devices = try await thief.devices()
        for device in devices where !device.current {
            for proof in [nil, stranger.sign(.revocation(account: info.id, device: device.id))] {
                await expectProofRequired("a revocation") { try await thief.revokeDevice(device.id, proof: proof) }
            }
        }

        #expect(try await thief.accountInfo().keyID == keyID)
        #expect(try await thief.devices().count == devices.count, "every device stays")
        try await phone.syncOnce()
        #expect(try phone.mood(mood.id) != nil, "the mood stays on every device")
        try laptop.delete(mood.id)
        try await laptop.syncOnce()
        try await phone.syncOnce()
        #expect(try phone.mood(mood.id) == nil, "a device holding the key deletes it everywhere")
        await server.stop()
    }

    /// Makes `id` a tombstone on the server with `proof` (a `DeletionProof`'s stored bytes), as
    /// the log's next change: what a hostile server sends the devices.
    private func forgeDeletion(of id: Mood.ID, proof: Data?, on server: ServerProcess) throws {
        try server.tamper { db in
            try db.execute(sql: "UPDATE account SET lastSequence = lastSequence + 1")
            try db.execute(
                sql: """
                    UPDATE mood SET sealed = NULL, deletedAt = 1, deletionProof = ?,
                        version = (SELECT lastSequence FROM account WHERE id = mood.accountID),
                        sequence = (SELECT lastSequence FROM account WHERE id = mood.accountID)
                    WHERE id = ?
                    """, arguments: [proof, id.uuidString])
        }
    }

    private func storedProof(of id: Mood.ID, on server: ServerProcess) async throws -> Data? {
        try await server.readFile { try Data.fetchOne($0, sql: "SELECT deletionProof FROM mood WHERE id = ?", arguments: [id.uuidString]) }
    }

    @Test func aDeletionTheServerMakesUpOrMovesIsSetAsideAndTheMoodStays() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server)
        let phone = try await LiveDevice(server: server)
        let deleted = try laptop.add("deleted by alice"), madeUp = try laptop.add("made up"), moved = try laptop.add("moved")
        try await laptop.syncOnce()
        try await phone.syncOnce()
        try laptop.delete(deleted.id)
        try await laptop.syncOnce()
        let realProof = try #require(try await storedProof(of: deleted.id, on: server), "the server keeps the deletion's proof")

        try forgeDeletion(of: madeUp.id, proof: nil, on: server)
        try forgeDeletion(of: moved.id, proof: realProof, on: server)
        try server.tamper { db in  // and one of a mood no device ever had
            try db.execute(sql: "UPDATE account SET lastSequence = lastSequence + 1")
            try db.execute(
                sql: """
                    INSERT INTO mood (accountID, id, version, sequence, deletedAt)
                    SELECT id, ?, lastSequence, lastSequence, 1 FROM account
                    """, arguments: [UUID().uuidString])
        }
        try await phone.syncOnce()

        #expect(try phone.mood(deleted.id) == nil, "a signed deletion is applied")
        #expect(try phone.mood(madeUp.id) != nil && phone.mood(moved.id) != nil, "the forged ones are not")
        let setAside = try await phone.store.read { try $0.quarantinedChanges() }
        #expect(Set(setAside.map(\.id)) == [madeUp.id, moved.id])
        let reasons = setAside.map(\.reason).joined(separator: "\n")
        #expect(reasons.contains("no device holding the account's key signed the deletion"), "\(reasons)")
        #expect(reasons.contains("carries a signature that does not check out"), "\(reasons)")
        #expect(try await phone.store.read { try $0.syncBacklog() }.unreadable == 2, "the header counts them, not the unknown mood's")

        // Deleted for real on a device holding the key, the mood goes everywhere.
        try phone.delete(madeUp.id)
        try await phone.syncOnce()
        try await laptop.syncOnce()
        #expect(try laptop.mood(madeUp.id) == nil, "the signed deletion takes the unsigned one's place")
        #expect(try await phone.store.read { try $0.syncBacklog() }.unreadable == 1, "what was set aside of it goes with it")
        await server.stop()
    }

    @Test func anUploadAnsweredDeletedWithoutProofKeepsTheMoodAndSaysWhy() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server)
        let mood = try laptop.add("written")
        try await laptop.syncOnce()
        try forgeDeletion(of: mood.id, proof: nil, on: server)
        _ = try laptop.edit(mood.id, note: "written, then edited")
        try await laptop.syncOnce()

        let kept = try #require(try laptop.mood(mood.id), "the mood stays")
        #expect(kept.note == "written, then edited")
        #expect(kept.sync.lastError?.contains("no device holding the account's key signed the deletion") == true, "\(kept.sync)")
        await server.stop()
    }

    @Test func anAccountSealedBeforeSigningKeysRegistersItsKeyOnceAndSyncsOn() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server)
        let phone = try await LiveDevice(server: server)
        let mood = try laptop.add("from before the upgrade")
        try await laptop.syncOnce()
        try await phone.syncOnce()
        let key = try #require(try await laptop.store.read { try SyncSettings.accountKey(in: $0) })
        let forget = { (db: Database) in try db.execute(sql: "UPDATE account SET signingKey = NULL") }
        try server.tamper(forget)  // as a server's data from before signing keys

        try laptop.delete(mood.id)
        try await laptop.makeEngine().syncOnce()  // as the upgraded app, started anew
        let registered = try await server.readFile { try Data.fetchOne($0, sql: "SELECT signingKey FROM account") }
        #expect(registered.map(Array.init) == key.signingKey.bytes)
        try await phone.makeEngine().syncOnce()
        #expect(try phone.mood(mood.id) == nil, "the deletion, signed, reaches the other device")

        // Who registers first, with only a token, is believed by the server, and the devices
        // holding the key stop and say so.
        try server.tamper(forget)
        let thief = try thief(of: server)
        let impostor = AccountKey()
        _ = try await thief.changeKey(KeyChangeRequest(keyID: key.id, signingKey: impostor.signingKey, replaces: key.id, since: nil, proof: nil))
        await #expect(throws: SyncStopped.signingKeyDiffers) { try await laptop.makeEngine().syncOnce() }
        await server.stop()
    }

    @Test func keyRotateOnAnAccountSealedBeforeSigningKeysRegistersItsKeyThenRevokes() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server, named: "laptop")
        let lost = try await LiveDevice(server: server, named: "lost")
        _ = try laptop.add("written before the upgrade")
        try await laptop.syncOnce()
        try await lost.syncOnce()
        try server.tamper { try $0.execute(sql: "UPDATE account SET signingKey = NULL") }  // a data folder from before

        let lostID = try #require(try await laptop.remote.devices().first { $0.name?.text == "lost" }?.id)
        let newKey = try await AccountKeyChange.rotationKey(store: laptop.store, remote: laptop.remote)
        _ = try await AccountKeyChange.rotate(to: newKey, revoking: [lostID], store: laptop.store, remote: laptop.remote, logger: Logger(label: "test"))
        #expect(try await laptop.remote.accountInfo().keyID == newKey.id)
        await #expect(throws: RemoteError.self, "the lost device is revoked") { try await lost.remote.accountInfo() }
        await server.stop()
    }
}
