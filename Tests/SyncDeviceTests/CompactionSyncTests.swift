import AppTesting
import Foundation
import LocalProcesses
import Logging
import MoodKit
import MoodServer
import MoodStore
import PostgresServerStorage
import SQLiteServerStorage
import ServerStorage
import Testing

/// Devices against a real `moodtui serve` whose store compacts its tombstones, from this process
/// beside the server (as another instance would): a device away for longer than the retention,
/// and compaction while devices write. Compaction removes the tombstones of accounts without a
/// key; a sealed account's tombstones carry the deletions' proofs, and stay.
@Suite(.hangGuard, .ownThread) struct CompactionSyncTests {
    @Test(arguments: ServedStore.allCases, [LiveDevice.Login.plain, .withKey])
    func aDeviceAwayPastTheRetentionDropsWhatWasDeletedMeanwhileAndKeepsWhatItWrote(_ served: ServedStore, login: LiveDevice.Login) async throws {
        let server = try await served.start()
        let laptop = try await LiveDevice(server: server, named: "laptop", login: login)
        let phone = try await LiveDevice(server: server, named: "phone", login: login)
        let deleted = try laptop.add("deleted while the phone was away")
        let editedThenDeleted = try laptop.add("edited on the phone, deleted on the laptop")
        let kept = try laptop.add("kept")
        try await laptop.syncOnce()
        try await phone.syncOnce()
        #expect(try phone.list() == laptop.list())

        // The phone is away for longer than the server keeps tombstones.
        try phone.edit(editedThenDeleted.id, note: "edited while away")
        let written = try phone.add("written while away")
        try laptop.delete(deleted.id)
        try laptop.delete(editedThenDeleted.id)
        try await laptop.syncOnce()
        let store = try await served.open(server)
        defer { served.close(store) }
        let removed = try await store.compact(tombstonesDeletedBefore: Date().addingTimeInterval(1))
        #expect(removed == (login == .plain ? 2 : 0), "signed tombstones stay, for the device away to drop its copies on their proofs")

        try await phone.syncOnce()
        let expected = [kept.id: "4 kept", written.id: "4 written while away"]
        #expect(try phone.list() == expected)
        try await laptop.syncOnce()
        #expect(try laptop.list() == expected)
        let fresh = try await LiveDevice(server: server, login: login)
        try await fresh.syncOnce()
        #expect(try fresh.list() == expected)
        let status = await server.stop()
        #expect(status == 0, "the server's last words: \((try? String(contentsOf: server.errorLog, encoding: .utf8))?.suffix(2_000) ?? "none")")
    }

