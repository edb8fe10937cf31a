import CacheTracking
import Foundation
import MoodKit

/// The mood list's presenter: keeps the screen's state (what is open, the search, the selection,
/// the scroll position, the visible window of rows), turns the interactor's batches into rows, and decides what each
/// intent does. Knows nothing of ncurses or SQL.
///
/// It keeps only the visible window of rows, so a journal of a million moods costs the same as one
/// of a hundred. Runs on the UI thread.
public final class MoodListPresenter: MoodListInteractorOutput {
    public weak var view: (any MoodListView)?
    let interactor: any MoodListInteractorInput
    let router: any MoodListRouter
    let rows: MoodRowFactory
    /// How the form writes and reads dates (the person's time zone).
    let dateInput: MoodDateInput
    /// The footers and the help, from the view's key table.
    let keyGuide: MoodListKeyGuide
    /// What is open: the one state the screen is in.
    var state = MoodListScreenState.list
    /// The filter on the list and the search `n` and `N` repeat.
    var search = MoodListSearch()

    /// How many lines the view's list area has (day headings and moods).
    var visibleRows = 0
    /// List index of the first visible mood.
    var top = 0
    /// List index of the selected mood (0 when the list is empty).
    var selected = 0
    /// The rows at `top..<top + window.count`: the moods that fit under their day headings.
    var window: [MoodRowViewModel?] = []
    var message: MoodListMessage?
    /// The last mood deleted here, which `u` brings back until the offer ends.
    var undoOffer: UndoOffer?
    var displayed: MoodListViewModel?
    /// Where background sync stands, for the header.
    var syncStatus = SyncStatus.localOnly
    /// Moods that arrived or changed from another device, highlighted until the given time.
    var highlights: [Mood.ID: Date] = [:]
    let now: () -> Date
    /// The week's first day in insights, Monday 0 … Sunday 6.
    let firstWeekday: Int

    /// How long a row that changed on another device stays highlighted.
    public static let highlightDuration: TimeInterval = 4

    /// Dates are shown and typed in the interactor's time zone, the one its days are counted in,
    /// so that a row's time always belongs to the day heading above it.
    /// - Parameters:
    ///   - keyGuide: the footers and help lines, from the view's key table.
    ///   - dateStyle: relative times for recent moods ("25 min ago"), or clock times only.
    ///   - firstWeekday: the week's first day in insights, Monday 0 … Sunday 6.
    ///   - now: the clock relative dates are written against.
    public init(
        interactor: any MoodListInteractorInput, router: any MoodListRouter,
        keyGuide: MoodListKeyGuide = MoodListKeyGuide(footers: [:], helpLines: []), dateStyle: MoodDateFormatter.Style = .relative,
        firstWeekday: Int = 0, now: @escaping () -> Date = Date.init
    ) {
        let timeZone = interactor.localDays.timeZone
        self.interactor = interactor
        self.router = router
        self.keyGuide = keyGuide
        self.now = now
        self.firstWeekday = firstWeekday
        dateInput = MoodDateInput(timeZone: timeZone)
        rows = MoodRowFactory(
            formatter: MoodDateFormatter(timeZone: timeZone, style: dateStyle), dateInput: dateInput, now: now,
            shareNames: { [unowned interactor] in interactor.shareNames(for: $0) },
            levelWords: { [unowned interactor] in interactor.levelWords })
    }

    /// The view is on screen with `visibleRows` list lines: show the list from the top.
    public func viewDidLoad(visibleRows: Int) {
        self.visibleRows = max(0, visibleRows)
        interactor.refresh()
        reloadWindow()
        displayed = nil
        render()
    }

    /// Rewrites what time has made stale — relative dates ("5 min ago"), highlights that have run
    /// their time, the retry countdown — and redraws only the lines that changed.
    public func timeDidPass() {
        let now = now()
        highlights = highlights.filter { $0.value > now }
        if let offer = undoOffer, offer.ends <= now {
            undoOffer = nil
            if message == .undoOffer { message = nil }
        }
        window = window.map { $0.map(rows.refreshed) }
        render()
    }

