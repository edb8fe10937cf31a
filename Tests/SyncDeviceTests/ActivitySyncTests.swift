import AppTesting
import Foundation
import MoodKit
import MoodStore
import Testing

/// Activities merging on two devices against a real `moodtui serve`: additions made without
/// seeing each other both survive; a removal takes away only what its device had seen.
@Suite(.serialized, .hangGuard, .ownThread) struct ActivitySyncTests {
    private static func names(_ texts: String...) -> Set<ActivityName> { Set(texts.map { try! ActivityName.normalized($0) }) }

    private func activities(of id: Mood.ID, on device: LiveDevice) throws -> [String] {
        try device.mood(id)?.activities.names.map(\.text) ?? []
    }

    @Test func additionsMadeOnTwoDevicesWithoutSeeingEachOtherBothSurvive() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server)
        let phone = try await LiveDevice(server: server)
        let mood = try laptop.add("a long walk", activities: Self.names("walk"))
        try await laptop.syncOnce()
        try await phone.syncOnce()

        try laptop.edit(mood.id, activities: Self.names("walk", "tea"))
        try phone.edit(mood.id, note: "a long walk with #family")
        for device in [laptop, phone, laptop] { try await device.syncOnce() }

        for device in [laptop, phone] {
            #expect(try activities(of: mood.id, on: device) == ["family", "tea", "walk"])
            #expect(try device.mood(mood.id)?.note == "a long walk with #family")
            #expect(try device.mood(mood.id)?.sync.changedSinceUpload == false)
        }
        await server.stop()
    }

    /// The phone took `run` off and put it back; the laptop, which never saw either, took `run`
    /// and `tea` off later by the clock. `tea` goes; `run` stays: the phone's new addition is one
    /// the laptop's removal never saw.
    @Test func aRemovalWinsOnlyOverTheAdditionsItsDeviceSaw() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server)
        let phone = try await LiveDevice(server: server)
        let mood = try laptop.add("", activities: Self.names("run", "tea"))
        try await laptop.syncOnce()
        try await phone.syncOnce()

        try phone.edit(mood.id, activities: Self.names("tea"))
        try phone.edit(mood.id, activities: Self.names("tea", "run"))
        laptop.clock.set(offset: 600)
        try laptop.edit(mood.id, activities: [])
        for device in [phone, laptop, phone] { try await device.syncOnce() }

        for device in [laptop, phone] { #expect(try activities(of: mood.id, on: device) == ["run"]) }
        await server.stop()
    }

    @Test func aRenameOnOneDeviceReachesTheOther() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server)
        let phone = try await LiveDevice(server: server)
        let moods = try (0..<3).map { _ in try laptop.add("", activities: Self.names("jog")) }
        try await laptop.syncOnce()
        try await phone.syncOnce()

        let (jog, run) = (try ActivityName.normalized("jog"), try ActivityName.normalized("run"))
        _ = try await laptop.store.write(origin: .commandLine) { try $0.renameActivity(jog, to: run) }
        try await laptop.syncOnce()
        try await phone.syncOnce()

        for mood in moods { #expect(try activities(of: mood.id, on: phone) == ["run"]) }
        #expect(try await phone.store.read { try $0.activityUsage() }.map(\.moodCount) == [3])
        await server.stop()
    }
}
