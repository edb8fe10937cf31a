import MoodListModule

/// Records what the presenter asked the view to draw.
final class RecordingMoodListView: MoodListView {
    private(set) var displays: [(model: MoodListViewModel, changes: MoodListViewChanges)] = []

    var model: MoodListViewModel { displays.last!.model }
    var lastChanges: MoodListViewChanges { displays.last!.changes }
    var notes: [String?] { model.rows.map { $0?.note } }
    var selectedRow: MoodRowViewModel? {
        model.selectedIndex.flatMap { model.rows[$0 - model.firstIndex] }
    }

    func display(_ model: MoodListViewModel, changes: MoodListViewChanges) {
        displays.append((model, changes))
    }
}
