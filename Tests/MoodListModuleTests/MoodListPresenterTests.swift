import Foundation
import JournalTesting
import MoodInsights
import MoodKit
import MoodListModule
import MoodStore
import Testing

/// The presenter with the real interactor on a temporary journal, and a recording view.
@Suite struct MoodListPresenterTests {
    let journal: TemporaryJournal
    let interactor: MoodListInteractor
    let presenter: MoodListPresenter
    let view = RecordingMoodListView()
    let router: MoodListAppRouter
    let quits = Counter()

    init() throws {
        journal = try TemporaryJournal()
        interactor = try MoodListInteractor(store: journal.store)
        router = MoodListAppRouter(onQuit: { [quits] in quits.value += 1 })
        presenter = MoodListPresenter(interactor: interactor, router: router)
        interactor.output = presenter
        presenter.view = view
    }

    private func addMoods(_ count: Int) throws {
        for i in 0..<count { try journal.add(note: "mood \(i)", at: Int64(i) * 60_000) }
    }

    private func type(_ text: String) {
        for character in text { presenter.handle(.edit(.insert(character))) }
    }

    @Test func theFirstDisplayShowsTheNewestMoodsFirstWithTheFirstOneSelected() throws {
        try addMoods(3)
        presenter.viewDidLoad(visibleRows: 10)
        #expect(view.lastChanges == .all)
        #expect(view.notes == ["mood 2", "mood 1", "mood 0"])
        #expect(view.model.selectedIndex == 0)
        #expect(view.model.header.countText == "3 moods")
    }

    @Test func anEmptyJournalSaysHowToAddAMood() {
        presenter.viewDidLoad(visibleRows: 10)
        #expect(view.model.emptyText.contains("Press a"))
    }

    /// `e`, `v` and `d` on an empty list did nothing at all, as if the key was lost.
    @Test func aKeyForTheSelectedMoodOnAnEmptyListSaysWhy() throws {
        presenter.viewDidLoad(visibleRows: 10)
        for intent in [MoodListIntent.editSelected, .showDetail, .deleteSelected] {
            presenter.handle(.moveToTop)
            presenter.handle(intent)
            #expect(view.model.overlay == nil)
            #expect(view.model.message?.text == "No mood to open: the list is empty.", "\(intent)")
        }
        try addMoods(1)
        presenter.handle(.startFilter)
        type("zz")
        presenter.handle(.submit)
        presenter.handle(.editSelected)
        #expect(view.model.message?.text == "No mood matches the filter.")
    }

