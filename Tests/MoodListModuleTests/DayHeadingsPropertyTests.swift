import AppTesting
import Foundation
import JournalTesting
import MoodInsights
import MoodKit
import MoodListModule
import MoodStore
import Testing

/// The presenter maps the tracker's indexes (one per mood) to screen lines (day headings and
/// moods). After every step of a random walk — moods added, re-dated, changed and deleted here
/// and by another device, the selection and pages moved, the window resized, a filter typed and
/// cleared — what the view is given must be the journal as it is, laid out by the rules.
@Suite(.serialized, .ownThread) struct DayHeadingsPropertyTests {
    static let utc = LocalDays(timeZone: TimeZone(identifier: "UTC")!)
    /// 2026-11-23 12:00 UTC.
    static let noon: Int64 = 1_795_435_200_000
    static let day: Int64 = 86_400_000

    @Test(arguments: [21, 22, 23] as [UInt64])
    func theLinesAreTheJournalUnderItsDays(seed: UInt64) async throws {
        let walk = try Walk(seed: seed)
        for step in 0..<400 {
            // A turn for the tests waiting on servers (two pool threads on two cores).
            await Task.yield()
            let action = try walk.takeStep()
            try walk.check("seed \(seed), step \(step) (\(action))")
        }
        #expect(walk.stepsWithSeveralDays > 50, "the walk should show several days at once (seed \(seed))")
    }

    /// One random walk: a journal, the module on it, and a generator.
    final class Walk {
        let journal: TemporaryJournal
        let interactor: MoodListInteractor
        let presenter: MoodListPresenter
        let view = RecordingMoodListView()
        var random: SeededGenerator
        var visibleRows = 10
        var filter: String?
        /// The mood selected before the last step, which the step should leave selected unless it
        /// moved the selection or removed the mood.
        var selectedBefore: Mood.ID?
        /// Where the selection was on screen before the last step, and the window's first index.
        var selectedLineBefore: Int?
        var firstIndexBefore = 0
        var stepsWithSeveralDays = 0

        init(seed: UInt64) throws {
            random = SeededGenerator(seed: seed)
            journal = try TemporaryJournal()
            interactor = try MoodListInteractor(store: journal.store, localDays: DayHeadingsPropertyTests.utc)
            presenter = MoodListPresenter(
                interactor: interactor, router: MoodListAppRouter(onQuit: {}),
                now: { Date(millisecondsSince1970: DayHeadingsPropertyTests.noon) })
            interactor.output = presenter
            presenter.view = view
            for _ in 0..<20 { try addMood(origin: .ui) }
            presenter.viewDidLoad(visibleRows: visibleRows)
        }

        private func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

        /// Within the last ten days, so that days hold several moods.
        private func randomMoment() -> Int64 {
            DayHeadingsPropertyTests.noon - Int64(int(0...10)) * DayHeadingsPropertyTests.day + Int64(int(-43_000...43_000)) * 1_000
        }

        private func addMood(origin: ChangeOrigin) throws {
            let entry = try MoodEntry(
                level: MoodLevel(rawValue: int(1...5))!, note: int(0...1) == 0 ? "odd one" : "even one",
                date: Date(millisecondsSince1970: randomMoment()))
            try journal.store.write(origin: origin) { _ = try $0.add(entry) }
        }

        private func randomLiveMood() throws -> Mood? {
            try journal.store.read { try $0.moods(.journal, order: .newestFirst) }.randomElement(using: &random)
        }

        /// Takes one random step and says which.
        func takeStep() throws -> String {
            selectedBefore = view.selectedRow?.id
            (selectedLineBefore, firstIndexBefore) = (view.model.selectedLine, view.model.firstIndex)
            let origin: ChangeOrigin = int(0...2) == 0 ? .sync : .ui
            switch int(0...13) {
            case 0, 1:
                try addMood(origin: origin)
                interactor.refresh()
                return "add"
            case 2:
                guard let mood = try randomLiveMood() else { return "nothing to re-date" }
                try journal.store.write(origin: origin) { try $0.edit(mood.id, date: Date(millisecondsSince1970: self.randomMoment())) }
                interactor.refresh()
                return "re-date"
            case 3:
                guard let mood = try randomLiveMood() else { return "nothing to change" }
                let level = MoodLevel(rawValue: int(1...5))!
                try journal.store.write(origin: origin) { try $0.edit(mood.id, level: level) }
                interactor.refresh()
                return "change level"
            case 4:
                guard let mood = try randomLiveMood() else { return "nothing to delete" }
                try journal.store.write(origin: origin) { try $0.markForDeletion(mood.id) }
                interactor.refresh()
                return "delete"
            case 5, 6:
                presenter.handle(.moveSelection(by: int(-12...12)))
                return "move"
            case 7:
                presenter.handle(.movePage(by: int(0...1) == 0 ? -1 : 1))
                return "page"
            case 8:
                presenter.handle(int(0...1) == 0 ? .moveToTop : .moveToBottom)
                return "top or bottom"
            case 9:
                visibleRows = int(0...14)
                presenter.handle(.resize(visibleRows: visibleRows))
                return "resize to \(visibleRows)"
            case 10:
                guard filter == nil else {
                    presenter.handle(.cancel)
                    filter = nil
                    return "clear the filter"
                }
                presenter.handle(.startFilter)
                for character in "odd" { presenter.handle(.edit(.insert(character))) }
                presenter.handle(.submit)
                filter = "odd"
                return "filter"
            default:
                // Several commits before the list looks, as when the watcher is slow.
                for _ in 0..<int(1...4) { try addMood(origin: .sync) }
                if let mood = try randomLiveMood() {
                    try journal.store.write(origin: .sync) { try $0.edit(mood.id, date: Date(millisecondsSince1970: self.randomMoment())) }
                }
                interactor.refresh()
                return "several commits"
            }
        }

