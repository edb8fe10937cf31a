import CacheTracking
import Foundation
import MoodKit

/// The mood list's presenter: keeps the screen's state (selection, scroll position, the visible
/// window of rows, what is open), turns the interactor's batches into rows, and decides what each
/// intent does. Knows nothing of ncurses or SQL.
///
/// It keeps only the visible window of rows, so a journal of a million moods costs the same as one
/// of a hundred. Runs on the UI thread.
public final class MoodListPresenter: MoodListInteractorOutput {
    public weak var view: (any MoodListView)?
    let interactor: any MoodListInteractorInput
    let router: any MoodListRouter
    let rows: MoodRowFactory

    /// How many rows the view's list area shows.
    var visibleRows = 0
    /// List index of the first visible row.
    var top = 0
    /// List index of the selected row (0 when the list is empty).
    var selected = 0
    /// The rows at `top..<top + window.count`.
    var window: [MoodRowViewModel?] = []
    /// The filter applied to the list, if any.
    var appliedFilter: String?
    /// The filter line while it is being typed.
    var filterField: TextFieldState?
    var message: MoodListMessage?
    /// The last mood deleted here, which `u` brings back.
    var lastDeleted: Mood.ID?
    var displayed: MoodListViewModel?

    /// - Parameter now: the clock relative dates are written against.
    public init(
        interactor: any MoodListInteractorInput, router: any MoodListRouter,
        dateFormatter: MoodDateFormatter = MoodDateFormatter(), now: @escaping () -> Date = Date.init
    ) {
        self.interactor = interactor
        self.router = router
        rows = MoodRowFactory(formatter: dateFormatter, now: now)
    }

    /// The view is on screen with `visibleRows` list lines: show the list from the top.
    public func viewDidLoad(visibleRows: Int) {
        self.visibleRows = max(0, visibleRows)
        interactor.refresh()
        reloadWindow()
        displayed = nil
        render()
    }

    /// Rewrites relative dates ("5 min ago") that time has made stale; only changed lines redraw.
    public func refreshDates() {
        window = window.map { $0.map(rows.refreshed) }
        render()
    }

    /// Acts on what the person asked for.
    public func handle(_ intent: MoodListIntent) {
        if case .resize(let rows) = intent {
            visibleRows = max(0, rows)
            reloadWindow()
            displayed = nil // the screen changed size: everything is drawn again
        } else if let route = router.current {
            handle(intent, in: route)
        } else if filterField != nil {
            handleFilterLine(intent)
        } else {
            handleList(intent)
        }
        render()
    }

    // MARK: - Interactor output

    public func interactorDidChangeList(_ batch: CacheTransactionBatch) {
        follow(batch)
        render()
    }

    public func interactorDidReloadList() {
        selected = 0
        top = 0
        reloadWindow()
        render()
    }

    public func interactorDidFail(_ error: MoodListError) {
        message = MoodListMessage(.error, error.description)
        render()
    }

    // MARK: - Rendering

    func render() {
        let model = makeViewModel()
        let changes = MoodListViewChanges(from: displayed, to: model)
        displayed = model
        if !changes.isEmpty { view?.display(model, changes: changes) }
    }
}
