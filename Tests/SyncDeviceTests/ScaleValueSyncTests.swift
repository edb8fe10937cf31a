import AppTesting
import Foundation
import MoodKit
import MoodStore
import Testing

/// Scale values on two devices against a real `moodtui serve`, sealed and plain: each value
/// merges by its own stamp, so values of two scales set on two devices without seeing each
/// other both stay, and a value cleared after it was seen stays cleared.
@Suite(.serialized, .hangGuard, .ownThread) struct ScaleValueSyncTests {
    private let sleep = UUID(), anxiety = UUID()

    @Test(arguments: [LiveDevice.Login.withKey, .plain])
    func valuesOfTwoScalesSetOnTwoDevicesBothStay(login: LiveDevice.Login) async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server, login: login)
        let phone = try await LiveDevice(server: server, login: login)
        let mood = try laptop.add("slept badly")
        try await laptop.syncOnce()
        try await phone.syncOnce()

        try laptop.edit(mood.id, scales: [sleep: .tenths(55)])
        try phone.edit(mood.id, scales: [anxiety: .whole(4)])
        for device in [laptop, phone, laptop] { try await device.syncOnce() }

        for device in [laptop, phone] {
            let synced = try #require(try device.mood(mood.id))
            #expect(synced.scales.values == [sleep: .tenths(55), anxiety: .whole(4)])
            #expect(synced.sync.changedSinceUpload == false, "no upload loops on a value the server holds")
        }
        await server.stop()
    }

    @Test func aValueClearedAfterItWasSeenStaysCleared() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server)
        let phone = try await LiveDevice(server: server)
        let mood = try laptop.add("")
        try laptop.edit(mood.id, scales: [sleep: .tenths(80), anxiety: .whole(2)])
        try await laptop.syncOnce()
        try await phone.syncOnce()

        try phone.edit(mood.id, scales: [sleep: nil])
        try laptop.edit(mood.id, note: "a nap too")
        for device in [phone, laptop, phone] { try await device.syncOnce() }

        for device in [laptop, phone] {
            #expect(try device.mood(mood.id)?.scales.values == [anxiety: .whole(2)])
            #expect(try device.mood(mood.id)?.note == "a nap too")
        }
        await server.stop()
    }
}
