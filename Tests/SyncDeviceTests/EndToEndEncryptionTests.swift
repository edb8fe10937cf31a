import AppTesting
import Foundation
import GRDB
import LocalProcesses
import MoodKit
import MoodSealing
import MoodStore
import MoodSync
import SyncProtocol
import Testing

/// Moods sealed on the devices against a real `moodtui serve`: the server keeps and relays them
/// but holds nothing readable, and a device applies nothing it cannot open.
@Suite(.hangGuard, .ownThread) struct EndToEndEncryptionTests {
    /// Each mood a person writes, with its level, a note and an activity, and one moved to a day
    /// of its own; and the text each would leave in a file that held it readable.
    private func writeMoods(on device: LiveDevice) throws -> (moods: [Mood], secrets: [String]) {
        var moods: [Mood] = []
        var secrets: [String] = []
        for (index, level) in MoodLevel.allCases.enumerated() {
            let note = "told Dr Okafor about the \(["insomnia", "panic", "grief", "relapse", "promotion"][index])"
            let activity = try ActivityName.validated("therapy\(["alpha", "bravo", "charlie", "delta", "echo"][index])")
            moods.append(try device.add(note, level: level, activities: [activity]))
            // A level travels as a number (`"level":4`); its name alone is a few bytes that random
            // sealed bytes hold now and then, so the JSON a plain copy would carry is looked for.
            secrets += [note, "\"level\":\(level.rawValue)", activity.text]
        }
        let felt = Date(millisecondsSince1970: 1_773_484_245_678)  // 2026-03-14T10:30:45.678Z
        moods[0] = try #require(try device.edit(moods[0].id, date: felt))
        secrets += ["2026-03-14", "1773484245678"] + moods.map { String($0.date.millisecondsSince1970) }
        secrets.append(try device.store.deviceID())
        return (moods, secrets)
    }

