import Foundation

/// The view model the presenter's state reads as.
extension MoodListPresenter {
    static let helpLines = [
        ("↑ ↓  k j", "move the selection"),
        ("g G  Home End", "first / last mood"),
        ("PgUp PgDn", "a page up / down"),
        ("a", "add a mood"),
        ("Enter  v", "the whole mood: note, date, device, sync"),
        ("e", "edit the selected mood"),
        ("d", "delete the selected mood"),
        ("u", "undo the last delete"),
        ("/", "filter by note; Esc clears"),
        ("?", "this help"),
        ("q  Ctrl-C", "quit"),
    ].map { keys, action in keys.padding(toLength: 15, withPad: " ", startingAt: 0) + action }

    func makeViewModel() -> MoodListViewModel {
        MoodListViewModel(
            header: MoodListHeader(countText: countText, status: SyncStatusText.describe(syncStatus, now: now())),
            rows: highlightedWindow, firstIndex: top,
            selectedIndex: count > 0 ? selected : nil, footer: footer, overlay: overlay, message: message,
            emptyText: emptyText)
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
        let moods = count == 1 ? "1 mood" : "\(count) moods"
        guard let filter = appliedFilter else { return moods }
        return "\(moods) matching “\(filter)”"
    }

    private var overlay: MoodListOverlay? {
        switch router.current {
        case .form(let form): .form(form.viewModel)
        case .confirmDelete(let row): .confirmDelete(row)
        case .detail(let detail): .detail(rows.detail(for: detail, status: syncStatus))
        case .help: .help(Self.helpLines)
        case nil: filterField.map { .filter($0.viewModel) }
        }
    }

    private var footer: String {
        switch router.current {
        case .form: "Tab next field · Alt-Enter new line · Enter save · Esc cancel"
        case .confirmDelete: "y delete · n keep"
        case .detail: "↑↓ scroll · e edit · d delete · Esc close"
        case .help: "any key closes help"
        case nil where filterField != nil: "type to filter · Enter keep · Esc clear"
        case nil: "↑↓ move · a add · e edit · d delete · u undo · / filter · ? help · q quit"
        }
    }

    private var emptyText: String {
        guard count == 0 else { return "" }
        if let filter = appliedFilter { return "No mood matches “\(filter)”. Esc clears the filter." }
        return "No moods yet. Press a to add how you feel."
    }
}
