import AppTesting
import Dispatch
import Foundation
import JournalTesting
import MoodKit
import MoodListModule
import MoodStore
import Synchronization
import Testing

/// A search every note matches shows its first screen while the rest of its matches are read,
/// and the count follows; the person can move and act on that screen meanwhile.
@Suite struct FirstScreenSearchTests {
    /// Counts the search thread's wakes, and holds it at the first until ``release()``: the test
    /// looks at the first screen before the whole list can replace it. (One search each, typed
    /// as one letter: a search overtaken by the next wakes once, one that ran twice.)
    final class HeldWakes: Sendable {
        private let count = Mutex(0)
        private let gate = DispatchSemaphore(value: 0)

        func wake() {
            let number = count.withLock { $0 += 1; return $0 }
            if number == 1 { gate.wait() }
        }

        var value: Int { count.withLock { $0 } }
        func release() { gate.signal() }
    }

    /// A screen of 5 rows on a journal of 30 moods whose notes all say "walk", newest first
    /// ("walk 30" … "walk 1"), a search showing its first 8 matches first.
    private func screen() throws -> (TemporaryJournal, HeldWakes, MoodListInteractor, MoodListPresenter, RecordingMoodListView) {
        let journal = try TemporaryJournal()
        for minute in 1...30 { _ = try journal.add(note: "walk \(minute)", at: Int64(minute) * 60_000) }
        let wakes = HeldWakes()
        let interactor = try MoodListInteractor(store: journal.store, searchExecution: .background(wake: wakes.wake), firstScreenRows: 8)
        let presenter = MoodListPresenter(interactor: interactor, router: MoodListAppRouter(onQuit: {}))
        let view = RecordingMoodListView()
        interactor.output = presenter
        presenter.view = view
        presenter.viewDidLoad(visibleRows: 5)
        return (journal, wakes, interactor, presenter, view)
    }

    private func type(_ text: String, _ presenter: MoodListPresenter) {
        presenter.handle(.startFilter)
        for character in text { presenter.handle(.edit(.insert(character))) }
    }

    /// Types `text` (one letter: one search), keeps it with Enter, and shows its first screen; the
    /// whole list waits until `wakes` releases the search thread.
    private func keepSearchOnItsFirstScreen(
        _ text: String, _ presenter: MoodListPresenter, _ wakes: HeldWakes, _ interactor: MoodListInteractor
    ) async throws {
        type(text, presenter)
        presenter.handle(.submit)
        try #require(await waitUntil { wakes.value == 1 })
        interactor.refresh()
        try #require(interactor.listProgress == .firstScreen)
    }

    @Test func theFirstMatchesShowBeforeTheyAreAllReadAndTheCountFollows() async throws {
        let (journal, wakes, interactor, presenter, view) = try screen()
        defer { withExtendedLifetime(journal) {} }  // its folder goes with it
        defer { wakes.release() }  // a failed test leaves no search thread waiting
        type("w", presenter)
        #expect(interactor.listProgress == .reading)
        #expect(await waitUntil { wakes.value == 1 })
        interactor.refresh()
        #expect(interactor.listProgress == .firstScreen)
        #expect(interactor.count == 8)
        #expect(view.notes.prefix(2) == ["walk 30", "walk 29"])
        #expect(view.model.header.countText == "first matches of “w” · counting…")
        wakes.release()
        #expect(await waitUntil { wakes.value == 2 })
        interactor.refresh()
        #expect(interactor.listProgress == .complete)
        #expect(view.model.header.countText == "30 moods matching “w”")
    }