        /// What the view shows against the journal read afresh.
        func check(_ context: String) throws {
            let model = view.model
            let all = try journal.store.read { try $0.moods(.journal, order: .newestFirst) }
            let listed = all.filter { filter == nil || $0.note.contains(filter!) }
            let rows = model.rows
            let days = rows.map { $0.map { DayHeadingsPropertyTests.utc.day(of: $0.date.millisecondsSince1970) } }
            try #require(model.lines.count <= visibleRows, "\(context): more lines than fit")
            try #require(model.firstIndex + rows.count <= listed.count, "\(context): rows past the list's end")
            // The rows are the list's moods from the first index on, as they are now.
            for (offset, row) in rows.enumerated() {
                let mood = listed[model.firstIndex + offset]
                try #require(row?.id == mood.id && row?.level == mood.level && row?.date == mood.date, "\(context): row \(offset)")
            }
            // A heading first and wherever the day changes, with the figures of all the day's moods.
            var shownDay: LocalDay?
            var moodOffset = 0
            for (line, item) in model.lines.enumerated() {
                switch item {
                case .day(let heading):
                    let day = try #require(days[moodOffset], "\(context): a heading over a row not read")
                    try #require(day != shownDay, "\(context): a heading on line \(line) repeats its day")
                    shownDay = day
                    let levels = all.filter { DayHeadingsPropertyTests.utc.day(of: $0.date.millisecondsSince1970) == day }.map(\.level.rawValue)
                    let average = InsightsWords.oneDecimal(Double(levels.reduce(0, +)) / Double(levels.count))
                    try #require(heading.average == average && heading.countText == InsightsWords.count(levels.count, "mood"), "\(context): the figures of \(day)")
                case .mood:
                    try #require(visibleRows == 1 || days[moodOffset] == shownDay, "\(context): line \(line) has no heading for its day")
                    moodOffset += 1
                }
            }
            if Set(days.compactMap { $0 }).count > 1 { stepsWithSeveralDays += 1 }
            guard visibleRows > 0, !listed.isEmpty else { return }
            // The selection is on screen, and stays on its mood unless the step moved it or removed it.
            let selected = try #require(model.selectedIndex, "\(context): nothing selected")
            try #require((model.firstIndex..<(model.firstIndex + rows.count)).contains(selected), "\(context): the selection is off screen")
            let kept = !["(move)", "(page)", "(top or bottom)"].contains(where: context.hasSuffix)
            if kept, let before = selectedBefore, let index = listed.firstIndex(where: { $0.id == before }) {
                try #require(selected == index, "\(context): the selection left its mood")
            }
            // No line left blank that a mood could fill: below the window, or above it at the list's end.
            let fits = { (days: [LocalDay?]) in Self.lineCount(days) <= self.visibleRows }
            let below = listed.dropFirst(model.firstIndex + rows.count).first
            // A commit does not make a scrolled list jump: the selected mood keeps its line, or
            // the one above when a heading came in the way (unless the list's end pulls it down).
            let commits = ["(add)", "(re-date)", "(change level)", "(delete)", "(several commits)"].contains(where: context.hasSuffix)
            if commits, firstIndexBefore > 0, below != nil, let line = selectedLineBefore,
               let before = selectedBefore, listed.contains(where: { $0.id == before }) {
                try #require([line - 1, line].contains(model.selectedLine), "\(context): the selection jumped from line \(line)")
            }
            if let below {
                try #require(!fits(days + [DayHeadingsPropertyTests.utc.day(of: below.date.millisecondsSince1970)]), "\(context): room left below")
            } else if model.firstIndex > 0 {
                let above = DayHeadingsPropertyTests.utc.day(of: listed[model.firstIndex - 1].date.millisecondsSince1970)
                try #require(!fits([above] + days), "\(context): room left above at the list's end")
            }
        }

        /// Lines a run of moods felt on `days` takes: one each and one per heading.
        static func lineCount(_ days: [LocalDay?]) -> Int {
            var headings = 0
            var previous: LocalDay?
            for case let day? in days where day != previous {
                headings += 1
                previous = day
            }
            return days.count + headings
        }
    }
}
