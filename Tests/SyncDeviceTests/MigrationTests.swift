import AppTesting
import Foundation
import JournalTesting
import LocalProcesses
import MoodKit
import MoodStore
import Testing

/// A laptop's journal and the server's data folder, both written by the version before fields
/// carried stamps (fixtures in Tests/Fixtures), opened by this version: the server migrates on
/// start, `moodtui sync` migrates the journal and sends what waited, and a new device sees the
/// account as the old version left it, with nothing lost, doubled or brought back.
@Suite(.serialized, .hangGuard, .ownThread) struct MigrationTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-migration-\(UUID().uuidString)")

    static let edited = UUID(uuidString: "ACBBFB41-DF9A-4F9C-877F-3B31445CBFB8")!
    static let dinner = UUID(uuidString: "D11ADE39-4080-4521-8366-790D17651DB3")!
    static let offline = UUID(uuidString: "EE4ED499-6EC6-4CEE-80AA-281144BFD4BF")!

    @Test func aJournalAndAServerFromBeforeStampsSyncOnWithNothingLost() async throws {
        let data = folder.appendingPathComponent("server")
        try OlderVersionFixture.serverBeforeStamps.write(to: data.appendingPathComponent("server.sqlite").path)
        let journal = folder.appendingPathComponent("laptop.sqlite").path
        try OlderVersionFixture.journalBeforeStamps.write(to: journal)
        let server = try await ServerProcess.start(data: data)

        // The journal still holds the fixture's server address and token; the server moved.
        let sync = try ProcessResult.moodtui(
            ["sync", "--once", "--journal", journal], environment: ProcessInfo.processInfo.environment.merging(["MOODTUI_SERVER": server.url.absoluteString]) { $1 })
        #expect(sync.status == 0, "\(sync.standardError)")
        #expect(sync.standardOutput.contains("Uploaded 1, deleted 1, downloaded 0."), "\(sync.standardOutput)")

        let expected = [
            Self.edited: "2 stuck in a meeting, then a good walk", Self.dinner: "5 dinner with family",
            Self.offline: "3 written offline, waits for upload",
        ]
        let phone = try await LiveDevice(server: server)
        try await phone.syncOnce()
        #expect(try phone.list() == expected)
        let laptop = try JournalStore(path: journal)
        #expect(try await laptop.read { try $0.syncBacklog() } == SyncBacklog())
        // The migrated server's copy carries the stamps the migrated journal gave the mood.
        #expect(try await phone.mood(Self.edited)?.stamps == laptop.read { try $0.mood(id: Self.edited) }?.stamps)
        #expect(try phone.mood(Self.edited)?.stamps.note.wallMilliseconds == 1_795_401_515_318)

        // Both go on syncing edits field by field.
        try phone.edit(Self.dinner, level: .good)
        try await phone.syncOnce()
        let again = try ProcessResult.moodtui(
            ["sync", "--once", "--journal", journal], environment: ProcessInfo.processInfo.environment.merging(["MOODTUI_SERVER": server.url.absoluteString]) { $1 })
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try await laptop.read { try $0.mood(id: Self.dinner) }?.level == .good)
        await server.stop()
    }
}
