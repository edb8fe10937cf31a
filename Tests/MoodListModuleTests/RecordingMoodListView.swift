import MoodListModule

/// Records what the presenter asked the view to draw.
final class RecordingMoodListView: MoodListView {
    private(set) var displays: [(model: MoodListViewModel, changes: MoodListViewChanges)] = []

    var model: MoodListViewModel { displays.last!.model }
    var lastChanges: MoodListViewChanges { displays.last!.changes }
    var notes: [String?] { model.rows.map { $0?.note } }
    /// The selected mood's row, if it is on screen.
    var selectedRow: MoodRowViewModel? {
        let rows = model.rows
        return model.selectedIndex.flatMap { rows.indices.contains($0 - model.firstIndex) ? rows[$0 - model.firstIndex] : nil }
    }

    /// How many lines of the help or a note fit, as a screen would have it.
    var boxLines = 9

    func display(_ model: MoodListViewModel, changes: MoodListViewChanges) {
        displays.append((model, changes))
    }

    /// One line per line of the help, per line of a note (no wrapping), `boxLines` shown.
    func scrollLimit(for overlay: MoodListOverlay) -> Int {
        switch overlay {
        case .help(let lines, _): max(0, lines.count - boxLines)
        case .detail(let detail): max(0, detail.note.split(separator: "\n", omittingEmptySubsequences: false).count - boxLines)
        default: 0
        }
    }
}
