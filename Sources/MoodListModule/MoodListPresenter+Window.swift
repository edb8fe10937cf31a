import CacheTracking
import MoodInsights
import MoodKit

/// Keeping the visible window of rows, the selection and the scroll position in step with the
/// list. The window's moods fall into lines under day headings (``DayLines``), so the lines a
/// mood needs depend on the days around it: scrolling works in lines, the list's indexes in moods.
extension MoodListPresenter {
    var count: Int { interactor.count }

    /// How the moods fall into the list area's lines.
    var dayLines: DayLines { DayLines(lineCount: visibleRows) }

    /// The window's lines, top to bottom.
    var windowLines: [DayLines.Line] { dayLines.lines(window.map(day)) }

    /// The day a row's mood was felt on, for the person.
    func day(of row: MoodRowViewModel?) -> LocalDay? {
        row.map { interactor.localDays.day(of: $0.date.millisecondsSince1970) }
    }

    /// Reads the visible window afresh.
    func reloadWindow() {
        var rows = freshRows
        settle(&rows)
    }

    /// Selects the mood at `index` and shows it at the top of the window (as far as the list
    /// reaches): where a jump to a day lands, with the day's moods below it.
    func selectAtTop(_ index: Int) {
        selected = index
        top = index
        reloadWindow()
    }

    /// The selected mood's row, when the window holds it.
    var selectedRow: MoodRowViewModel? {
        window.indices.contains(selected - top) ? window[selected - top] : nil
    }

    /// Moves the selection; the window scrolls only as far as needed. While the list shown is
    /// about to be replaced (a search or Esc's whole list, still being read), the mood selected
    /// stays selected in the new one.
    func select(_ index: Int) {
        selected = index
        defer { if interactor.isSearching { search.selectionToKeep = selectedRow?.id } }
        guard !(top..<(top + window.count)).contains(selected) else { return }
        var rows = windowRows
        settle(&rows)
    }

    /// Scrolls a page of moods down (positive) or up, and the selection with it; at either end
    /// of the list the selection goes to the first or last mood.
    func movePage(by pages: Int) {
        for _ in 0..<abs(pages) {
            let oldTop = top
            var rows = windowRows
            if pages > 0 {
                top = min(top + max(window.count, 1), top(placing: count - 1, atLine: visibleRows - 1, &rows))
            } else {
                top = top(placing: top - 1, atLine: visibleRows - 1, &rows)
            }
            selected = top == oldTop ? (pages > 0 ? count - 1 : 0) : selected + top - oldTop
            settle(&rows)
        }
    }

    /// Applies a batch to the window: the selection stays on its mood, the selected line keeps
    /// its place on screen (unless the window shows the top of the list, where new moods should
    /// appear), and only rows the window did not hold are read from the interactor.
    func follow(_ batch: CacheTransactionBatch) {
        let selectedLine = windowLines.firstIndex(of: .mood(selected - top)) ?? max(visibleRows - 1, 0)
        let oldCount = count - batch.insertions.count + batch.deletions.count
        if oldCount > 0, let index = batch.newIndex(forOldIndex: selected) { selected = index }
        selected = min(selected, max(count - 1, 0))  // the selected mood left the end of the list
        var rows = freshRows
        for (offset, row) in window.enumerated() {
            if let index = batch.newIndex(forOldIndex: top + offset) { rows.know(row, at: index) }
        }
        for insertion in batch.insertions { rows.know(insertion.mood, at: insertion.to) }
        for update in batch.updates { rows.know(update.mood, at: update.to) }
        for move in batch.moves { rows.know(move.mood, at: move.to) }
        if top > 0 { top = top(placing: selected, atLine: selectedLine, &rows) }
        settle(&rows)
    }

    /// Clamps the selection to the list, scrolls as little as needed to show it, leaves no blank
    /// lines at the list's end that moods above could fill, and takes the window from `rows`.
    private func settle(_ rows: inout WindowRows) {
        selected = min(max(selected, 0), max(count - 1, 0))
        top = max(min(top, selected), top(placing: selected, atLine: visibleRows - 1, &rows))
        if count - top < visibleRows { top = min(top, top(placing: count - 1, atLine: visibleRows - 1, &rows)) }
        let candidates = rows.rows(in: top..<min(top + visibleRows, count))
        window = Array(candidates.prefix(dayLines.moodsFitting(candidates.map(day))))
    }

    /// The top index that shows the mood at `index` on line `line`, or on the line above when a
    /// day heading is in the way (on line 1 when `line` is 0: under its heading).
    private func top(placing index: Int, atLine line: Int, _ rows: inout WindowRows) -> Int {
        guard index > 0 else { return 0 }
        let first = max(0, index - max(line, 0))
        return first + dayLines.top(placingLastOf: rows.rows(in: first..<(index + 1)).map(day), atLine: line)
    }

    /// The rows the window holds, the rest to be read.
    private var windowRows: WindowRows {
        var rows = freshRows
        for (offset, row) in window.enumerated() { rows.know(row, at: top + offset) }
        return rows
    }

    /// No row known: each is read from the interactor when asked for.
    private var freshRows: WindowRows {
        let (interactor, factory) = (interactor, rows)
        return WindowRows(read: { interactor.moods(in: $0).map { $0.map(factory.row(for:)) } }, makeRow: factory.row(for:))
    }
}
