import AppTesting
import Foundation
import JournalTesting
import Logging
import MoodKit
import MoodStore
@testable import MoodSync
import Synchronization
import SyncTesting
import Testing

/// The engine on virtual time: every device's journal and engine run on a `VirtualClock`, which
/// moves only when a test moves it, so retries, backoffs and undo windows are tried without
/// waiting for them.
@Suite(.hangGuard) struct SyncCoordinatorTests {
    /// The statuses an engine published, shared with its handler.
    final class Statuses: Sendable {
        private let all = Mutex<[SyncStatus]>([])
        func record(_ status: SyncStatus) { all.withLock { $0.append(status) } }
        var last: SyncStatus? { all.withLock { $0.last } }
        var seen: [SyncStatus] { all.withLock { $0 } }
    }

    @Test func atLaunchItFinishesWhatWasLeftWaiting() async throws {
        let remote = try await InMemoryRemote()
        let device = try TestDevice(remote: remote, virtualClock: VirtualClock())
        let gone = try device.add("to delete")
        _ = try await device.uploader.uploadPending()
        try device.delete(gone.id)
        let waiting = try device.add("written offline")

        let engine = Task { await device.coordinator().run() }
        defer { engine.cancel() }
        #expect(await waitUntil { try device.backlog() == SyncBacklog() })
        let server = try await remote.serverMoods()
        #expect(server[waiting.id]?.content?.note == "written offline")
        #expect(server[gone.id] == nil)
    }

