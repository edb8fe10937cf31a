import Foundation
import JournalTesting
import MoodKit
import MoodListModule
import MoodStore
import Testing

/// What background sync looks like on the list: the header's status and the rows that arrive
/// from another device, highlighted for a while.
@Suite struct MoodListSyncTests {
    let journal: TemporaryJournal
    let interactor: MoodListInteractor
    let presenter: MoodListPresenter
    let view = RecordingMoodListView()
    let clock = TestClock()

    init() throws {
        journal = try TemporaryJournal()
        interactor = try MoodListInteractor(store: journal.store)
        presenter = MoodListPresenter(interactor: interactor, router: MoodListAppRouter(onQuit: {}), now: { [clock] in clock.now })
        interactor.output = presenter
        presenter.view = view
    }

    /// Writes `mood` as the sync engine does when it arrives from the server, and tells the
    /// interactor as the app's watcher would.
    private func arrive(_ mood: Mood) throws {
        let before = try journal.store.read { try $0.latestChangeSequence() }
        try journal.store.write(origin: .sync) { try $0.insert(mood) }
        try interactor.journalDidChange(changes(after: before))
    }

    private func changes(after sequence: Int64) throws -> [JournalChange] {
        guard case .entries(let entries, _) = try journal.store.read({ try $0.changes(after: sequence) }) else { return [] }
        return JournalChange.grouping(entries, currentProcess: ProcessInfo.processInfo.processIdentifier)
    }

    /// Every row of a journal that never synced showed "waiting for upload".
    @Test func aLocalJournalsRowsHaveNoSyncMarkerUntilItSyncs() throws {
        try journal.add(note: "local")
        presenter.viewDidLoad(visibleRows: 10)
        #expect(view.model.rows.map { $0?.sync } == [nil])
        presenter.interactorDidUpdateSyncStatus(SyncStatus(state: .syncing, waiting: 1))
        #expect(view.model.rows.map { $0?.sync } == [.waiting])
    }

    @Test func aMoodFromAnotherDeviceIsHighlightedForAFewSeconds() throws {
        try journal.add(note: "mine", at: 0)
        presenter.viewDidLoad(visibleRows: 10)
        let remote = Mood(id: UUID(), date: Date(millisecondsSince1970: 60_000), level: .great, note: "theirs",
                          creatorID: "phone", modifiedAt: Date(), sync: MoodSyncState(remoteIdentifier: "x", remoteVersion: 1, changedSinceUpload: false))
        try arrive(remote)

        #expect(view.notes == ["theirs", "mine"])
        #expect(view.model.rows.map { $0?.isHighlighted } == [true, false])
        #expect(presenter.nextTimedChange == clock.now.addingTimeInterval(MoodListPresenter.highlightDuration))

        clock.now = clock.now.addingTimeInterval(MoodListPresenter.highlightDuration)
        presenter.timeDidPass()
        #expect(view.model.rows.map { $0?.isHighlighted } == [false, false])
        #expect(presenter.nextTimedChange == nil)
    }

    /// The form completes from the activities read after it opened: one another device brings
    /// while it is open, and (the same path) the journal's first read when it finishes late.
    @Test func anActivityThatArrivesWhileTheFormIsOpenIsOffered() throws {
        try journal.add(note: "mine", at: 0)
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.add)
        presenter.handle(.focus(.activities))
        presenter.handle(.edit(.insert("t")))
        let tea = Mood(
            id: UUID(), date: Date(millisecondsSince1970: 60_000), level: .great, note: "theirs", creatorID: "phone", modifiedAt: Date(),
            activities: [try ActivityName.normalized("tea")], sync: MoodSyncState(remoteIdentifier: "x", remoteVersion: 1, changedSinceUpload: false))
        try arrive(tea)
        let form = try #require(view.model.overlay.flatMap { if case .form(let form) = $0 { form } else { nil } })
        #expect(form.activityCandidates == ["tea"])
        presenter.handle(.completeActivity)
        let completed = try #require(view.model.overlay.flatMap { if case .form(let form) = $0 { form } else { nil } })
        #expect(completed.activities.text == "tea ")
    }

    @Test func theEnginesBookkeepingOnMyOwnMoodIsNotHighlighted() throws {
        let mine = try journal.add(note: "mine", at: 0)
        presenter.viewDidLoad(visibleRows: 10)
        presenter.interactorDidUpdateSyncStatus(SyncStatus(state: .syncing))
        let before = try journal.store.read { try $0.latestChangeSequence() }
        try journal.store.write(origin: .sync) { try $0.recordUploaded(mine, version: 1) }
        interactor.journalDidChange(try changes(after: before))
        #expect(view.model.rows.first??.isHighlighted == false)
        #expect(view.model.rows.first??.sync == .synced)
    }

    @Test func theHeaderSaysWhereSyncStands() throws {
        presenter.viewDidLoad(visibleRows: 10)
        #expect(view.model.header.status == "local journal")

        interactor.syncStatusDidChange(SyncStatus(state: .synced, waiting: 2))
        #expect(view.model.header.status == "synced · 2 waiting")

        interactor.syncStatusDidChange(SyncStatus(state: .offline(retryAt: clock.now.addingTimeInterval(12), reason: "connection refused"), waiting: 1, failed: 1))
        #expect(view.model.header.status == "offline · retry in 12 s · 1 waiting · 1 failed")
        #expect(presenter.nextTimedChange == clock.now.addingTimeInterval(1))
        clock.now = clock.now.addingTimeInterval(1)
        presenter.timeDidPass()
        #expect(view.model.header.status == "offline · retry in 11 s · 1 waiting · 1 failed")

        interactor.syncStatusDidChange(SyncStatus(state: .slowedDown(retryAt: clock.now.addingTimeInterval(3)), waiting: 1))
        #expect(view.model.header.status == "slowed down by the server · retry in 3 s · 1 waiting")
        #expect(presenter.nextTimedChange == clock.now.addingTimeInterval(1))

        interactor.syncStatusDidChange(SyncStatus(state: .error("the server refused the token")))
        #expect(view.model.header.status == "sync error: the server refused the token")
        #expect(presenter.nextTimedChange == nil)

        interactor.syncStatusDidChange(SyncStatus(state: .synced, encryption: .plain, waiting: 1))
        #expect(view.model.header.status == "synced · not encrypted · 1 waiting", "an account the server can read says so")
        interactor.syncStatusDidChange(SyncStatus(state: .synced, clockSkew: ClockSkew(milliseconds: 3_601_234)))
        #expect(view.model.header.status == "synced · clock 1 h ahead of the server")
        interactor.syncStatusDidChange(SyncStatus(state: .synced, clockSkew: ClockSkew(milliseconds: -59_999)))
        #expect(view.model.header.status == "synced", "under a minute is not worth a word")
    }
}
