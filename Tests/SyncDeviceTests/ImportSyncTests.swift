import AppTesting
import Foundation
import MoodExchange
import MoodKit
import MoodStore
import Testing

/// An imported history on devices of one account against a real `moodtui serve`: it reaches the
/// others once, importing the same file on another device adds nothing, and a mood deleted on
/// one device is not brought back by importing the file again anywhere.
@Suite(.serialized, .hangGuard, .ownThread) struct ImportSyncTests {
    private static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/exchange/daylio-note-title.csv").path

    /// Daylio's CSV of three entries (two of them alike), its renamed mood placed.
    private func importFile(into device: LiveDevice) throws -> Importer.Result {
        var mapping = LevelMapping.daylio
        mapping.place("super", at: .great)
        let source = try DaylioCSVSource(try FileChunks(path: Self.file), timeZone: TimeZone(identifier: "UTC")!)
        return try Importer.write(source, mapping: mapping, into: device.store, skipBadRows: false)
    }

    @Test func anImportReachesTheOtherDevicesOnceAndADeletedMoodStaysDeleted() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server)
        let phone = try await LiveDevice(server: server)
        #expect(try importFile(into: laptop).added == 3)
        try await laptop.syncOnce()
        try await phone.syncOnce()
        #expect(try phone.list() == laptop.list() && phone.list().count == 3)

        let again = try importFile(into: phone)
        #expect(again.added == 0 && again.alreadyThere == 3, "the same ids: the phone's import finds the laptop's moods")
        for device in [phone, laptop] { try await device.syncOnce() }
        #expect(try laptop.list().count == 3)

        let deleted = try #require(try phone.list().first { $0.value.hasPrefix("5 ") }?.key)
        try phone.delete(deleted)
        try await phone.syncOnce()
        try await laptop.syncOnce()
        #expect(try laptop.mood(deleted) == nil)
        let third = try importFile(into: laptop)
        #expect(third.deletedBefore == 1 && third.alreadyThere == 2, "deleted on another device, left deleted here")

        // A device that never saw the mood imports the file after the deletion: its copy goes
        // the way of the deleted one.
        let tablet = try await LiveDevice(server: server)
        try await tablet.syncOnce()
        #expect(try importFile(into: tablet).added == 1)
        try await tablet.syncOnce()
        try await tablet.syncOnce()
        for device in [laptop, phone] { try await device.syncOnce() }
        for device in [laptop, phone, tablet] {
            #expect(try device.list().count == 2 && device.mood(deleted).map { $0.sync.markedForRemoteDeletion } != false)
        }
        await server.stop()
    }

    /// The tablet imports the file after the phone edited one of its moods, before it has the
    /// edit: the file is history, the edit stands everywhere.
    @Test func anEditMadeOnAnotherDeviceWinsOverALaterImportOfTheSameFile() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server)
        let phone = try await LiveDevice(server: server)
        let tablet = try await LiveDevice(server: server)
        #expect(try importFile(into: laptop).added == 3)
        try await laptop.syncOnce()
        try await phone.syncOnce()
        let edited = try #require(try phone.list().first { $0.value.hasPrefix("5 ") }?.key)
        try phone.edit(edited, level: .meh, note: "Not so lazy after all")
        try await phone.syncOnce()

        #expect(try importFile(into: tablet).added == 3, "the tablet has not synced yet")
        for device in [tablet, tablet, laptop, phone] { try await device.syncOnce() }
        for device in [laptop, phone, tablet] {
            #expect(try device.list()[edited] == "3 Not so lazy after all")
            #expect(try device.list().count == 3)
        }
        await server.stop()
    }
}
