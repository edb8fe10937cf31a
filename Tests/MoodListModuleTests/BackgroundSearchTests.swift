import AppTesting
import CacheTracking
import Foundation
import JournalTesting
import MoodKit
@testable import MoodListModule
import MoodStore
import Synchronization
import Testing

/// A filter typed after `/` is read off the UI thread: a keystroke never waits for a search, and
/// a search's result that arrives after a later one was asked for is dropped.
@Suite struct BackgroundSearchTests {
    final class Wakes: Sendable {
        let count = Mutex(0)
        func wake() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    private func journal(notes: [String], activities: [[String]] = []) throws -> TemporaryJournal {
        let journal = try TemporaryJournal()
        for (index, note) in notes.enumerated() {
            let names = Set((activities.indices.contains(index) ? activities[index] : []).map { try! ActivityName.normalized($0) })
            _ = try journal.store.write(origin: .ui) {
                try $0.add(MoodEntry(level: .good, note: note, date: Date(millisecondsSince1970: Int64(index) * 60_000), activities: names))
            }
        }
        return journal
    }

    /// The list of four walks and runs on screen, its searches run in the background and
    /// counted by `wakes`; the journal is returned to be kept alive.
    private func screenSearchingInTheBackground() throws -> (TemporaryJournal, Wakes, MoodListInteractor, MoodListPresenter, RecordingMoodListView) {
        let journal = try journal(notes: ["walk by the sea", "run in the rain", "walking home", "tea"])
        let wakes = Wakes()
        let interactor = try MoodListInteractor(store: journal.store, searchExecution: .background(wake: wakes.wake))
        let presenter = MoodListPresenter(interactor: interactor, router: MoodListAppRouter(onQuit: {}))
        let view = RecordingMoodListView()
        interactor.output = presenter
        presenter.view = view
        presenter.viewDidLoad(visibleRows: 10)
        return (journal, wakes, interactor, presenter, view)
    }

    /// Types `text` on the filter line of a screen that has not searched yet, keeps it with Enter
    /// and shows the search's list once its last search (one per letter) has finished.
    private func keepFilter(_ text: String, _ presenter: MoodListPresenter, _ wakes: Wakes, _ interactor: MoodListInteractor) async throws {
        presenter.handle(.startFilter)
        for character in text { presenter.handle(.edit(.insert(character))) }
        presenter.handle(.submit)
        try #require(await waitUntil { wakes.value == text.count })
        interactor.refresh()
    }

    private func notes(_ interactor: MoodListInteractor) -> [String] {
        interactor.moods(in: 0..<interactor.count).compactMap { $0?.note }
    }

    @Test func theLastSearchAskedForIsShownWhateverOrderTheSearchesFinishIn() async throws {
        let journal = try journal(notes: ["walk by the sea", "run in the rain", "walking home"])
        let wakes = Wakes()
        let interactor = try MoodListInteractor(store: journal.store, searchExecution: .background(wake: wakes.wake))
        try interactor.filter(search: "walk")
        try interactor.filter(search: "rain")
        #expect(interactor.isSearching, "the list shows the journal until the search is read")
        #expect(interactor.count == 3)
        #expect(await waitUntil { wakes.value == 2 })
        interactor.refresh()
        #expect(!interactor.isSearching)
        #expect(notes(interactor) == ["run in the rain"])
    }

    /// The filtered list arrived after the keystroke and put the selection back
    /// at the top.
    @Test func theSelectedMoodStaysSelectedWhenTheSearchArrives() async throws {
        let (journal, wakes, interactor, presenter, view) = try screenSearchingInTheBackground()
        defer { withExtendedLifetime(journal) {} }  // its folder goes with it
        presenter.handle(.moveSelection(by: 3))  // "walk by the sea", the oldest
        presenter.handle(.startFilter)
        for character in "walk" { presenter.handle(.edit(.insert(character))) }
        #expect(view.model.header.countText == "searching “walk”…")
        #expect(await waitUntil { wakes.value == 4 })
        interactor.refresh()
        #expect(view.notes == ["walking home", "walk by the sea"])
        #expect(view.model.selectedIndex == 1, "still on the mood selected before the search")
        #expect(view.model.header.countText == "2 moods matching “walk”")
    }

    /// `n` pressed while Esc's whole list was still being read selected the match,
    /// then the list arrived and put the selection back where Esc left it.
    @Test func aMatchChosenWhileTheWholeListIsReadStaysSelectedWhenItArrives() async throws {
        let (journal, wakes, interactor, presenter, view) = try screenSearchingInTheBackground()
        defer { withExtendedLifetime(journal) {} }  // its folder goes with it
        try await keepFilter("walk", presenter, wakes, interactor)
        #expect(view.notes == ["walking home", "walk by the sea"])
        presenter.handle(.cancel)
        presenter.handle(.moveToMatch(forward: true))
        #expect(view.selectedRow?.note == "walk by the sea")
        #expect(await waitUntil { wakes.value == 5 })
        interactor.refresh()
        #expect(view.notes.count == 4, "the whole list")
        #expect(view.selectedRow?.note == "walk by the sea", "the match, not the mood Esc left selected")
    }

