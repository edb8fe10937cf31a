import Foundation
import JournalTesting
import MoodKit
import MoodListModule
import MoodStore
import Testing

/// `u` brings back the last mood deleted here for as long as the screen offers it, and the screen
/// stops offering it when the journal's undo window closes (after which a sync engine may have
/// sent the deletion to the server).
@Suite struct MoodListUndoTests {
    let journal: TemporaryJournal
    let presenter: MoodListPresenter
    let view = RecordingMoodListView()
    let clock = TestClock()

    init() throws {
        journal = try TemporaryJournal()
        let interactor = try MoodListInteractor(store: journal.store)
        presenter = MoodListPresenter(interactor: interactor, router: MoodListAppRouter(onQuit: {}), now: { [clock] in clock.now })
        interactor.output = presenter
        presenter.view = view
        try journal.add(note: "kept")
        try journal.add(note: "deleted", at: 60_000)
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.deleteSelected)
        presenter.handle(.answer(true))
    }

    @Test func theOfferLastsAsLongAsTheUndoWindowAndThenGoes() {
        #expect(view.model.message?.text.contains("u to undo") == true)
        let window = JournalWriter.undoWindow.timeInterval
        #expect(presenter.nextTimedChange.map { $0 <= clock.now.addingTimeInterval(window) } == true)

        clock.now = clock.now.addingTimeInterval(window)
        presenter.timeDidPass()
        #expect(view.model.message?.text.contains("undo") != true, "the screen still offers an undo the journal would refuse")
        presenter.handle(.undoDelete)
        #expect(view.model.message?.text == "Nothing to undo.")
        #expect(view.notes == ["kept"])
    }

    @Test func withinTheWindowUndoBringsTheMoodBack() {
        clock.now = clock.now.addingTimeInterval(JournalWriter.undoWindow.timeInterval / 2)
        presenter.timeDidPass()
        #expect(view.model.message?.text.contains("u to undo") == true)
        presenter.handle(.undoDelete)
        #expect(view.notes == ["deleted", "kept"])
    }
}