    /// Three devices add, edit and delete at random, their engines running, while every
    /// tombstone is compacted as soon as it is written; a fourth device, away all along, writes
    /// too. Devices delete only moods the server has acknowledged to them: a deletion racing its
    /// mood's first upload needs its tombstone to outlive the upload, which a retention of
    /// nothing does not give (``TombstoneRule``).
    @Test(arguments: ServedStore.allCases)
    func compactionWhileDevicesWriteLosesNothingAndBringsNothingBack(_ served: ServedStore) async throws {
        let seed = TestSeed.chosen()
        var random = SeededGenerator(seed: seed)
        let server = try await served.start()
        let store = try await served.open(server)
        defer { served.close(store) }
        var devices: [LiveDevice] = []
        // Accounts without a key: a sealed account's tombstones are never compacted.
        for name in ["laptop", "phone", "tablet"] { devices.append(try await LiveDevice(server: server, named: name, login: .plain)) }
        let away = try await LiveDevice(server: server, named: "away", login: .plain)
        var live: Set<Mood.ID> = []
        for index in 0..<10 { live.insert(try devices[0].add("to begin with \(index)").id) }
        for device in devices + [away] { try await device.syncOnce() }

        let engines = devices.map { RunningEngine($0.engine) }
        defer { engines.forEach { $0.cancel() } }
        var compacted = 0
        var writtenAway: Set<Mood.ID> = []
        for step in 0..<300 {
            let device = devices[Int.random(in: 0..<devices.count, using: &random)]
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<40:
                live.insert(try device.add("added at \(step)").id)
            case 40..<70:
                guard let id = live.randomElement(using: &random) else { continue }
                _ = try? device.edit(id, note: "edited at \(step)")  // it may not be here yet, or be gone
            default:
                let candidates = live
                let acknowledged = try await device.store.read { try $0.moods(ids: candidates) }.values
                    .filter { $0.sync.remoteIdentifier != nil && !$0.sync.markedForRemoteDeletion }.map(\.id).sorted()
                guard let id = acknowledged.randomElement(using: &random) else { continue }
                try device.delete(id)
                live.remove(id)
            }
            if step % 3 == 0, let id = live.randomElement(using: &random) {
                _ = try? away.edit(id, note: "edited away at \(step)")
            }
            if step % 50 == 0 { writtenAway.insert(try away.add("written away at \(step)").id) }
            if step % 10 == 9 { compacted += try await store.compact(tombstonesDeletedBefore: Date()) }
        }
        let converged = await Self.converged(devices, on: live)
        #expect(converged, "seed \(seed): the devices did not converge")
        compacted += try await store.compact(tombstonesDeletedBefore: Date())
        #expect(compacted > 0, "seed \(seed): nothing was compacted")

        try await away.syncOnce()
        let expected = live.union(writtenAway)
        let awayList = Set(try away.list().keys)
        #expect(awayList == expected, "seed \(seed): the device away kept \(awayList.subtracting(expected).count) deleted, lacks \(expected.subtracting(awayList).count)")
        #expect(await Self.converged(devices, on: expected), "seed \(seed): what the device away wrote did not reach the others")
        let fresh = try await LiveDevice(server: server, login: .plain)
        try await fresh.syncOnce()
        let freshList = Set(try fresh.list().keys)
        #expect(freshList == expected, "seed \(seed): missing \(expected.subtracting(freshList).count), brought back \(freshList.subtracting(expected).count)")
        engines.forEach { $0.cancel() }
        for engine in engines { #expect(await waitUntil { engine.hasReturned }) }
        let status = await server.stop()
        #expect(status == 0, "the server's last words: \((try? String(contentsOf: server.errorLog, encoding: .utf8))?.suffix(2_000) ?? "none")")
    }

    /// Waits until every device lists `expected` and nothing waits for sync.
    private static func converged(_ devices: [LiveDevice], on expected: Set<Mood.ID>) async -> Bool {
        await waitUntil(upTo: .seconds(60)) {
            let lists = try devices.map { Set(try $0.list().keys) }
            let waiting = try devices.map { try $0.store.read { try $0.syncBacklog() } }
            return lists.allSatisfy { $0 == expected } && waiting.allSatisfy { $0 == SyncBacklog() }
        }
    }
}

/// Where a `moodtui serve` of these tests keeps its moods.
enum ServedStore: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    var testDescription: String { rawValue }

    func start() async throws -> ServerProcess {
        switch self {
        case .sqlite: try await ServerProcess.start(data: temporaryServerFolder())
        case .postgres: try await ServerProcess.start(database: try PostgresCluster.shared().makeDatabase())
        }
    }

    /// The store `server` serves, opened in this process beside it.
    func open(_ server: ServerProcess) async throws -> any MoodServerStorage {
        switch self {
        case .sqlite: return try SQLiteMoodServerStorage(directory: server.data)
        case .postgres:
            var logger = Logger(label: "compaction-test")
            logger.logLevel = .critical
            return try await PostgresMoodServerStorage.connect(try #require(try PostgresAddress(server.store[1])), logger: logger)
        }
    }

    func close(_ store: any MoodServerStorage) {
        (store as? PostgresMoodServerStorage)?.close()
    }
}