    /// `/`, a few letters, then Esc: the list came back whole with the last match typed
    /// through selected, where less and vim go back to where the search started.
    @Test func escOnTheFilterLineGoesBackToTheMoodSelectedBeforeSlash() async throws {
        let (journal, wakes, interactor, presenter, view) = try screenSearchingInTheBackground()
        defer { withExtendedLifetime(journal) {} }  // its folder goes with it
        presenter.handle(.moveSelection(by: 2))  // "run in the rain"
        presenter.handle(.startFilter)
        for character in "walk" { presenter.handle(.edit(.insert(character))) }
        #expect(await waitUntil { wakes.value == 4 })
        interactor.refresh()
        presenter.handle(.moveSelection(by: 1))  // "walk by the sea", the second match
        presenter.handle(.cancel)
        #expect(await waitUntil { wakes.value == 5 })
        interactor.refresh()
        #expect(view.notes.count == 4, "the whole list")
        #expect(view.selectedRow?.note == "run in the rain", "the mood selected before /")
    }

    /// `/` over a kept filter, a few letters, then Esc: the kept filter was dropped and the whole
    /// list shown, where Esc goes back to the list as it was before `/`.
    @Test func escOnTheFilterLineBringsBackTheFilterKeptBeforeSlash() async throws {
        let (journal, wakes, interactor, presenter, view) = try screenSearchingInTheBackground()
        defer { withExtendedLifetime(journal) {} }  // its folder goes with it
        try await keepFilter("walk", presenter, wakes, interactor)
        presenter.handle(.moveSelection(by: 1))  // "walk by the sea"
        presenter.handle(.startFilter)
        presenter.handle(.edit(.insert("z")))
        #expect(await waitUntil { wakes.value == 5 })
        interactor.refresh()
        #expect(view.notes.isEmpty)
        presenter.handle(.cancel)
        #expect(await waitUntil { wakes.value == 6 })
        interactor.refresh()
        #expect(view.notes == ["walking home", "walk by the sea"], "the kept filter again")
        #expect(view.selectedRow?.note == "walk by the sea")
        #expect(view.model.header.countText == "2 moods matching “walk”")
    }

    /// `e` pressed after Enter kept a search, before the search's list arrived: the list on
    /// screen (the previous search's, empty) had no mood, and the key vanished.
    @Test func aKeyPressedBeforeTheSearchsListArrivesActsOnThatList() async throws {
        let (journal, wakes, interactor, presenter, view) = try screenSearchingInTheBackground()
        defer { withExtendedLifetime(journal) {} }  // its folder goes with it
        presenter.handle(.startFilter)
        for character in "walkz" { presenter.handle(.edit(.insert(character))) }
        #expect(await waitUntil { wakes.value == 5 })
        interactor.refresh()
        #expect(view.notes.isEmpty)
        presenter.handle(.edit(.deleteBackward))
        presenter.handle(.submit)
        presenter.handle(.editSelected)
        #expect(await waitUntil { wakes.value == 6 })
        interactor.refresh()
        guard case .form(let form) = view.model.overlay else {
            Issue.record("no form open: \(String(describing: view.model.overlay))")
            return
        }
        #expect(form.note.text == "walking home", "the first mood of the list asked for")
    }

    @Test func aResultOfAnEarlierSearchIsDropped() throws {
        let slot = FinishedSearchSlot()
        let journal = try journal(notes: ["x"])
        let prepared = try CacheTracker.prepare(.journal, from: journal.store)
        slot.offer(FinishedSearch(generation: 2, result: .success(prepared)))
        slot.offer(FinishedSearch(generation: 1, result: .success(prepared)))
        #expect(slot.take()?.generation == 2)
        #expect(slot.take() == nil)
        slot.ask(1)
        slot.ask(2)
        #expect(!slot.isLatest(1) && slot.isLatest(2), "a search overtook before it started is skipped")
    }

    @Test func hashtagsSearchActivitiesAndTheRestSearchesNotes() throws {
        let journal = try journal(
            notes: ["walk by the sea", "walk to work", "run in the rain"], activities: [["family"], ["work"], ["family"]])
        let interactor = try MoodListInteractor(store: journal.store)
        try interactor.filter(search: "#family walk")
        #expect(notes(interactor) == ["walk by the sea"])
        try interactor.filter(search: "#family")
        #expect(notes(interactor) == ["run in the rain", "walk by the sea"])
    }

    @Test func aSearchReadInTheBackgroundCatchesUpWithCommitsMadeMeanwhile() async throws {
        let journal = try journal(notes: ["walk one"])
        let wakes = Wakes()
        let interactor = try MoodListInteractor(store: journal.store, searchExecution: .background(wake: wakes.wake))
        try interactor.filter(search: "walk")
        #expect(await waitUntil { wakes.value == 1 })
        _ = try await journal.store.write(origin: .commandLine) { try $0.add(MoodEntry(level: .meh, note: "walk two")) }
        interactor.refresh()
        #expect(notes(interactor) == ["walk two", "walk one"])
    }
}