    /// A first screen whose whole list cannot be read is not left "counting…" for good: the
    /// failure shows, and the whole list is read again on the UI thread. (The first screen walks
    /// the list; the whole list of a word comes from the search index, hidden meanwhile.)
    @Test func aWholeListThatCannotBeReadIsReadAgainRatherThanLeftCounting() async throws {
        let (journal, wakes, interactor, presenter, view) = try screen()
        defer { withExtendedLifetime(journal) {} }  // its folder goes with it
        defer { wakes.release() }  // a failed test leaves no search thread waiting
        presenter.handle(.startFilter)
        presenter.handle(.edit(.insertText("walk")))  // one search
        presenter.handle(.submit)
        try #require(await waitUntil { wakes.value == 1 })
        interactor.refresh()
        try #require(interactor.listProgress == .firstScreen)
        try journal.executeBesideTheStore("ALTER TABLE moodSearch RENAME TO moodSearchHidden")
        wakes.release()
        #expect(await waitUntil { wakes.value == 2 })
        try journal.executeBesideTheStore("ALTER TABLE moodSearchHidden RENAME TO moodSearch")
        interactor.refresh()
        #expect(view.model.message?.text.contains("moodSearch") == true, "\(String(describing: view.model.message))")
        #expect(interactor.listProgress == .complete)
        #expect(interactor.count == 30)
        #expect(view.model.header.countText == "30 moods matching “walk”")
    }

    @Test func theMoodSelectedOnTheFirstScreenStaysSelectedWhenTheWholeListArrives() async throws {
        let (journal, wakes, interactor, presenter, view) = try screen()
        defer { withExtendedLifetime(journal) {} }  // its folder goes with it
        defer { wakes.release() }  // a failed test leaves no search thread waiting
        try await keepSearchOnItsFirstScreen("w", presenter, wakes, interactor)
        presenter.handle(.moveSelection(by: 6))
        #expect(view.selectedRow?.note == "walk 24")
        wakes.release()
        #expect(await waitUntil { wakes.value == 2 })
        interactor.refresh()
        #expect(interactor.count == 30)
        #expect(view.selectedRow?.note == "walk 24")
    }

    /// `e` on the first screen opens the form at once: the mood selected is one the whole list holds.
    @Test func aKeyForTheSelectedMoodActsOnTheFirstScreen() async throws {
        let (journal, wakes, interactor, presenter, view) = try screen()
        defer { withExtendedLifetime(journal) {} }  // its folder goes with it
        defer { wakes.release() }  // a failed test leaves no search thread waiting
        try await keepSearchOnItsFirstScreen("w", presenter, wakes, interactor)
        presenter.handle(.editSelected)
        let form = try #require(view.model.overlay.flatMap { if case .form(let form) = $0 { form } else { nil } })
        #expect(form.note.text == "walk 30")
    }

    /// `e` pressed before a search's list arrived, on a mood the first screen does not hold: it
    /// waits for the whole list and opens that mood, not the first screen's first.
    @Test func aKeyForAMoodPastTheFirstScreenWaitsForTheWholeList() async throws {
        let (journal, wakes, interactor, presenter, view) = try screen()
        defer { withExtendedLifetime(journal) {} }  // its folder goes with it
        defer { wakes.release() }  // a failed test leaves no search thread waiting
        presenter.handle(.moveToBottom)  // "walk 1"
        type("w", presenter)
        presenter.handle(.submit)
        presenter.handle(.editSelected)
        #expect(await waitUntil { wakes.value == 1 })
        interactor.refresh()
        #expect(interactor.listProgress == .firstScreen)
        #expect(view.model.overlay == nil, "the mood is not on the first screen yet")
        wakes.release()
        #expect(await waitUntil { wakes.value == 2 })
        interactor.refresh()
        let form = try #require(view.model.overlay.flatMap { if case .form(let form) = $0 { form } else { nil } })
        #expect(form.note.text == "walk 1")
    }

    /// `n` counts every match ("2 of 30"): on the first screen it waits for the whole list.
    @Test func nextMatchOnTheFirstScreenWaitsForEveryMatch() async throws {
        let (journal, wakes, interactor, presenter, view) = try screen()
        defer { withExtendedLifetime(journal) {} }  // its folder goes with it
        defer { wakes.release() }  // a failed test leaves no search thread waiting
        try await keepSearchOnItsFirstScreen("w", presenter, wakes, interactor)
        presenter.handle(.moveToMatch(forward: true))
        #expect(view.model.message == nil)
        wakes.release()
        #expect(await waitUntil { wakes.value == 2 })
        interactor.refresh()
        #expect(view.model.message?.text == "“w”: 2 of 30")
        #expect(view.selectedRow?.note == "walk 29")
    }
}
