import AppTesting
import Foundation
import JournalTesting
import MoodInsights
import MoodKit
import MoodListModule
import MoodStore
import Testing

/// The insights screen through the presenter and a real journal: `i` opens it on today's
/// year, ←/→ change the year, a mood written meanwhile changes its day, Enter shows the selected
/// day in the list, and the counts are saved when it closes.
@Suite struct InsightsScreenFlowTests {
    let journal: TemporaryJournal
    let interactor: MoodListInteractor
    let presenter: MoodListPresenter
    let view = RecordingMoodListView()
    let clock = TestClock()
    static let utc = LocalDays(timeZone: TimeZone(identifier: "UTC")!)
    /// 2026-11-23 12:00 UTC.
    static let noon: Int64 = 1_795_435_200_000
    static let day: Int64 = 86_400_000

    init() throws {
        journal = try TemporaryJournal()
        interactor = try MoodListInteractor(store: journal.store, localDays: Self.utc)
        let router = MoodListAppRouter(onQuit: {})
        clock.now = Date(millisecondsSince1970: Self.noon)
        presenter = MoodListPresenter(interactor: interactor, router: router, now: { [clock] in clock.now })
        interactor.output = presenter
        presenter.view = view
    }

    private var insights: InsightsViewModel? {
        guard case .insights(let insights) = view.model.overlay else { return nil }
        return insights
    }

    @Test func theScreenFollowsTheJournalAndShowsTheSelectedDayInTheList() throws {
        for days in [0, 1, 2, 30] { try journal.add(.good, note: "\(days) days ago", at: Self.noon - Int64(days) * Self.day) }
        presenter.viewDidLoad(visibleRows: 2)
        presenter.handle(.showInsights)
        let today = LocalDay(year: 2026, month: 11, day: 23)
        #expect(insights?.report.year == 2026 && insights?.selected == today)
        #expect(insights?.report.dayAverages[today] == 4)

        // Written by another process, as `moodtui add` in a second shell: the day's average moves.
        let other = try JournalStore(path: journal.path)
        _ = try other.write(origin: .ui) { try $0.add(MoodEntry(level: .awful, date: Date(millisecondsSince1970: Self.noon + 60_000))) }
        interactor.refresh()
        #expect(insights?.report.dayAverages[today] == 2.5)

        presenter.handle(.changeYear(by: -1))
        #expect(insights?.report.year == 2025 && insights?.selected == LocalDay(year: 2025, month: 11, day: 23))
        presenter.handle(.changeYear(by: 1))
        presenter.handle(.moveMonth(by: -1))
        presenter.handle(.moveDay(by: 1))
        #expect(insights?.selected == LocalDay(year: 2026, month: 10, day: 24))
        presenter.handle(.submit)
        #expect(insights == nil)
        #expect(view.model.selectedIndex == 4, "the first mood on or before 24 October: 30 days ago")
        #expect(view.model.firstIndex == 4, "at the top of the window, under its day's heading")
        #expect(try journal.store.read { try $0.setting(.insightsCounts) } != nil, "the counts were saved on closing")
    }

    /// The app reads in the background, and saves there too: closing never waits for a writer.
    @Test func inTheAppTheCountsAreSavedOffTheUIThread() async throws {
        let journal = try TemporaryJournal()
        try journal.add(.good, note: "one", at: Self.noon)
        let interactor = try MoodListInteractor(store: journal.store, searchExecution: .background(wake: {}), localDays: Self.utc)
        _ = try interactor.insightsCounts()
        interactor.insightsDidClose()
        #expect(await waitUntil { (try? journal.store.read { try $0.setting(.insightsCounts) }) != nil })
    }

    @Test func escapeGoesBackToTheListAsItWas() throws {
        try journal.add(.good, note: "one", at: Self.noon)
        presenter.viewDidLoad(visibleRows: 10)
        presenter.handle(.showInsights)
        #expect(insights != nil)
        presenter.handle(.cancel)
        #expect(insights == nil && view.notes == ["one"])
    }
}
