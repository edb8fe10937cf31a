import AppTesting
import LocalProcesses
import Foundation
import GRDB
import MoodKit
import MoodStore
import Testing

/// Scales' definitions on two devices against a real `moodtui serve`, sealed and plain: a scale
/// made on one device is there to use on the other, with its values; a rename or a removal
/// follows; the same scale made on both before either synced is one scale; after a key rotation
/// the scales are stored sealed with the new key, and a device that logs in then reads them.
/// The account's words for the levels travel in the same setup.
@Suite(.serialized, .hangGuard, .ownThread) struct ScaleSyncTests {
    private let sleep = try! ScaleName.normalized("sleep"), rest = try! ScaleName.normalized("rest")
    private let hours = ScaleKind.number(unit: "h", minimum: 0, maximum: 240)

    private func scales(on device: LiveDevice) throws -> [String] {
        try device.store.read { try $0.scales() }.map { "\($0.name.value) \($0.kind.storedText)" }
    }

    private func setupVersion(_ server: ServerProcess) async throws -> Int64? {
        try await server.readFile { try Int64.fetchOne($0, sql: "SELECT setupVersion FROM account") }
    }

    @Test(arguments: [LiveDevice.Login.withKey, .plain])
    func aScaleMadeOnOneDeviceIsUsableOnTheOtherAndARenameFollows(login: LiveDevice.Login) async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server, login: login)
        let phone = try await LiveDevice(server: server, login: login)
        let scale = try await laptop.store.write(origin: .commandLine) { try $0.addScale(sleep, kind: hours) }
        let mood = try laptop.add("slept well")
        try laptop.edit(mood.id, scales: [scale.id: .tenths(80)])
        try await laptop.syncOnce()
        try await phone.syncOnce()

        #expect(try scales(on: phone) == ["sleep number 0 240 h"])
        let onPhone = try await phone.store.read { try $0.scale(named: sleep) }
        #expect(onPhone.id == scale.id)
        #expect(try phone.mood(mood.id)?.scales[onPhone.id] == .tenths(80))

        _ = try await phone.store.write(origin: .commandLine) { try $0.renameScale(sleep, to: rest) }
        try phone.edit(mood.id, scales: [onPhone.id: .tenths(75)])
        for device in [phone, laptop] { try await device.syncOnce() }
        #expect(try scales(on: laptop) == ["rest number 0 240 h"])
        #expect(try laptop.mood(mood.id)?.scales[scale.id] == .tenths(75))

        _ = try await laptop.store.write(origin: .commandLine) { try $0.removeScale(rest) }
        for device in [laptop, phone] { try await device.syncOnce() }
        #expect(try scales(on: phone) == [])
        #expect(try phone.mood(mood.id)?.scales[scale.id] == .tenths(75), "a removed scale's values stay")
        await server.stop()
    }

    /// Words given on one device show on the other; two devices that change them at once end
    /// alike, and a change made after seeing the other's wins on both.
    @Test(arguments: [LiveDevice.Login.withKey, .plain])
    func levelWordsGivenOnOneDeviceAreTheOthersAndBothEndAlike(login: LiveDevice.Login) async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server, login: login)
        let phone = try await LiveDevice(server: server, login: login)
        func words(on device: LiveDevice) async throws -> LevelWords { try await device.store.read { try $0.levelWordsInUse() } }
        let rad = try LevelWords(topToBottom: ["rad", "good", "meh", "bad", "awful"])
        try await laptop.store.write(origin: .commandLine) { try $0.setLevelWords(rad) }
        try await laptop.syncOnce()
        try await phone.syncOnce()
        #expect(try await words(on: phone) == rad)

        let german = try LevelWords(topToBottom: ["super", "gut", "ok", "schlecht", "lausig"])
        try await phone.store.write(origin: .commandLine) { try $0.setLevelWords(german) }
        try await laptop.store.write(origin: .commandLine) { try $0.setLevelWords(.builtIn) }
        for device in [phone, laptop, phone] { try await device.syncOnce() }
        let settled = try await words(on: laptop)
        #expect(try await words(on: phone) == settled && [german, .builtIn].contains(settled), "one of the two, the same on both")

        try await phone.store.write(origin: .commandLine) { try $0.setLevelWords(rad) }
        for device in [phone, laptop] { try await device.syncOnce() }
        for device in [laptop, phone] { #expect(try await words(on: device) == rad, "a change made after the others wins") }
        await server.stop()
    }

    @Test func theSameScaleMadeOnBothDevicesBeforeEitherSyncedIsOneScale() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server)
        let phone = try await LiveDevice(server: server)
        let anxiety = try ScaleName.normalized("anxiety")
        _ = try await laptop.store.write(origin: .commandLine) { try $0.addScale(sleep, kind: hours) }
        _ = try await phone.store.write(origin: .commandLine) { writer in
            try writer.addScale(sleep, kind: hours)
            return try writer.addScale(anxiety, kind: .range(1...5))
        }
        for device in [laptop, phone, laptop] { try await device.syncOnce() }

        for device in [laptop, phone] { #expect(try scales(on: device) == ["anxiety range 1 5", "sleep number 0 240 h"]) }
        let version = try await setupVersion(server)
        for device in [laptop, phone] { try await device.makeEngine().syncOnce() }
        #expect(try await setupVersion(server) == version, "nothing left to store: merging ends where it started")
        await server.stop()
    }

    @Test func afterARotationTheScalesAreSealedWithTheNewKeyForADeviceThatLogsInThen() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server, named: "laptop")
        _ = try await laptop.store.write(origin: .commandLine) { try $0.addScale(sleep, kind: hours) }
        try await laptop.syncOnce()

        let rotated = try ProcessResult.moodtui(["key", "rotate", "--keep-devices", "--journal", laptop.journal.path])
        try #require(rotated.status == 0, "\(rotated.standardError)")
        LiveDevice.give(try #require(rotated.standardOutput.split(separator: "\n").last.map(String.init)), on: server)
        try await laptop.makeEngine().syncOnce()
        let fresh = try await LiveDevice(server: server, named: "tablet")
        try await fresh.syncOnce()
        #expect(try scales(on: fresh) == ["sleep number 0 240 h"])
        await server.stop()
    }
}