    /// When ``timeDidPass()`` next has something to change sooner than the minute-by-minute date
    /// refresh: a highlight or an undo offer ending, or the next second of a countdown
    /// ("offline · retry in N s", "sync in N s").
    public var nextTimedChange: Date? {
        var next = (Array(highlights.values) + [undoOffer?.ends].compactMap { $0 }).min()
        let countdownEnd: Date? = switch syncStatus.state {
        case .offline(let retryAt, _), .slowedDown(let retryAt): retryAt
        case .pending(let nextRun): nextRun
        default: nil
        }
        if let countdownEnd, countdownEnd > now() {
            let countdown = now().addingTimeInterval(1)
            next = min(next ?? countdown, countdown)
        }
        return next
    }

    /// Acts on what the person asked for.
    public func handle(_ intent: MoodListIntent) {
        if case .resize(let rows) = intent {
            visibleRows = max(0, rows)
            reloadWindow()
            displayed = nil // the screen changed size: everything is drawn again
        } else if let owner = interactor.sharedBy, Self.writes(intent, in: state) {
            search.waitingIntent = nil
            message = MoodListMessage(.error, "This is \(TerminalSafeText.singleLine(owner))'s share, read-only: nothing can be added, changed or deleted here.")
        } else {
            // A key waiting for a list is dropped by any key pressed after it.
            search.waitingIntent = nil
            switch state {
            case .list: handleList(intent)
            case .filtering(let field, let returnTo): handleFilterLine(intent, field, returnTo: returnTo)
            case .form, .confirmDelete, .detail, .help, .insights: handleOverlay(intent)
            }
        }
        render()
    }

    /// Whether `intent` would open a form or change a mood, in `state`.
    private static func writes(_ intent: MoodListIntent, in state: MoodListScreenState) -> Bool {
        switch (state, intent) {
        case (.list, .add), (.list, .editSelected), (.list, .deleteSelected), (.list, .undoDelete), (.detail, .editSelected),
            (.detail, .deleteSelected):
            true
        default: false
        }
    }

    // MARK: - Interactor output

    public func interactorDidChangeList(_ batch: CacheTransactionBatch) {
        follow(batch)
        followDetail(batch)
        render()
    }

    public func interactorDidReloadList() {
        selected = 0
        top = 0
        reloadWindow()
        let kept = search.selectionToKeep.flatMap { interactor.index(of: $0) }
        if let kept { select(kept) }
        let keptIsShown = search.selectionToKeep == nil || kept != nil
        if !interactor.isSearching { search.selectionToKeep = nil }
        if interactor.listProgress == .complete || (interactor.listProgress == .firstScreen && keptIsShown) {
            // A key pressed on a mood while this list was read acts on it now (on a search's
            // first screen already, if the mood to keep selected is on it), unless the person
            // opened something else meanwhile.
            if let waiting = search.waitingIntent, state == .list {
                search.waitingIntent = nil
                return handle(waiting)
            }
            search.waitingIntent = nil
        }
        render()
    }

    public func interactorDidUpdateSyncStatus(_ status: SyncStatus) {
        syncStatus = status
        render()
    }

    public func interactorDidReceiveRemoteChanges(_ ids: Set<Mood.ID>) {
        let until = now().addingTimeInterval(Self.highlightDuration)
        for id in ids { highlights[id] = until }
        render()
    }

    public func interactorDidChangeCounts() {
        render()
    }

    public func interactorDidReadActivities(_ names: [ActivityName]) {
        guard case .form(var form) = state else { return }
        form.offerActivities(names)
        state = .form(form)
        render()
    }

    public func interactorDidFail(_ error: MoodListError) {
        search.waitingIntent = nil
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
