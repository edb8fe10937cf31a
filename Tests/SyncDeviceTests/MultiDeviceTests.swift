import AppTesting
import Foundation
import JournalTesting
import MoodKit
import MoodStore
@testable import MoodSync
import SyncProtocol
import Testing

/// Several devices of one account against a real `moodtui serve` on 127.0.0.1.
@Suite(.serialized, .hangGuard, .ownThread) struct MultiDeviceTests {
    @Test func addEditAndDeleteOnOneDeviceReachEveryOther() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let devices = [try await LiveDevice(server: server), try await LiveDevice(server: server), try await LiveDevice(server: server)]
        let mood = try devices[0].add("written on the laptop")
        for device in devices { try await device.syncOnce() }
        for device in devices { #expect(try device.list() == [mood.id: "4 written on the laptop"]) }

        try devices[1].edit(mood.id, level: .great, note: "edited on the phone")
        for index in [1, 0, 2] { try await devices[index].syncOnce() }
        for device in devices { #expect(try device.list() == [mood.id: "5 edited on the phone"]) }

        try devices[2].delete(mood.id)
        for index in [2, 0, 1] { try await devices[index].syncOnce() }
        for device in devices {
            #expect(try device.list().isEmpty)
            #expect(try await device.store.read { try $0.mood(id: mood.id) } == nil)
        }
        await server.stop()
    }

    @Test func runningDevicesSeeEachOthersChangesWithoutAsking() async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let laptop = try await LiveDevice(server: server), phone = try await LiveDevice(server: server)
        let engines = [laptop, phone].map { device in Task { await device.engine.run() } }
        defer { engines.forEach { $0.cancel() } }

        let mood = try laptop.add("pushed to the phone")
        #expect(await waitUntil { try phone.list()[mood.id] == "4 pushed to the phone" })
        try phone.delete(mood.id)
        #expect(await waitUntil { try laptop.list()[mood.id] == nil })
        await server.stop()
    }

    /// Random adds, edits and deletes on three devices that sync at random moments, so that
    /// edits cross on the server and edits meet deletes. In the end every device holds the same
    /// list, and it is the one the written rules give: every mood deleted anywhere is gone, and
    /// every other mood shows, field by field, its latest edit by the stamps.
    @Test(arguments: [11, 12, 13] as [UInt64])
    func concurrentEditsAndDeletesConvergeByTheWrittenRules(seed: UInt64) async throws {
        let server = try await ServerProcess.start(data: temporaryServerFolder())
        let devices = [try await LiveDevice(server: server), try await LiveDevice(server: server), try await LiveDevice(server: server)]
        var random = SeededGenerator(seed: seed)
        var latest: [Mood.ID: MoodFields] = [:], deleted: Set<Mood.ID> = []
        func record(_ id: Mood.ID, on device: LiveDevice) throws {
            guard let mood = try device.mood(id) else { return }
            latest[id] = latest[id].map { $0.merged(with: mood.fields) } ?? mood.fields
        }
        for round in 0..<25 {
            for device in devices where Bool.random(using: &random) {
                let known = Array(try device.list().keys).sorted { $0.uuidString < $1.uuidString }
                let level = MoodLevel(rawValue: Int.random(in: 1...5, using: &random))!
                switch known.isEmpty ? 0 : Int.random(in: 0..<10, using: &random) {
                case 0..<4:
                    try record(try device.add("round \(round)", level: level).id, on: device)
                case 4..<8:
                    let id = known.randomElement(using: &random)!
                    try device.edit(id, level: level, note: "edit \(round) \(Int.random(in: 0..<1000, using: &random))")
                    try record(id, on: device)
                default:
                    let id = known.randomElement(using: &random)!
                    try device.delete(id)
                    deleted.insert(id)
                }
            }
            for device in devices where Bool.random(using: &random) { try await device.syncOnce() }
        }
        for _ in 0..<2 { for device in devices { try await device.syncOnce() } }

        let expected = Dictionary(uniqueKeysWithValues: latest.filter { !deleted.contains($0.key) }.map {
            ($0.key, "\($0.value.level.value.rawValue) \($0.value.note.value)")
        })
        #expect(deleted.count > 2 && expected.count > 2)
        for device in devices {
            #expect(try device.list() == expected)
            #expect(try await device.store.read { try $0.syncBacklog() } == SyncBacklog())
        }
        let fresh = try await LiveDevice(server: server)
        try await fresh.syncOnce()
        #expect(try fresh.list() == expected)
        await server.stop()
    }

    @Test func workDoneOfflineUploadsWhenTheServerReturns() async throws {
        let data = temporaryServerFolder()
        let first = try await ServerProcess.start(data: data)
        let port = first.port
        let laptop = try await LiveDevice(server: first), phone = try await LiveDevice(server: first)
        let engine = Task { await laptop.engine.run() }
        defer { engine.cancel() }
        #expect(await first.stop() == 0)

        let moods = try (1...3).map { try laptop.add("offline \($0)") }
        let second = try await ServerProcess.start(data: data, port: port)
        #expect(await waitUntil { try laptop.store.read { try $0.syncBacklog() } == SyncBacklog() })
        try await phone.syncOnce()
        #expect(try Set(phone.list().keys) == Set(moods.map(\.id)))
        await second.stop()
    }
}