    @Test func offlineItRetriesWithBackoffAndUploadsWhenTheServerReturns() async throws {
        let remote = try await InMemoryRemote()
        let time = VirtualClock()
        let device = try TestDevice(remote: remote, virtualClock: time)
        remote.setOffline(true)
        let statuses = Statuses()
        let engine = Task { await device.coordinator(status: statuses.record).run() }
        defer { engine.cancel() }

        let mood = try device.add("no network")
        #expect(await waitUntil {
            guard case .offline = statuses.last?.state else { return false }
            return statuses.last?.waiting == 1
        })
        let attempts = remote.requests.count
        #expect(await waitUntil { time.advanceToNextWake() && remote.requests.count > attempts + 2 })  // it keeps trying…

        remote.setOffline(false)
        #expect(await waitUntil {  // …and gets there at its next try
            time.advanceToNextWake()
            return statuses.last?.state == .synced && statuses.last?.waiting == 0
        })
        #expect(try await remote.serverMoods()[mood.id] != nil)
        #expect(try device.mood(mood.id)?.sync.summary == .synced)
    }

    /// 429 with `Retry-After`: nothing goes before the time the server named, not even when a
    /// push comes or the person writes meanwhile, and the header says why it waits. The engine
    /// runs on a virtual clock, so the server's two seconds pass when the test says.
    @Test func aServerThatAsksToSlowDownIsLeftAloneUntilItsTimeIsUp() async throws {
        let remote = try await InMemoryRemote()
        let time = VirtualClock()
        let device = try TestDevice(remote: remote, virtualClock: time)
        remote.failUploads(with: .rateLimited(retryAfter: .seconds(2)))
        let statuses = Statuses()
        let engine = Task { await device.coordinator(status: statuses.record).run() }
        defer { engine.cancel() }
        let first = try device.add("slowed down")
        let retryAt = try #require(await waitFor {
            if case .slowedDown(let retryAt) = statuses.last?.state { retryAt } else { nil }
        })
        #expect(retryAt >= time.now.addingTimeInterval(2), "the engine waits at least the server's time")
        let uploads = { remote.requests.filter { if case .upload = $0 { true } else { false } }.count }
        let uploadsWhenRefused = uploads()
        remote.push()
        let second = try device.add("written meanwhile")
        #expect(await waitUntil { statuses.last?.waiting == 2 }, "the engine saw the second mood")

        time.advance(by: retryAt.timeIntervalSince(time.now) - 0.001)
        #expect(statuses.last?.waiting == 2)
        #expect(uploads() == uploadsWhenRefused, "an upload went before the server's time was up")

        time.advance(by: 0.001)
        #expect(await waitUntil { statuses.last?.state == .synced && statuses.last?.waiting == 0 }, "\(String(describing: statuses.last))")
        #expect(uploads() > uploadsWhenRefused)
        #expect(Set(try await remote.serverMoods().keys) == [first.id, second.id])
    }

    @Test func aPushBringsAnotherDevicesChange() async throws {
        let remote = try await InMemoryRemote()
        let phone = try TestDevice(remote: remote.anotherDevice(), virtualClock: VirtualClock())
        let statuses = Statuses()
        let engine = Task { await phone.coordinator(status: statuses.record).run() }
        defer { engine.cancel() }
        #expect(await waitUntil { phone.remote.pushListenerCount == 1 && statuses.last == SyncStatus(state: .synced, encryption: .plain) })
        let requestsBeforePush = phone.remote.requests.count

        let laptop = try TestDevice(remote: remote, virtualClock: VirtualClock())
        let mood = try laptop.add("from the laptop")
        _ = try await laptop.uploader.uploadPending()
        phone.remote.push()
        #expect(await waitUntil { try phone.mood(mood.id)?.note == "from the laptop" })
        #expect(phone.remote.requests.dropFirst(requestsBeforePush).contains(.changes))
    }

    @Test func aRefusedTokenStopsSyncAndSaysWhatToDo() async throws {
        let remote = try await InMemoryRemote()
        let device = try TestDevice(remote: remote, virtualClock: VirtualClock())
        try device.add("waiting")
        remote.fail(with: .unauthorized("revoked"))
        let statuses = Statuses()
        let engine = Task { await device.coordinator(status: statuses.record).run() }
        defer { engine.cancel() }

        #expect(await waitUntil {
            guard case .error(let message) = statuses.last?.state else { return false }
            return message.contains("refused the token") && message.contains("moodtui login")
        })
        #expect(try device.backlog().uploads == 1)
        #expect(!remote.requests.contains { if case .upload = $0 { true } else { false } })
    }

    @Test func aTokenOfAnotherAccountIsRefusedBeforeAnythingMoves() async throws {
        let device = try TestDevice(remote: try await InMemoryRemote(), virtualClock: VirtualClock())
        try device.add("mine")
        let stranger = try await InMemoryRemote()  // another server, another account
        let engine = SyncCoordinator(store: device.store, remote: stranger, logger: Logger(label: "test"))
        await #expect(throws: SyncStopped.anotherAccount("test")) { try await engine.syncOnce() }
        #expect(stranger.requests == [.account])
        #expect(try device.backlog().uploads == 1)
    }

    @Test func aLoginToAnotherAccountWhileSyncRunsStopsItsWrites() async throws {
        let device = try TestDevice(remote: try await InMemoryRemote(), virtualClock: VirtualClock())
        let mood = try device.add("mine")
        let journal = SyncJournal(store: device.store, identity: device.remote.accountID)
        try device.store.setSetting(.syncAccount, to: "another server/another account")
        await #expect(throws: SyncStopped.accountChanged) { try await journal.write { try $0.recordUploaded(mood, version: 1) } }
        #expect(try device.mood(mood.id)?.sync.remoteVersion == nil)
    }

    @Test func syncOnceReportsWhatItDid() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try TestDevice(remote: remote, virtualClock: VirtualClock()), phone = try TestDevice(remote: remote.anotherDevice(), virtualClock: VirtualClock())
        try laptop.add("one")
        try laptop.add("two")
        #expect(try await laptop.coordinator().syncOnce().uploaded == 2)
        let report = try await phone.coordinator().syncOnce()
        #expect(report.downloaded == 2 && report.uploaded == 0 && report.failed == 0)
    }
}
