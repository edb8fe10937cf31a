import Foundation
import MoodInsights
import MoodKit

/// The view model the presenter's state reads as.
extension MoodListPresenter {
    func makeViewModel() -> MoodListViewModel {
        MoodListViewModel(
            header: MoodListHeader(title: title, countText: countText, status: SyncStatusText.describe(syncStatus, now: now())),
            lines: lines, firstIndex: top,
            selectedIndex: count > 0 ? selected : nil, footer: footer, overlay: overlay, message: message,
            emptyText: emptyText, levelWords: interactor.levelWords)
    }

    /// "moodtui", or whose share this journal holds.
    private var title: String {
        interactor.sharedBy.map { "shared by \(TerminalSafeText.singleLine($0)) · read-only" } ?? "moodtui"
    }

    /// The window's lines: day headings with their figures, and the rows under them.
    private var lines: [MoodListLine] {
        let rows = highlightedWindow
        let today = interactor.localDays.day(of: now().millisecondsSince1970)
        return windowLines.map { line in
            switch line {
            case .heading(let day): .day(DayHeadingViewModel(day, totals: interactor.totals(of: day), today: today))
            case .mood(let offset): .mood(rows[offset])
            }
        }
    }

    /// The window as shown: rows from another device highlighted, and no sync marker on a
    /// journal that does not sync (every row would say "waiting for upload").
    private var highlightedWindow: [MoodRowViewModel?] {
        let syncs = syncStatus.state != .localOnly
        guard !highlights.isEmpty || !syncs else { return window }
        let now = now()
        return window.map { row in
            row.map { row in
                var row = row
                row.isHighlighted = highlights[row.id].map { $0 > now } ?? false
                if !syncs { row.sync = nil }
                return row
            }
        }
    }

    private var countText: String {
        switch interactor.listProgress {
        case .reading: return search.applied.map { "searching “\($0)”…" } ?? "reading the list…"
        case .firstScreen: return "first matches of “\(search.applied ?? "")” · counting…"
        case .complete: break
        }
        guard let filter = search.applied else { return count == 1 ? "1 mood" : "\(count) moods" }
        return (count == 1 ? "1 mood" : "\(count) moods") + " matching “\(filter)”"
    }

    private var overlay: MoodListOverlay? {
        switch state {
        case .list: nil
        case .filtering(let field, _): .filter(field.viewModel)
        case .form(let form): .form(withLevelWords(form.viewModel))
        case .confirmDelete(let row): .confirmDelete(row)
        case .detail(let detail): .detail(rows.detail(for: detail, status: syncStatus))
        case .help(let scroll): .help(lines: keyGuide.helpLines, scroll: scroll)
        case .insights(let insights): insightsViewModel(insights)
        }
    }

    private var footer: String { keyGuide.footers[state.mode] ?? "" }

    /// The insights screen from the interactor's counts, which it keeps up to date.
    private func insightsViewModel(_ state: InsightsState) -> MoodListOverlay? {
        guard let counts = try? interactor.insightsCounts() else { return nil }
        let today = interactor.localDays.day(of: now().millisecondsSince1970)
        let scales = interactor.allScales().filter(\.isInUse)
        var insights = InsightsViewModel(counts, scales: scales, year: state.year, selected: state.selected, today: today, firstWeekday: firstWeekday)
        insights.levelWords = interactor.levelWords
        return .insights(insights)
    }

    private func withLevelWords(_ form: MoodFormViewModel) -> MoodFormViewModel {
        var form = form
        form.levelWords = interactor.levelWords
        return form
    }

    private var emptyText: String {
        guard count == 0 else { return "" }
        if let filter = search.applied { return "No mood matches “\(filter)”. Esc clears the filter." }
        return "No moods yet. Press a to add how you feel."
    }
}
