import AppTesting
import Foundation
import JournalTesting
import MoodKit
import MoodStore
@testable import MoodSync
import SyncTesting
import Testing

/// Whenever something waits and no request for it is on its way, the engine has a timer for it
/// or sends it at once; and the header never says "synced" while anything waits. The engines
/// run on virtual time, which moves only when a test moves it.
@Suite(.hangGuard) struct NothingWaitsTests {
    /// A retry backoff no test waits out: whatever happens below happens without it.
    static let slowRetries = SyncEngineSettings(
        retry: Backoff(initial: .seconds(3_600), maximum: .seconds(3_600)),
        reconnect: Backoff(initial: .milliseconds(20), maximum: .milliseconds(50)))

    /// A failed upload and then a successful download left a mood waiting for as long
    /// as anyone watched (the download's success cancelled the upload's retry), under "synced".
    @Test func anUploadThatFailedGoesAsSoonAsAnotherRequestIsAnswered() async throws {
        let remote = try await InMemoryRemote()
        let device = try TestDevice(remote: remote, virtualClock: VirtualClock())
        let statuses = SyncCoordinatorTests.Statuses()
        let engine = Task { await device.coordinator(settings: Self.slowRetries, status: statuses.record).run() }
        defer { engine.cancel() }
        #expect(await waitUntil { statuses.last?.state == .synced && remote.pushListenerCount == 1 }, "\(statuses.seen) listeners \(remote.pushListenerCount)")

        remote.failUploads(with: .unavailable("503"))
        let mood = try device.add("stranded once")
        #expect(await waitUntil {
            statuses.seen.contains { status in
                guard case .offline = status.state else { return false }
                return status.waiting == 1
            }
        })
        remote.push()  // another device wrote: the download is answered, so the server is back

        #expect(await waitUntil { try await remote.serverMoods()[mood.id] != nil })
        #expect(await waitUntil { try device.backlog() == SyncBacklog() && statuses.last?.state == .synced })
        #expect(!statuses.seen.contains { $0.state == .synced && $0.waiting > 0 }, "\(statuses.seen)")
    }

    @Test func aDeviceBackFromOfflineSendsItsBacklogWhenTheServerIsBackNotWhenTheBackoffEnds() async throws {
        let remote = try await InMemoryRemote()
        let time = VirtualClock()
        let start = time.now
        let device = try TestDevice(remote: remote, virtualClock: time)
        remote.setOffline(true)
        let statuses = SyncCoordinatorTests.Statuses()
        let engine = Task { await device.coordinator(settings: Self.slowRetries, status: statuses.record).run() }
        defer { engine.cancel() }
        let moods = try await device.store.write(origin: .ui) { writer in
            try (0..<2_000).map { index in
                try writer.add(MoodEntry(level: .meh, note: "offline \(index)"))
            }
        }
        #expect(await waitUntil {
            guard case .offline = statuses.last?.state else { return false }
            return statuses.last?.waiting == moods.count
        })

        remote.setOffline(false)
        // Time moves in the push socket's short reconnect steps, never as far as the backoff.
        #expect(await waitUntil {
            time.advance(by: 0.05)
            return try device.backlog() == SyncBacklog()
        })
        #expect(time.now.timeIntervalSince(start) < 600, "the backlog waited for the hour's backoff")
        #expect(try await remote.serverMoods().count == moods.count)
        #expect(await waitUntil { statuses.last?.state == .synced })
    }

    @Test func aDeletionInItsUndoWindowIsPendingWithATimeNotSynced() async throws {
        let remote = try await InMemoryRemote()
        let time = VirtualClock()
        let device = try TestDevice(remote: remote, virtualClock: time)
        let mood = try device.add("going")
        let statuses = SyncCoordinatorTests.Statuses()
        let engine = Task { await device.coordinator(status: statuses.record).run() }
        defer { engine.cancel() }
        #expect(await waitUntil { statuses.last?.state == .synced })

        try device.delete(mood.id, undo: .offered)
        #expect(await waitUntil {
            guard case .pending(let nextRun?) = statuses.last?.state else { return false }
            return statuses.last?.waiting == 1 && nextRun > time.now
        })
        #expect(try await remote.serverMoods()[mood.id] != nil, "gone before its undo window closed")
        #expect(await waitUntil {
            time.advanceToNextWake()  // the undo window closes
            return try await remote.serverMoods()[mood.id] == nil && statuses.last?.state == .synced
        })
    }
}

/// The header's state as a function of the engine's.
@Suite struct SyncStatusRuleTests {
    let now = Date()

    @Test func anAccountWhoseMoodsTravelPlainIsShownAsNotEncrypted() async throws {
        let remote = try await InMemoryRemote()
        let device = try TestDevice(remote: remote, virtualClock: VirtualClock())
        let statuses = SyncCoordinatorTests.Statuses()
        let engine = Task { await device.coordinator(status: statuses.record).run() }
        defer { engine.cancel() }
        #expect(await waitUntil { statuses.last?.state == .synced }, "\(statuses.seen)")
        #expect(statuses.last?.encryption == .plain, "the journal holds no key")
    }

    @Test func itNeverSaysSyncedWhileMoodsWait() {
        let waiting = SyncBacklog(uploads: 1)
        #expect(SyncStatusRule.status(health: .reachable, busy: false, backlog: waiting, nextRun: nil).state == .pending(nextRun: nil))
        #expect(SyncStatusRule.status(health: .reachable, busy: false, backlog: SyncBacklog(), nextRun: nil).state == .synced)
        #expect(SyncStatusRule.status(health: .reachable, busy: true, backlog: waiting, nextRun: nil).state == .syncing)
    }

    @Test func aFailureShowsUntilTheEngineTriesAgain() {
        let retryAt = now.addingTimeInterval(8)
        #expect(SyncStatusRule.status(health: .unreachable(retryAt: retryAt, reason: "refused"), busy: true, backlog: SyncBacklog(), nextRun: retryAt).state
            == .offline(retryAt: retryAt, reason: "refused"))
        #expect(SyncStatusRule.status(health: .failing(retryAt: retryAt, reason: "400"), busy: false, backlog: SyncBacklog(), nextRun: retryAt).state
            == .error("400"))
        #expect(SyncStatusRule.status(health: .stopped("token refused"), busy: false, backlog: SyncBacklog(uploads: 3), nextRun: nil)
            == SyncStatus(state: .error("token refused"), waiting: 3))
    }
}
