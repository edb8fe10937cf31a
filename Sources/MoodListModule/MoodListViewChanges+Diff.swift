extension MoodListViewChanges {
    /// What differs between the model on screen (`old`, `nil` before the first display) and `new`.
    /// - Complexity: O(visible rows).
    init(from old: MoodListViewModel?, to new: MoodListViewModel) {
        guard let old, old.firstIndex == new.firstIndex, old.emptyText == new.emptyText else {
            self = .all
            return
        }
        var lines = Set<Int>()
        let (wasSelected, isSelected) = (old.selectedLine, new.selectedLine)
        for line in 0..<max(old.lines.count, new.lines.count) {
            if old.lines[safe: line] != new.lines[safe: line] || (wasSelected == line) != (isSelected == line) {
                lines.insert(line)
            }
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