    @Test func addingAMoodByKeyboardSavesItAndSelectsIt() throws {
        try addMoods(2)
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.add)
        guard case .form(let form) = view.model.overlay else { Issue.record("no form"); return }
        #expect(form.title == "New mood")
        presenter.handle(.setLevel(.great))
        type("晴れ 🌞")
        presenter.handle(.submit)
        #expect(view.model.overlay == nil)
        #expect(view.selectedRow?.note == "晴れ 🌞")
        #expect(view.selectedRow?.level == .great)
        #expect(try journal.store.read { try $0.count(.journal) } == 3)
    }

    /// The limit was checked only on Enter; now typing stops at it and a paste is cut, in words.
    @Test func typingStopsAtTheLimitAndAPastePastItIsCutWithAMessage() throws {
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.add)
        presenter.handle(.edit(.insertText(String(repeating: "x", count: MoodNote.maximumLength - 2))))
        presenter.handle(.edit(.insertText("abcdef")))
        guard case .form(let form) = view.model.overlay else { Issue.record("the form closed"); return }
        #expect(form.note.text.count == MoodNote.maximumLength)
        #expect(form.note.text.hasSuffix("ab"))
        #expect(form.error?.contains("at most 1,000 characters") == true)
        type("z")
        guard case .form(let full) = view.model.overlay else { Issue.record("the form closed"); return }
        #expect(full.note.text.count == MoodNote.maximumLength, "typing stops")
        presenter.handle(.submit)
        #expect(view.model.overlay == nil)
        #expect(try journal.store.read { try $0.moods(.journal, order: .newestFirst, limit: 1) }.first?.note.count == MoodNote.maximumLength)
    }

    @Test func theDateFieldBackdatesAMoodAndAnUnreadableDateKeepsTheFormOpen() throws {
        let interactor = try MoodListInteractor(store: journal.store, localDays: LocalDays(timeZone: TimeZone(identifier: "UTC")!))
        let presenter = MoodListPresenter(interactor: interactor, router: router)
        interactor.output = presenter
        presenter.view = view
        func type(_ text: String) { for character in text { presenter.handle(.edit(.insert(character))) } }
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.add)
        type("looking back")
        presenter.handle(.focusNext)
        presenter.handle(.focusNext)
        presenter.handle(.edit(.deleteToStart))
        type("tomorow")
        presenter.handle(.submit)
        guard case .form(let form) = view.model.overlay else { Issue.record("the form closed"); return }
        #expect(form.error?.contains("yesterday 21:00") == true)
        #expect(form.focus == .date)
        presenter.handle(.edit(.deleteToStart))
        type("2026-03-05 08:30")
        presenter.handle(.submit)
        #expect(view.model.overlay == nil)
        let mood = try #require(try journal.store.read { try $0.moods(.journal, order: .newestFirst, limit: 1) }.first)
        #expect(mood.date == Date(timeIntervalSince1970: 1_772_699_400))
        #expect(mood.note == "looking back")
    }

    @Test func editingKeepsTheExactDateUnlessItsTextChanges() throws {
        let date = Date(millisecondsSince1970: 1_772_699_412_345)
        try journal.store.write(origin: .ui) {
            try $0.insert(Mood(id: UUID(), date: date, level: .meh, note: "exact", creatorID: "d", modifiedAt: date))
        }
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.editSelected)
        type(" still")
        presenter.handle(.submit)
        let mood = try #require(try journal.store.read { try $0.moods(.journal, order: .newestFirst, limit: 1) }.first)
        #expect(mood.note == "exact still")
        #expect(mood.date == date, "seconds and milliseconds kept")
    }

    /// The form saved every field, so a note another device changed while the form
    /// was open was set back to the text the form opened with, stamped as the newest change.
    @Test func savingAFormSavesOnlyTheFieldsThePersonChanged() throws {
        let mood = try journal.add(.meh, note: "walk in teh park", at: 1_772_699_400_000)
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.editSelected)
        try journal.store.write(origin: .sync) { try $0.edit(mood.id, note: "walk in the park") }  // from the phone
        presenter.handle(.stepLevel(by: 2))
        presenter.handle(.submit)
        let saved = try #require(try journal.store.read { try $0.mood(id: mood.id) })
        #expect(saved.level == .great)
        #expect(saved.note == "walk in the park")
    }

    /// "On this day": under a mood's date, what its day held a year and a month before.
    @Test func theDetailViewShowsTheSameDayAYearAndAMonthBefore() throws {
        let days = interactor.localDays
        func noon(_ year: Int, _ month: Int, _ day: Int) -> Int64 {
            days.start(of: LocalDay(year: year, month: month, day: day)).millisecondsSince1970 + 12 * 3_600_000
        }
        _ = try journal.add(.great, note: "first snow\nand more", at: noon(2025, 3, 31))
        _ = try journal.add(.bad, note: "", at: noon(2026, 2, 28))
        _ = try journal.add(.good, note: "tea", at: noon(2026, 2, 28) + 60_000)
        _ = try journal.add(.meh, note: "a day after", at: noon(2026, 3, 1))
        _ = try journal.add(.good, note: "today", at: noon(2026, 3, 31))
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.showDetail)
        guard case .detail(let detail) = view.model.overlay else { Issue.record("no detail"); return }
        let facts = Dictionary(uniqueKeysWithValues: detail.facts.map { ($0.label, $0.value) })
        #expect(facts["A year ago"] == "great · first snow")
        #expect(facts["A month ago"] == "3.0 from 2 moods · tea", "31 March's month before is 28 February")
        #expect(detail.facts.map(\.label).prefix(4) == ["Level", "Date", "A year ago", "A month ago"])

        presenter.handle(.cancel)
        presenter.handle(.moveToBottom)
        presenter.handle(.showDetail)
        guard case .detail(let earliest) = view.model.overlay else { Issue.record("no detail"); return }
        #expect(!earliest.facts.contains { $0.label.hasSuffix("ago") }, "nothing a year or a month before")
    }

    @Test func theDetailViewShowsTheWholeMoodAndFollowsItsChanges() throws {
        let mood = try journal.add(.great, note: "line one\nline two", at: 1_772_699_400_000)
        view.boxLines = 1
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.showDetail)
        guard case .detail(let detail) = view.model.overlay else { Issue.record("no detail"); return }
        #expect(detail.note == "line one\nline two")
        #expect(detail.facts.map(\.label) == ["Level", "Date", "Activities", "Changed", "Device", "Sync"])
        #expect(detail.facts.first?.value == "5 great")
        #expect(detail.facts.last?.value == "local journal (not synced)")
        presenter.handle(.moveSelection(by: 5))
        guard case .detail(let scrolled) = view.model.overlay else { Issue.record("no detail"); return }
        #expect(scrolled.scroll == 1, "scrolling stops where the view says the note's last line is at the bottom")

        try journal.store.write(origin: .sync) { try $0.edit(mood.id, note: "changed elsewhere") }
        interactor.refresh()
        guard case .detail(let changed) = view.model.overlay else { Issue.record("the detail closed"); return }
        #expect(changed.note == "changed elsewhere")
        try journal.store.write(origin: .sync) { try $0.markForDeletion(mood.id) }
        interactor.refresh()
        #expect(view.model.overlay == nil)
        #expect(view.model.message?.text == "That mood was deleted.")
    }

    /// What a click asks for: a mood by its list index, a field of the form.
    @Test func aClickedMoodIsSelectedAndAClickedFieldTakesTheFocus() throws {
        try addMoods(3)
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.select(index: 2))
        #expect(view.model.selectedIndex == 2 && view.selectedRow?.note == "mood 0")
        presenter.handle(.add)
        presenter.handle(.focus(.date))
        guard case .form(let form) = view.model.overlay else { Issue.record("no form"); return }
        #expect(form.focus == .date)
        presenter.handle(.focus(.scales))
        guard case .form(let unchanged) = view.model.overlay else { Issue.record("no form"); return }
        #expect(unchanged.focus == .date, "a journal without scales has no scales field to focus")
    }

    @Test func deletingAsksFirstThenRemovesTheRowAndUndoBringsItBack() throws {
        try addMoods(3)
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.moveSelection(by: 1))
        presenter.handle(.deleteSelected)
        guard case .confirmDelete(let row) = view.model.overlay else { Issue.record("no question"); return }
        #expect(row.note == "mood 1")
        #expect(view.selectedRow?.dateText.wholeMatch(of: /\d\d:\d\d/) != nil, "under its day's heading the row says the time")
        #expect(row.dateText.wholeMatch(of: /\d{4}-\d\d-\d\d \d\d:\d\d/) != nil, "away from it the question names the day")
        presenter.handle(.answer(true))
        #expect(view.notes == ["mood 2", "mood 0"])
        #expect(view.model.message?.text.contains("u to undo") == true)
        presenter.handle(.undoDelete)
        #expect(view.notes == ["mood 2", "mood 1", "mood 0"])
        #expect(view.selectedRow?.note == "mood 1")
    }

    @Test func answeringNoKeepsTheMood() throws {
        try addMoods(1)
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.deleteSelected)
        presenter.handle(.answer(false))
        #expect(view.model.overlay == nil)
        #expect(view.notes == ["mood 0"])
    }

    @Test func editingChangesTheRowInPlaceAndRedrawsOnlyItsLine() throws {
        try addMoods(3)
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.moveSelection(by: 2))
        presenter.handle(.editSelected)
        presenter.handle(.edit(.deleteBackward))
        type("!")
        presenter.handle(.stepLevel(by: -1))
        presenter.handle(.submit)
        #expect(view.notes == ["mood 2", "mood 1", "mood !"])
        #expect(view.selectedRow?.level == .meh)
        let lineChanges = view.displays.suffix(2).map(\.changes.lines)
        #expect(lineChanges.allSatisfy { $0.isSubset(of: [0, 3]) }, "only the row, and its day's heading")
        #expect(lineChanges.reduce(Set(), { $0.union($1) }) == [0, 3], "the heading shows the new average")
    }

    @Test func aMoodAddedElsewhereAppearsAndOnlyTheLinesThatChangedRedraw() throws {
        try addMoods(3)
        presenter.viewDidLoad(visibleRows: 10)
        try journal.add(note: "oldest", at: -60_000)
        interactor.refresh()
        #expect(view.notes == ["mood 2", "mood 1", "mood 0", "oldest"])
        #expect(view.lastChanges.lines == [4, 5], "under a heading of its own: it was felt the day before")
        #expect(!view.lastChanges.everything)
    }

    @Test func aScrolledListDoesNotJumpWhenAMoodArrivesAboveIt() throws {
        try addMoods(30)
        presenter.viewDidLoad(visibleRows: 5)
        presenter.handle(.moveSelection(by: 12))
        let selectedBefore = view.selectedRow?.id
        let firstBefore = view.model.rows.first??.id
        try journal.add(note: "newest", at: 100 * 60_000)
        interactor.refresh()
        #expect(view.selectedRow?.id == selectedBefore)
        #expect(view.model.rows.first??.id == firstBefore)
        #expect(view.model.firstIndex == 10)
        #expect(view.lastChanges.lines.isEmpty)
    }

    @Test func atTheTopOfTheListANewMoodAppearsAndTheSelectionStaysOnItsMood() throws {
        try addMoods(3)
        presenter.viewDidLoad(visibleRows: 5)
        try journal.add(note: "newest", at: 100 * 60_000)
        interactor.refresh()
        #expect(view.notes.first == "newest")
        #expect(view.selectedRow?.note == "mood 2")
    }

    @Test func movingToTheBottomScrollsSoTheLastMoodIsVisible() throws {
        try addMoods(50)
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.moveToBottom)
        #expect(view.model.firstIndex == 41, "a heading and nine moods")
        #expect(view.model.selectedIndex == 49)
        #expect(view.notes.last == "mood 0")
        presenter.handle(.movePage(by: -1))
        #expect(view.model.firstIndex == 32, "the nine moods above")
        presenter.handle(.moveToTop)
        #expect(view.model.firstIndex == 0)
    }

    /// Leaving a filter threw the selection back to the newest mood.
    @Test func theSelectedMoodStaysSelectedWhenTheFilterChangesOrIsLeft() throws {
        for (minute, note) in ["tea", "walk old", "walk new"].enumerated() { try journal.add(note: note, at: Int64(minute) * 60_000) }
        presenter.viewDidLoad(visibleRows: 10)
        #expect(view.notes == ["walk new", "walk old", "tea"])
        presenter.handle(.moveSelection(by: 1))
        #expect(view.selectedRow?.note == "walk old")
        presenter.handle(.startFilter)
        type("walk")
        #expect(view.notes == ["walk new", "walk old"])
        #expect(view.selectedRow?.note == "walk old", "narrowing kept the mood")
        presenter.handle(.submit)
        presenter.handle(.cancel)
        #expect(view.notes == ["walk new", "walk old", "tea"])
        #expect(view.selectedRow?.note == "walk old", "leaving the filter kept the mood")
    }

    /// `/` then `n`/`N`: Enter keeps the filter; Esc shows everything again, and `n`/`N` still
    /// step through the filter's matches, coming round at the ends, saying which match it is.
    @Test func nAndNStepThroughTheKeptFiltersMatchesInTheWholeList() throws {
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.moveToMatch(forward: true))
        #expect(view.model.message?.text.contains("No search to repeat") == true)
        for (minute, note) in ["walk a", "tea", "walk b", "tea", "walk c"].enumerated() { try journal.add(note: note, at: Int64(minute) * 60_000) }
        presenter.handle(.startFilter)
        type("walk")
        presenter.handle(.submit)
        #expect(view.notes == ["walk c", "walk b", "walk a"])
        presenter.handle(.moveToMatch(forward: true))
        #expect(view.selectedRow?.note == "walk b", "in the narrowed list, the next row")
        #expect(view.model.message?.text == "“walk”: 2 of 3")
        presenter.handle(.cancel)
        #expect(view.notes == ["walk c", "tea", "walk b", "tea", "walk a"])
        #expect(view.selectedRow?.note == "walk b")
        presenter.handle(.moveToMatch(forward: true))
        #expect(view.selectedRow?.note == "walk a")
        presenter.handle(.moveToMatch(forward: true))
        #expect(view.selectedRow?.note == "walk c")
        #expect(view.model.message?.text == "“walk”: 1 of 3, from the top again")
        presenter.handle(.moveToMatch(forward: false))
        #expect(view.selectedRow?.note == "walk a")
        #expect(view.model.message?.text == "“walk”: 3 of 3, from the bottom again")

        // A new match arrives: the matches are read again.
        try journal.add(note: "walk d", at: 30_000)
        interactor.refresh()
        presenter.handle(.moveToMatch(forward: false))
        #expect(view.selectedRow?.note == "walk d")
        #expect(view.model.message?.text == "“walk”: 3 of 4")
        presenter.handle(.moveSelection(by: 1))
        #expect(view.model.message == nil, "the count goes with the next key")
    }

    @Test func nSaysSoWhenTheKeptFilterMatchesNothingAnyMore() throws {
        let walk = try journal.add(note: "walk", at: 0)
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.startFilter)
        type("walk")
        presenter.handle(.submit)
        presenter.handle(.cancel)
        try journal.store.write(origin: .sync) { try $0.edit(walk.id, note: "run") }
        interactor.refresh()
        presenter.handle(.moveToMatch(forward: true))
        #expect(view.model.message?.text == "No mood matches “walk”.")
    }

    /// A mood that left the filtered list because it changed elsewhere was reported deleted.
    @Test func aMoodThatLeavesTheFilterKeepsItsDetailViewOpen() throws {
        let walk = try journal.add(note: "walk", at: 60_000)
        try journal.add(note: "tea", at: 0)
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.startFilter)
        type("walk")
        presenter.handle(.submit)
        presenter.handle(.showDetail)
        try journal.store.write(origin: .sync) { try $0.edit(walk.id, note: "run") }
        interactor.refresh()
        guard case .detail(let detail) = view.model.overlay else { Issue.record("the detail closed"); return }
        #expect(detail.note == "run")
        #expect(view.model.message == nil)
    }

    @Test func filteringNarrowsTheListAsYouTypeAndEscapeClearsIt() throws {
        try journal.add(note: "Sunny walk", at: 0)
        try journal.add(note: "rain", at: 60_000)
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.startFilter)
        type("sun")
        #expect(view.notes == ["Sunny walk"])
        #expect(view.model.header.countText.contains("matching “sun”"))
        presenter.handle(.submit)
        #expect(view.model.overlay == nil)
        presenter.handle(.cancel)
        #expect(view.notes == ["rain", "Sunny walk"])
    }

    @Test func resizingKeepsTheSelectionOnScreen() throws {
        try addMoods(20)
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.moveSelection(by: 8))
        presenter.handle(.resize(visibleRows: 3))
        #expect(view.lastChanges == .all)
        #expect(view.model.rows.count == 2, "under the day's heading")
        #expect(view.model.firstIndex == 7)
        #expect(view.model.selectedIndex == 8)
    }

    @Test func helpOpensScrollsWithinItsLinesAndCloses() {
        let guide = MoodListKeyGuide(footers: [.list: "list keys", .help: "help keys"], helpLines: (1...20).map { "line \($0)" })
        let presenter = MoodListPresenter(interactor: interactor, router: router, keyGuide: guide)
        presenter.view = view
        presenter.viewDidLoad(visibleRows: 10)
        #expect(view.model.footer == "list keys")
        presenter.handle(.showHelp)
        #expect(view.model.overlay == .help(lines: guide.helpLines, scroll: 0))
        #expect(view.model.footer == "help keys")
        presenter.handle(.moveSelection(by: 3))
        #expect(view.model.overlay == .help(lines: guide.helpLines, scroll: 3))
        presenter.handle(.movePage(by: 5))
        #expect(view.model.overlay == .help(lines: guide.helpLines, scroll: 11), "no further than the view's limit: 20 lines, 9 shown")
        presenter.handle(.moveSelection(by: -20))
        #expect(view.model.overlay == .help(lines: guide.helpLines, scroll: 0))
        presenter.handle(.cancel)
        #expect(view.model.overlay == nil)
        presenter.handle(.showHelp)
        #expect(view.model.overlay == .help(lines: guide.helpLines, scroll: 0), "it opens at the top again")
    }

    @Test func quitEndsTheModuleThroughTheRouter() {
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.quit)
        #expect(quits.value == 1)
    }
}

final class Counter: @unchecked Sendable {
    var value = 0
}
