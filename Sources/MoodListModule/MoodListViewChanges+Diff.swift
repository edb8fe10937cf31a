extension MoodListViewChanges {
    /// What differs between the model on screen (`old`, `nil` before the first display) and `new`.
    /// - Complexity: O(visible rows).
    init(from old: MoodListViewModel?, to new: MoodListViewModel) {
        guard let old, old.firstIndex == new.firstIndex, old.emptyText == new.emptyText else {
            self = .all
            return
        }
        var lines = Set<Int>()
        for line in 0..<max(old.rows.count, new.rows.count) {
            let index = new.firstIndex + line
            let wasSelected = old.selectedIndex == index, isSelected = new.selectedIndex == index
            if old.rows[safe: line] != new.rows[safe: line] || wasSelected != isSelected { lines.insert(line) }
        }
        self.init(
            lines: lines, header: old.header != new.header, footer: old.footer != new.footer,
            overlay: old.overlay != new.overlay || old.message != new.message)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
