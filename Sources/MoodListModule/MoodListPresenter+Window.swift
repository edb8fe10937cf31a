import CacheTracking
import MoodKit

/// Keeping the visible window of rows, the selection and the scroll position in step with the list.
extension MoodListPresenter {
    var count: Int { interactor.count }

    /// Reads the visible window afresh.
    func reloadWindow() {
        keepSelectionVisible()
        let range = top..<min(top + visibleRows, count)
        window = interactor.moods(in: range).map { $0.map(rows.row(for:)) }
    }

    /// Clamps the selection to the list and scrolls so that it is visible.
    func keepSelectionVisible() {
        selected = min(max(selected, 0), max(count - 1, 0))
        if selected < top { top = selected }
        if visibleRows > 0 && selected >= top + visibleRows { top = selected - visibleRows + 1 }
        top = max(0, min(top, count - visibleRows))
    }

    /// Selects the mood at `index` and shows it at the top of the window (as far as the list
    /// reaches): where a jump to a day lands, with the day's moods below it.
    func selectAtTop(_ index: Int) {
        let index = min(max(index, 0), max(count - 1, 0))
        top = min(index, max(0, count - visibleRows))
        selected = index
        reloadWindow()
    }

    /// Moves the selection; the window scrolls only as far as needed.
    func select(_ index: Int) {
        selected = index
        let oldTop = top
        keepSelectionVisible()
        if top != oldTop { reloadWindow() }
    }

    /// Applies a batch to the window: the selection stays on its mood, the view does not jump
    /// (unless it shows the top of the list, where new moods should appear), and only rows the
    /// window did not hold are read from the interactor.
    func follow(_ batch: CacheTransactionBatch) {
        let (oldTop, oldWindow, oldSelected) = (top, window, selected)
        let oldCount = count - batch.insertions.count + batch.deletions.count
        if oldCount > 0, let index = batch.newIndex(forOldIndex: selected) { selected = index }
        // The selected row keeps its place on screen, so the view does not jump.
        if oldTop > 0 { top = max(0, selected - (oldSelected - oldTop)) }
        keepSelectionVisible()
        var changed: [Int: Mood] = [:]
        for insertion in batch.insertions { changed[insertion.to] = insertion.mood }
        for update in batch.updates { changed[update.to] = update.mood }
        for move in batch.moves { changed[move.to] = move.mood }
        var newWindow: [MoodRowViewModel?] = []
        var missing: [Int] = []
        for index in top..<min(top + visibleRows, count) {
            if let mood = changed[index] {
                newWindow.append(rows.row(for: mood))
            } else if let old = batch.oldIndex(forNewIndex: index), oldWindow.indices.contains(old - oldTop) {
                newWindow.append(oldWindow[old - oldTop])
            } else {
                newWindow.append(nil)
                missing.append(index)
            }
        }
        if let first = missing.first, let last = missing.last {
            let read = interactor.moods(in: first..<(last + 1))
            for index in missing { newWindow[index - top] = read[index - first].map(rows.row(for:)) }
        }
        window = newWindow
    }
}
