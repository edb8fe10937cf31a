import AppTesting
import Foundation
import LocalProcesses
import Logging
import MoodKit
import MoodSealing
import MoodStore
import MoodSync
import SQLiteServerStorage
import ServerStorage
import SyncProtocol
import Testing

/// `moodtui share` as people type it, against a real server: the owner's two devices keep a
/// scoped share up to date, the recipient reads it and cannot write, and an ended share reads
/// nothing more while what was downloaded stays.
@Suite(.serialized, .hangGuard, .ownThread) struct ShareCommandLineTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-share-cli-\(UUID().uuidString)")
    var laptop: String { folder.appendingPathComponent("laptop.sqlite").path }
    var phone: String { folder.appendingPathComponent("phone.sqlite").path }
    var therapist: String { folder.appendingPathComponent("therapist.sqlite").path }

    private func moodtui(_ arguments: String...) throws -> ProcessResult { try ProcessResult.moodtui(arguments) }

    /// Runs `moodtui` and requires it to succeed.
    @discardableResult
    private func succeed(_ arguments: String...) throws -> ProcessResult {
        let result = try ProcessResult.moodtui(arguments)
        try #require(result.status == 0, "\(arguments.prefix(2)): \(result.standardError)")
        return result
    }

    private func secretFile(_ text: String) throws -> String {
        let file = folder.appendingPathComponent("secret-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        return file.path
    }

    /// The moods a journal lists, as (note, level name) by id.
    private func listed(_ journal: String) throws -> [String: (note: String, level: String)] {
        let output = try succeed("list", "--json", "--journal", journal).standardOutput
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        var moods: [String: (String, String)] = [:]
        for object in objects {
            moods[try #require(object["id"] as? String)] = (object["note"] as? String ?? "", object["levelName"] as? String ?? "")
        }
        return moods
    }

    private func add(_ journal: String, level: String, note: String, date: String) throws -> String {
        try succeed("add", "--journal", journal, "--level", level, "--note", note, "--date", date).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Two devices of alice's sealed account, logged in.
    private func aliceWithTwoDevices(_ server: ServerProcess) throws {
        try succeed("login", server.url.absoluteString, try server.addDevice("alice", named: "laptop"), "--journal", laptop)
        let phrase = try #require(try succeed("key", "show", "--journal", laptop).standardOutput.split(separator: "\n").last.map(String.init))
        try succeed(
            "login", server.url.absoluteString, try server.addDevice("alice", named: "phone"), "--journal", phone, "--key-file",
            try secretFile(phrase))
    }

    @Test func theOwnersDevicesKeepAScopedShareUpToDateAndTheRecipientOnlyReadsIt() async throws {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        try aliceWithTwoDevices(server)
        let walk = try add(laptop, level: "good", note: "a walk by the river", date: "2026-09-03 18:00")
        _ = try add(laptop, level: "bad", note: "argument at work", date: "2026-08-20 09:00")
        let tired = try add(laptop, level: "meh", note: "tired all day", date: "2026-09-10 21:00")
        try succeed("sync", "--once", "--journal", laptop)
        try succeed("sync", "--once", "--journal", phone)

        let made = try succeed("share", "add", "therapist", "--since", "2026-09-01", "--without-notes", "--journal", laptop)
        #expect(made.standardOutput.contains("It holds 2 moods so far"), "\(made.standardOutput)")
        let invitation = try #require(made.standardOutput.split(separator: "\n").last.map(String.init))
        #expect(invitation.hasPrefix(ShareInvitation.prefix))
        let accepted = try succeed("share", "accept", "--invitation-file", try secretFile(invitation), "--journal", therapist)
        #expect(accepted.standardOutput.contains("Accepted alice's share: 2 moods"), "\(accepted.standardOutput)")
        var shared = try listed(therapist)
        #expect(Set(shared.keys) == [walk, tired], "only the moods from September on")
        #expect(shared.values.allSatisfy { $0.note.isEmpty }, "no note in a share without notes")

        // The other device of the owner edits, adds and re-dates; the share follows.
        try succeed("edit", tired, "--journal", phone, "--level", "awful")
        let later = try add(phone, level: "great", note: "a good day", date: "2026-10-10 12:00")
        try succeed("edit", walk, "--journal", phone, "--date", "2026-08-01 18:00")
        #expect(try succeed("sync", "--once", "--journal", phone).standardOutput.contains("Uploaded 3,"))
        try succeed("sync", "--once", "--journal", therapist)
        shared = try listed(therapist)
        #expect(Set(shared.keys) == [tired, later], "the mood re-dated out of the scope left the share")
        #expect(shared[tired]?.level == "awful")

        // A deletion on the first device reaches it too.
        try succeed("sync", "--once", "--journal", laptop)
        try succeed("delete", later, "--journal", laptop)
        try succeed("sync", "--once", "--journal", laptop)
        try succeed("sync", "--once", "--journal", therapist)
        #expect(Set(try listed(therapist).keys) == [tired])

        // The recipient cannot write: not from the command line, not with a raw request.
        for arguments in [["add", "--level", "good"], ["edit", tired, "--level", "good"], ["delete", tired]] {
            let refused = try ProcessResult.moodtui(arguments + ["--journal", therapist])
            #expect(refused.status == 1 && refused.standardError.contains("alice's share, read-only"), "\(arguments): \(refused.standardError)")
        }
        let token = try #require(try JournalStore(path: therapist).setting(JournalSettingKey(rawValue: "sync.token")))
        let remote = HTTPMoodRemote(account: SyncAccount(server: server.url, token: token), deviceID: "therapist", logger: Logger(label: "test"))
        let content = MoodContent(
            date: Date(), level: .good, note: "forged", creatorID: "x", stamps: MoodStamps(all: HybridTimestamp(wallMilliseconds: 1, counter: 0, device: "x")))
        await #expect(throws: RemoteError.self) {
            _ = try await remote.upload([MoodUpload(id: UUID(), payload: .plain(content), baseVersion: nil)])
        }
        do { _ = try await remote.upload([MoodUpload(id: UUID(), payload: .plain(content), baseVersion: nil)]) } catch {
            guard case .readOnly = error else { Issue.record("a share's token writing: \(error)"); return }
        }
        #expect(try succeed("share", "list", "--journal", phone).standardOutput.contains("therapist"))
        // The person's own token is never sent to the server an invitation named.
        let bogus = ProcessInfo.processInfo.environment.merging(["MOODTUI_TOKEN": "mt_not-the-share", "MOODTUI_SERVER": "http://127.0.0.1:1"]) { $1 }
        #expect(try ProcessResult.moodtui(["sync", "--once", "--journal", therapist], environment: bogus).status == 0)
        let login = try moodtui("login", server.url.absoluteString, try server.addDevice("bob"), "--journal", therapist)
        #expect(login.status == 1 && login.standardError.contains("holds alice's share"), "\(login.standardError)")

        // What the server keeps of the share, and its log, hold none of the notes, levels or dates.
        await server.stop()
        let log = try String(contentsOf: server.errorLog, encoding: .utf8)
        for secret in ["river", "argument", "tired", "good day", "awful", "2026-09", try ShareInvitation(text: invitation).token] {
            #expect(!log.contains(secret), "the server's log holds \(secret)")
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: server.data.path) {
            let bytes = try Data(contentsOf: server.data.appendingPathComponent(file))
            for secret in ["river", "argument", "tired", "good day", "awful", "2026-09"] {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file) holds \(secret)")
            }
        }
    }

    @Test func anEndedShareReadsNothingMoreButKeepsWhatWasDownloaded() async throws {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        try aliceWithTwoDevices(server)
        let kept = try add(laptop, level: "good", note: "kept", date: "2026-09-03 18:00")
        try succeed("sync", "--once", "--journal", laptop)
        let made = try succeed("share", "add", "partner", "--journal", laptop)
        let invitation = try #require(made.standardOutput.split(separator: "\n").last.map(String.init))
        try succeed("share", "accept", "--invitation-file", try secretFile(invitation), "--journal", therapist)
        #expect(try listed(therapist)[kept]?.note == "kept")

        let unknown = try moodtui("share", "revoke", "Partnr", "--journal", phone)
        #expect(unknown.status == 1 && unknown.standardError.contains("its shares are partner"), "\(unknown.standardError)")
        #expect(try succeed("share", "revoke", "PARTNER", "--journal", phone).standardOutput.contains("Ended the share partner"))
        try succeed("add", "--journal", laptop, "--level", "bad", "--note", "after the end", "--date", "2026-09-04 10:00")
        #expect(try succeed("sync", "--once", "--journal", laptop).standardOutput.contains("Uploaded 1,"))
        let ended = try moodtui("sync", "--once", "--journal", therapist)
        #expect(ended.status == 1 && ended.standardError.contains("alice ended this share"), "\(ended.standardError)")
        #expect(Set(try listed(therapist).keys) == [kept], "what was downloaded stays; nothing new arrives")
        #expect(try succeed("share", "list", "--journal", laptop).standardOutput.contains("no shares"))

        let again = try moodtui("share", "accept", "--invitation-file", try secretFile(invitation), "--journal", phone + ".share")
        #expect(again.status == 1 && again.standardError.contains("ended this share"), "\(again.standardError)")
        #expect(!FileManager.default.fileExists(atPath: phone + ".share"), "a share not accepted leaves no journal")
        let storage = try SQLiteMoodServerStorage(directory: server.data)
        let alice = try #require(try await storage.accounts().first)
        #expect(alice.name == "alice" && alice.moods == 2)
        await server.stop()
    }

    @Test func anOldEntrySentAgainIsNotBelievedAndADeletedMoodStaysGone() async throws {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        try aliceWithTwoDevices(server)
        let mood = try add(laptop, level: "good", note: "first words", date: "2026-09-03 18:00")
        try succeed("sync", "--once", "--journal", laptop)
        let made = try succeed("share", "add", "partner", "--journal", laptop)
        let invitation = try ShareInvitation(text: try #require(made.standardOutput.split(separator: "\n").last.map(String.init)))
        try succeed("share", "accept", "--invitation-file", try secretFile(invitation.text), "--journal", therapist)

        // The server keeps the entry as it was, then the owner edits the mood.
        let storage = try SQLiteMoodServerStorage(directory: server.data)
        let alice = try #require(try await storage.account(forTokenHash: DeviceToken.hash(try server.addDevice("alice"))))
        let share = try #require(try await storage.shareAccount(invitation.share, of: alice))
        /// The share's entries as the server holds them now.
        @Sendable func entries() async throws -> [SyncedMood] {
            try await storage.changes(in: share, after: 0, limit: 100).changes.compactMap { if case .upsert(let entry) = $0 { entry } else { nil } }
        }
        let old = try #require(try await entries().first)
        try succeed("edit", mood, "--journal", laptop, "--note", "second words")
        try succeed("sync", "--once", "--journal", laptop)
        try succeed("sync", "--once", "--journal", therapist)
        #expect(try listed(therapist)[mood]?.note == "second words")

        /// Serves the old entry again, at a newer version of the share's log, as a hostile server would.
        @Sendable func replay() async throws {
            let current = try #require(try await entries().first { $0.id == old.id })
            let saved = try await storage.upsert([MoodUpload(id: old.id, payload: old.payload, baseVersion: current.version)], in: share)
            try #require(saved.saved.count == 1)
        }
        try await replay()
        try succeed("sync", "--once", "--journal", therapist)
        #expect(try listed(therapist)[mood]?.note == "second words", "an older entry does not undo an edit")

        try succeed("delete", mood, "--journal", laptop)
        try succeed("sync", "--once", "--journal", laptop)
        try succeed("sync", "--once", "--journal", therapist)
        #expect(try listed(therapist)[mood] == nil)
        try await replay()
        try succeed("sync", "--once", "--journal", therapist)
        #expect(try listed(therapist)[mood] == nil, "a deleted mood does not come back")
        await server.stop()
    }

    @Test func badSharesAreRefusedInWords() async throws {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        try aliceWithTwoDevices(server)
        let cases: [([String], String)] = [
            (["share", "add", "  "], "a share name cannot be empty"),
            (["share", "add", "x", "--expires", "2020-01-01"], "--expires 2020-01-01 is already past"),
            (["share", "add", "x", "--since", "2026-10-01", "--until", "2026-09-01"], "comes after --until"),
            (["share", "accept", "moodtui-share:bm90IGpzb24"], "the invitation is damaged"),
            (["share", "accept", "https://example.org"], "this is not a share invitation"),
        ]
        for (arguments, words) in cases {
            let result = try ProcessResult.moodtui(arguments + ["--journal", arguments[1] == "accept" ? therapist : laptop])
            #expect(result.status == 1 && result.standardError.contains(words), "\(arguments): \(result.standardError)")
        }
        try succeed("share", "add", "x", "--journal", laptop)
        let twice = try moodtui("share", "add", "X", "--journal", phone)
        #expect(twice.status == 1 && twice.standardError.contains("already has a share named"), "\(twice.standardError)")
        #expect(!FileManager.default.fileExists(atPath: therapist), "a refused invitation makes no journal")
        await server.stop()
    }
}
