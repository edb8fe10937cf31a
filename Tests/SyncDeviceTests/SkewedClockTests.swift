import AppTesting
import Foundation
import MoodKit
import MoodStore
import MoodSync
import Testing

/// Concurrent edits against a real `moodtui serve`, made on devices whose wall clocks are an hour
/// ahead or behind or step back (set by hand, no sleeping): each field keeps the edit made last,
/// whatever the clocks say, and edits of different fields both survive.
@Suite(.serialized, .hangGuard, .ownThread) struct SkewedClockTests {
    /// Which of the two devices edits first; the other edits ten minutes later.
    enum FirstEditor: CaseIterable { case aheadByAnHour, behindByAnHour }

    /// A device an hour ahead won every concurrent edit for that hour, and one an hour
    /// behind lost edits really made later.
    @Test(arguments: FirstEditor.allCases)
    func theEditReallyMadeLaterWinsWhateverTheClocksSay(first: FirstEditor) async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let ahead = try await LiveDevice(server: server, clockOffset: 3_600)
        let behind = try await LiveDevice(server: server, clockOffset: -3_600)
        // Each measures its clock against the server's on its first exchange.
        try await ahead.syncOnce()
        try await behind.syncOnce()
        for (device, offset) in [(ahead, Int64(3_600_000)), (behind, -3_600_000)] {
            let skew = try #require(try await device.store.read { try $0.clockSkew() })
            #expect(abs(skew.milliseconds - offset) < 10_000, "measured \(skew)")
        }
        let mood = try ahead.add("written on the laptop")
        try await ahead.syncOnce()
        try await behind.syncOnce()

        // Both offline: one edits, ten minutes pass on both clocks, the other edits.
        let (earlier, later) = first == .aheadByAnHour ? (ahead, behind) : (behind, ahead)
        try earlier.edit(mood.id, note: "the earlier edit")
        for device in [ahead, behind] { device.clock.set(offset: device.clock.offset + 600) }
        try later.edit(mood.id, note: "the later edit")

        for device in [earlier, later, earlier] { try await device.syncOnce() }
        #expect(try ahead.mood(mood.id)?.note == "the later edit")
        #expect(try behind.mood(mood.id)?.note == "the later edit")
        await server.stop()
    }

    /// A level changed on the laptop and a note fixed on the phone, both offline,
    /// could not both survive: the whole mood won.
    @Test func aLevelChangedOnOneDeviceAndANoteFixedOnAnotherBothSurvive() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server)
        let phone = try await LiveDevice(server: server)
        let mood = try laptop.add("walk in teh park", level: .meh)
        try await laptop.syncOnce()
        try await phone.syncOnce()

        try laptop.edit(mood.id, level: .great)
        try phone.edit(mood.id, note: "walk in the park")
        for device in [laptop, phone, laptop] { try await device.syncOnce() }

        for device in [laptop, phone] {
            let merged = try #require(try device.mood(mood.id))
            #expect(merged.level == .great)
            #expect(merged.note == "walk in the park")
            #expect(merged.sync.summary == .synced)
        }
        await server.stop()
    }

    /// A device whose upload answer was lost, and whose clock then stepped back an
    /// hour, silently dropped the person's own newer edit.
    @Test func aPersonsNewerEditSurvivesALostAnswerAndAClockSteppingBack() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let proxy = try FaultProxy(upstreamPort: server.port)
        defer { proxy.close() }
        let laptop = try await LiveDevice(server: server, through: proxy)
        let mood = try laptop.add("first")
        try await laptop.syncOnce()

        try laptop.edit(mood.id, note: "second")
        proxy.inject(.loseAnswer, on: FaultProxy.Match(method: "POST", pathPrefix: "/v1/moods"))
        await #expect(throws: (any Error).self) { try await laptop.syncOnce() }
        laptop.clock.set(offset: -3_600)
        try laptop.edit(mood.id, note: "a newer one")
        try await laptop.syncOnce()

        let phone = try await LiveDevice(server: server)
        try await phone.syncOnce()
        #expect(try laptop.mood(mood.id)?.note == "a newer one")
        #expect(try phone.mood(mood.id)?.note == "a newer one")
        await server.stop()
    }
}