    @Test func theServerKeepsNoNoteLevelDateActivityOrCreatorOfAnyMood() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder(), arguments: ["--log-level", "debug"])
        let laptop = try await LiveDevice(server: server)
        let phone = try await LiveDevice(server: server)
        let (moods, secrets) = try writeMoods(on: laptop)
        try await laptop.syncOnce()
        try await phone.syncOnce()
        #expect(try phone.list() == laptop.list(), "sealed moods open on the other device as they were written")
        try #require(try phone.edit(moods[1].id, note: "told Dr Okafor everything, finally") != nil)
        try phone.delete(moods[2].id)
        try await phone.syncOnce()
        try await laptop.syncOnce()
        #expect(try laptop.list() == phone.list())
        #expect(try laptop.list().count == moods.count - 1)

        _ = await server.stop()
        let leaks = try serverFilesHolding(secrets + ["told Dr Okafor everything, finally"], server)
        #expect(leaks.isEmpty, "\(leaks)")
        #expect(try await plainRows(server) == 0, "the server's rows hold ids, versions, tombstones and sealed bytes only")
    }

    /// `file: secret` for each secret found in a file of the server's data folder or its log.
    private func serverFilesHolding(_ secrets: [String], _ server: ServerProcess) throws -> [String] {
        let files = try FileManager.default.contentsOfDirectory(at: server.data, includingPropertiesForKeys: nil) + [server.errorLog]
        #expect(files.contains { $0.lastPathComponent == "server.sqlite" })
        return try files.flatMap { file in
            let bytes = try Data(contentsOf: file)
            return secrets.filter { bytes.range(of: Data($0.utf8)) != nil }.map { "\(file.lastPathComponent): \($0)" }
        }
    }

    /// How many of the server's rows hold any plain content.
    private func plainRows(_ server: ServerProcess) async throws -> Int? {
        try await server.readFile { db in
            try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM mood WHERE date IS NOT NULL OR level IS NOT NULL OR note IS NOT NULL OR creatorID IS NOT NULL
                    OR stamps IS NOT NULL OR activities IS NOT NULL
                """)
        }
    }

    @Test func keyEnableSealsAnOldAccountAndTheRunningServerForgetsItsPlainCopies() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server, login: .plain)
        let phone = try await LiveDevice(server: server, login: .plain)
        let (moods, secrets) = try writeMoods(on: laptop)
        try await laptop.syncOnce()
        try await phone.syncOnce()
        try #require(try phone.edit(moods[3].id, note: "an edit from before the key") != nil)
        try await phone.syncOnce()
        let notes = moods.map(\.note) + ["an edit from before the key"]
        #expect(try !serverFilesHolding(notes, server).isEmpty, "an old account's moods are readable on the server")

        let enabled = try ProcessResult.moodtui(["key", "enable", "--journal", laptop.journal.path])
        #expect(enabled.status == 0, "\(enabled.standardError)")
        let phrase = try #require(enabled.standardOutput.split(separator: "\n").last.map(String.init))
        #expect(try await RecoveryPhrase.key(from: phrase) == laptop.store.read { try SyncSettings.accountKey(in: $0) })
        #expect(try serverFilesHolding(notes + secrets.filter { $0.contains("therapy") }, server) == [], "not even in the log")
        #expect(try await plainRows(server) == 0)

        await #expect(throws: SyncStopped.keyNeeded) { try await phone.makeEngine().syncOnce() }
        let keyFile = phone.journal.folder.appendingPathComponent("phrase.txt")
        try Data(phrase.utf8).write(to: keyFile)
        let entered = try ProcessResult.moodtui(["key", "enter", "--journal", phone.journal.path, "--key-file", keyFile.path])
        #expect(entered.status == 0, "\(entered.standardError)")
        try await phone.makeEngine().syncOnce()
        #expect(try phone.list() == laptop.list())
        #expect(try phone.list()[moods[3].id] == "4 an edit from before the key")
        let again = try ProcessResult.moodtui(["key", "enable", "--journal", laptop.journal.path])
        #expect(again.status == 1 && again.standardError.contains("already end-to-end encrypted"), "\(again.standardError)")
        await server.stop()
    }

    /// Three devices that synced with the key, one of them lost, and a share: the rotation hands
    /// the new key to the device kept, which moves to it while it runs, without a phrase; the
    /// lost device gets nothing and opens nothing written after; the share stays open on the new
    /// key. A device that never synced with the old key has nothing handed to it: it asks for the
    /// phrase, as every device did before keys per device.
    @Test func keyRotateRevokesTheLostDeviceAndHandsTheNewKeyToTheDevicesKept() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server, named: "laptop")
        let phone = try await LiveDevice(server: server, named: "phone")
        let lost = try await LiveDevice(server: server, named: "old tablet")
        let (moods, _) = try writeMoods(on: laptop)
        _ = try phone.add("from the phone")
        _ = try lost.add("from the tablet, before it was lost")
        for device in [laptop, phone, lost, laptop, phone] { try await device.syncOnce() }
        try await laptop.makeEngine().syncOnce()  // started again, the laptop sees the others' keys
        let desktop = try await LiveDevice(server: server, named: "new desktop")  // added, never synced
        let oldKey = try #require(try await laptop.store.read { try SyncSettings.accountKey(in: $0) })
        let made = try ProcessResult.moodtui(["share", "add", "therapist", "--journal", laptop.journal.path])
        #expect(made.status == 0, "\(made.standardError)")
        let invitation = laptop.journal.folder.appendingPathComponent("invitation.txt")
        try Data(try #require(made.standardOutput.split(separator: "\n").last).utf8).write(to: invitation)
        let therapist = laptop.journal.folder.appendingPathComponent("therapist.sqlite").path
        let accepted = try ProcessResult.moodtui(["share", "accept", "--invitation-file", invitation.path, "--journal", therapist])
        #expect(accepted.status == 0, "\(accepted.standardError)")

        let listed = try ProcessResult.moodtui(["key", "rotate", "--journal", laptop.journal.path])
        #expect(listed.status == 1 && listed.standardError.contains("nothing changed: name each lost device with --revoke"), "\(listed.standardError)")
        for name in ["laptop  ", "phone  ", "old tablet", "(this device)"] { #expect(listed.standardOutput.contains(name), "\(listed.standardOutput)") }
        let lines = listed.standardOutput.split(separator: "\n")
        #expect(lines.contains { $0.contains("phone  ") && $0.hasSuffix("moves to the new key on its own") }, "\(listed.standardOutput)")
        #expect(lines.contains { $0.contains("new desktop") && $0.hasSuffix("will need the new phrase") }, "\(listed.standardOutput)")
        let refused = try ProcessResult.moodtui(["key", "rotate", "--revoke", "Laptop", "--journal", laptop.journal.path])
        #expect(refused.status == 1 && refused.standardError.contains("nothing changed: that is this device"), "\(refused.standardError)")
        #expect(try await laptop.remote.accountInfo().keyID == oldKey.id)

        let running = RunningEngine(phone.engine)
        defer { running.cancel() }
        let before = try laptop.add("written just before the rotation")
        try await laptop.syncOnce()
        #expect(await waitUntil { try phone.list()[before.id] != nil }, "the phone's engine runs on the old key")
        let rotated = try ProcessResult.moodtui(["key", "rotate", "--revoke", "OLD TABLET", "--journal", laptop.journal.path])
        #expect(rotated.status == 0, "\(rotated.standardError)")
        #expect(rotated.standardOutput.contains("Revoked old tablet ("), "\(rotated.standardOutput)")
        #expect(rotated.standardOutput.contains("The new key was handed over to phone ("), "\(rotated.standardOutput)")
        #expect(rotated.standardOutput.contains("new desktop (") && rotated.standardOutput.contains("stops syncing until given the new phrase"))
        let phrase = try #require(rotated.standardOutput.split(separator: "\n").last.map(String.init))
        let newKey = try RecoveryPhrase.key(from: phrase)
        #expect(newKey != oldKey)
        #expect(try await laptop.store.read { try SyncSettings.accountKey(in: $0) } == newKey)

        // The phone, running, moves to the new key on its own, and syncs both ways on it.
        #expect(await waitUntil { try await self.key(of: phone) == newKey })
        let afterwards = try laptop.add("written after the rotation")
        try await laptop.makeEngine().syncOnce()
        #expect(await waitUntil { try phone.list()[afterwards.id] != nil })
        let fromPhone = try phone.add("the phone, on the new key")
        #expect(await waitUntil { try await phone.store.read { try $0.syncBacklog() }.uploads == 0 })
        try await laptop.makeEngine().syncOnce()
        #expect(try laptop.list()[fromPhone.id] == "4 the phone, on the new key")
        #expect(try await phone.store.read { try $0.quarantinedChanges() }.isEmpty, "nothing set aside")

        // The lost device is shut out, and nothing on the server opens with the key it holds.
        let shutOut = await #expect(throws: RemoteError.self) { try await lost.remote.accountInfo() }
        #expect(shutOut.map { if case .unauthorized = $0 { true } else { false } } == true, "\(String(describing: shutOut))")
        let blobs = try await sealedBlobs(server)
        #expect(blobs.count == moods.count + 5)
        for blob in blobs {
            let sealed = try SealedContent(bytes: Array(blob))
            #expect(sealed.keyID == newKey.id, "a blob the old key could still open")
        }
        let handOvers = try await server.readFile { try String.fetchAll($0, sql: "SELECT keyHandOver FROM deviceToken WHERE keyHandOver IS NOT NULL") }
        #expect(handOvers.count == 1, "the key was wrapped for the phone alone")

        // The share stays open on the new key: the phone fills it, the recipient reads it.
        try await phone.syncOnce()
        let shares = try ProcessResult.moodtui(["share", "list", "--journal", phone.journal.path])
        #expect(shares.standardOutput.contains("therapist"), "\(shares.standardOutput) \(shares.standardError)")
        #expect(try ProcessResult.moodtui(["sync", "--once", "--journal", therapist]).status == 0)
        let read = try ProcessResult.moodtui(["list", "--journal", therapist])
        #expect(read.standardOutput.contains("the phone, on the new key"), "\(read.standardOutput)")

        // The desktop never synced with the old key: it stops until given the new phrase.
        await #expect(throws: SyncStopped.self) { try await desktop.makeEngine().syncOnce() }
        let keyFile = desktop.journal.folder.appendingPathComponent("phrase.txt")
        try Data(phrase.utf8).write(to: keyFile)
        let entered = try ProcessResult.moodtui(["key", "enter", "--journal", desktop.journal.path, "--key-file", keyFile.path])
        #expect(entered.status == 0, "\(entered.standardError)")
        try await desktop.makeEngine().syncOnce()
        #expect(try desktop.list() == laptop.list())
        await server.stop()
    }

    private func key(of device: LiveDevice) async throws -> AccountKey? {
        try await device.store.read { try SyncSettings.accountKey(in: $0) }
    }

    /// Every sealed blob the server's file holds of alice's own moods (not her shares').
    private func sealedBlobs(_ server: ServerProcess) async throws -> [Data] {
        try await server.readFile {
            try Data.fetchAll($0, sql: "SELECT sealed FROM mood JOIN account ON account.id = mood.accountID WHERE name = 'alice' AND sealed IS NOT NULL")
        }
    }

    @Test func aChangedMovedOrForeignBlobIsSetAsideInWordsAndNeverApplied() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server)
        let flipped = try laptop.add("flipped"), moved = try laptop.add("moved"), intact = try laptop.add("intact")
        let foreign = try laptop.add("foreign")
        try await laptop.syncOnce()
        let bob = try await LiveDevice(server: server, account: "bob")
        let bobs = try bob.add("bob's own")
        try await bob.syncOnce()
        try server.tamper { db in
            func blob(_ id: Mood.ID) throws -> Data { try #require(try Data.fetchOne(db, sql: "SELECT sealed FROM mood WHERE id = ?", arguments: [id.uuidString])) }
            func store(_ blob: Data, in id: Mood.ID) throws {
                try db.execute(sql: "UPDATE mood SET sealed = ? WHERE id = ?", arguments: [blob, id.uuidString])
            }
            var bits = try blob(flipped.id)
            bits[bits.count / 2] ^= 0x10
            try store(bits, in: flipped.id)
            try store(try blob(intact.id), in: moved.id)
            try store(try blob(bobs.id), in: foreign.id)
        }

        let phone = try await LiveDevice(server: server)
        // Changed in place, behind the account's signed head: the head lists four readable moods.
        await #expect { try await phone.engine.syncOnce() } throws: { "\($0)".contains("the server is holding back 3 moods of this account") }
        #expect(try await phone.store.read { try $0.syncBacklog() }.unreadable == 3)
        #expect(try phone.list() == [intact.id: "4 intact"], "nothing that does not open is applied")
        let reasons = try await phone.store.read { try $0.quarantinedChanges() }.reduce(into: [Mood.ID: String]()) { $0[$1.id] = $1.reason }
        #expect(reasons[flipped.id]?.contains("does not open with this account's key: it was changed on the way") == true, "\(reasons)")
        #expect(reasons[moved.id]?.contains("does not open with this account's key") == true, "\(reasons)")
        #expect(reasons[foreign.id]?.contains("is sealed with key") == true, "\(reasons)")
        #expect(try laptop.list().count == 4, "the writer keeps its moods")
        await server.stop()
    }

    @Test func aDeletedMoodTheServerServesAgainDoesNotComeBackWhereItWasDeleted() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server)
        let mood = try laptop.add("deleted, then replayed")
        try await laptop.syncOnce()
        var oldCopy = Data()
        try server.tamper { db in oldCopy = try #require(try Data.fetchOne(db, sql: "SELECT sealed FROM mood WHERE id = ?", arguments: [mood.id.uuidString])) }
        try laptop.delete(mood.id)
        try await laptop.syncOnce()
        try #require(try laptop.mood(mood.id) == nil)
        try server.tamper { db in
            // The old sealed copy, served again as the mood's newest change.
            try db.execute(sql: """
                UPDATE account SET lastSequence = lastSequence + 1 WHERE name = 'alice';
                UPDATE mood SET sealed = ?, version = (SELECT lastSequence FROM account WHERE name = 'alice'),
                    sequence = (SELECT lastSequence FROM account WHERE name = 'alice')
                WHERE id = ?
                """, arguments: [oldCopy, mood.id.uuidString])
        }
        let report = try await laptop.engine.syncOnce()
        #expect(report.downloaded == 0)
        #expect(try laptop.mood(mood.id) == nil, "deleted here, it stays deleted")
        await server.stop()
    }

    @Test func aDeviceWhoseKeyTheAccountLeftStopsAndSaysWhatToDo() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server)
        let phone = try await LiveDevice(server: server)
        _ = try laptop.add("before the change")
        try await laptop.syncOnce()
        try await phone.syncOnce()
        let newKey = AccountKey()
        let current = try #require(try await phone.store.read { try SyncSettings.accountKey(in: $0) })
        let token = try await phone.store.read { try $0.setting(JournalSettingKey(rawValue: "sync.changeToken")) }
        let account = try await phone.remote.accountInfo().id
        let statement = SignedStatement.keyChange(account: account, key: newKey.id, signingKey: newKey.signingKey, replaces: current.id)
        _ = try await phone.remote.changeKey(KeyChangeRequest(
            keyID: newKey.id, signingKey: newKey.signingKey, replaces: current.id, since: token.map(ChangeToken.init(rawValue:)),
            proof: current.sign(statement)))

        _ = try laptop.add("after the change")
        // The upload goes first, and the server refuses it: sealed with the old key.
        let refusal = await #expect(throws: RemoteError.self) { try await laptop.syncOnce() }
        #expect(refusal.map { "\($0)" }?.contains("key was changed on another device: enter the new recovery phrase with `moodtui key enter`") == true)
        #expect(try await laptop.store.read { try $0.syncBacklog() }.uploads == 1, "the mood waits, unchanged")

        let keyFile = laptop.journal.folder.appendingPathComponent("phrase.txt")
        try Data(RecoveryPhrase.phrase(for: newKey).utf8).write(to: keyFile)
        let entered = try ProcessResult.moodtui(["key", "enter", "--journal", laptop.journal.path, "--key-file", keyFile.path])
        #expect(entered.status == 0, "\(entered.standardError)")
        try await laptop.makeEngine().syncOnce()
        #expect(try await laptop.store.read { try $0.syncBacklog() }.uploads == 0, "sealed with the new key, the mood goes up")
        await server.stop()
    }
}
