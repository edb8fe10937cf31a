import CacheTracking
import Dispatch
import Foundation
import MoodInsights
import MoodKit
import MoodStore

/// The mood list's interactor: owns the ``CacheTracker`` (and is its delegate), makes the
/// journal writes a person asks for, and hands plain values and batches to the presenter.
///
/// Runs on the UI thread. The app calls ``refresh()`` whenever a `JournalWatcher` reports a
/// commit — from this process or another — and the tracker turns it into one batch.
public final class MoodListInteractor: MoodListInteractorInput, CacheTrackerDelegate {
    public weak var output: (any MoodListInteractorOutput)?
    private let store: JournalStore
    private let tracker: CacheTracker
    private let searchExecution: SearchExecution
    /// How many moods a background search reads first, to show before the rest: a screenful.
    private let firstScreenRows: Int
    /// Moves with every search asked for: a result read for an older one is dropped.
    private var searchGeneration = 0
    /// The search the list shows.
    private var shownGeneration = 0
    /// The latest search result read in the background, waiting for the UI thread.
    private let finishedSearch = FinishedSearchSlot()
    private let suggestions: ActivitySuggestions
    /// Where background searches are read, one at a time.
    private let searchQueue = DispatchQueue(label: "moodtui.search", qos: .userInitiated)
    public let localDays: LocalDays
    /// The insights' counts, from their first use on.
    private var insights: InsightsTracker?
    private var dayTotals = DayTotalsCache()
    /// The matches `n` and `N` last stepped through, read again once the journal has changed.
    private var searchMatches: CacheTracker.Prepared?
    public let sharedBy: String?
    /// What each of the account's shares covers, read again when the journal changes.
    private var sharedDates: [SharedDates]
    /// Read again when the journal changes: another device may have given the levels words.
    public private(set) var levelWords: LevelWords

    /// - Parameters:
    ///   - store: the journal.
    ///   - searchExecution: where a filter's list is read.
    ///   - localDays: which day a moment falls on for the person.
    ///   - firstScreenRows: how many matches a search read in the background shows before all
    ///     of them are read: at least the rows of the screen.
    /// - Throws: ``MoodListError`` when the journal cannot be read.
    public init(
        store: JournalStore, searchExecution: SearchExecution = .inline, localDays: LocalDays = LocalDays(), firstScreenRows: Int = 200
    ) throws(MoodListError) {
        self.store = store
        self.localDays = localDays
        self.searchExecution = searchExecution
        self.firstScreenRows = firstScreenRows
        tracker = try Self.words { try CacheTracker(store: store, request: .journal) }
        (sharedBy, sharedDates, levelWords) = try Self.words {
            try store.read { (try $0.setting(.sharedBy), try $0.sharedDates(), try $0.levelWordsInUse()) }
        }
        // After the list is read, which takes both cores of a small machine on a big journal.
        suggestions = ActivitySuggestions(store: store, execution: searchExecution)
        tracker.delegate = self
    }

    public var count: Int { tracker.count }

    public func moods(in range: Range<Int>) -> [Mood?] {
        do { return try tracker.moods(in: range) } catch {
            output?.interactorDidFail(MoodListError("cannot read the journal: \(error)"))
            return Array(repeating: nil, count: range.clamped(to: 0..<count).count)
        }
    }

    public func index(of id: Mood.ID) -> Int? {
        try? tracker.index(of: id)
    }

    /// The list's request with `text` as its search (`nil` or empty: none).
    private func request(searching text: String?) -> CacheRequest {
        var request = tracker.request
        let search = MoodFilter(search: text ?? "", scales: allScales())
        (request.filter.noteContains, request.filter.activities, request.filter.scaleConditions) =
            (search.noteContains, search.activities, search.scaleConditions)
        return request
    }

    public func filter(search text: String?) throws(MoodListError) {
        let request = request(searching: text)
        searchGeneration += 1
        switch searchExecution {
        case .inline:
            shownGeneration = searchGeneration
            try Self.words { try tracker.setRequest(request) }
        case .background(let wake):
            let (generation, store, finished, search) = (searchGeneration, store, finishedSearch, request)
            finished.ask(generation)
            let firstScreenRows = firstScreenRows
            searchQueue.async {
                // One search at a time: those typed meanwhile wait, and all but the last are skipped.
                // A search whose first screen is among the list's first moods shows it while the
                // rest is read; a failure to read it is left to the whole list's read.
                guard finished.isLatest(generation) else { return wake() }
                if search.filter.readsByRowID,
                    let first = try? CacheTracker.prepareFirstScreen(search, rows: firstScreenRows, from: store)
                {
                    finished.offer(FinishedSearch(generation: generation, result: .success(first)))
                    wake()
                    if first.isComplete { return }
                }
                guard finished.isLatest(generation) else { return wake() }
                let result = Result { () throws(MoodListError) in try Self.words { try CacheTracker.prepare(search, from: store) } }
                finished.offer(FinishedSearch(generation: generation, result: result))
                wake()
            }
        }
    }

    public var isSearching: Bool { listProgress != .complete }

    public var listProgress: ListProgress {
        if shownGeneration < searchGeneration { return .reading }
        return tracker.isComplete ? .complete : .firstScreen
    }

    public func stepToMatch(of search: String, from index: Int, forward: Bool) throws(MoodListError) -> MatchStep? {
        let request = request(searching: search)
        // The list is the matches, all of them.
        if request == tracker.request, tracker.isComplete { return tracker.step(from: index, forward: forward) }
        let matches: CacheTracker.Prepared
        // Read at or after the list's position: no match is missing from it (step skips those the
        // list does not hold yet).
        if let known = searchMatches, known.request == request, known.changeLogPosition >= tracker.changeLogPosition {
            matches = known
        } else {
            matches = try Self.words { try CacheTracker.prepare(request, from: store) }
            searchMatches = matches
        }
        return tracker.step(from: index, through: matches, forward: forward)
    }

    /// Shows the latest search read in the background, if it is still the one asked for last.
    private func showFinishedSearch() {
        guard let finished = finishedSearch.take(), finished.generation == searchGeneration
        else { return }
        shownGeneration = finished.generation
        do {
            try tracker.adopt(try finished.result.get())
        } catch {
            output?.interactorDidFail(error as? MoodListError ?? MoodListError("cannot read the journal: \(error)"))
            // A first screen whose whole list could not be read would say "counting…" for good:
            // the whole list is read here instead (and on failure the next search tries again).
            if !tracker.isComplete { try? tracker.setRequest(tracker.request) }
        }
    }

    public func liveMood(_ id: Mood.ID) -> Mood? {
        guard let mood = try? store.read({ try $0.mood(id: id) }), !mood.sync.markedForRemoteDeletion else { return nil }
        return mood
    }

    public func add(
        level: MoodLevel, note: String, date: Date, activities: Set<ActivityName>, scales: [Scale.ID: ScaleValue]
    ) throws(MoodListError) -> Mood.ID {
        let entry = try Self.words { try MoodEntry(level: level, note: note, date: date, activities: activities, scales: scales) }
        return try write { try $0.add(entry).id }
    }

    public func edit(
        _ id: Mood.ID, level: MoodLevel?, note: String?, date: Date?, activities: ActivityEdit?, scales: [Scale.ID: ScaleValue?]
    ) throws(MoodListError) {
        let note = try note.map { note throws(MoodListError) in try Self.words { try MoodNote.normalized(note) } }
        let date = try date.map { date throws(MoodListError) in try Self.words { try MoodDateRange.validated(date, field: .date) } }
        try write { try $0.edit(id, level: level, note: note, date: date, activities: activities, scales: scales) }
    }

    /// Read ahead (see ``ActivitySuggestions``); an unreadable journal offers nothing rather than
    /// failing the form.
    public func activitySuggestions() -> [ActivityName] { suggestions.names }

    public func delete(_ id: Mood.ID) throws(MoodListError) {
        try write { try $0.markForDeletion(id) }
    }

    public var undoWindow: Duration { JournalWriter.undoWindow }

    public func undoDelete(_ id: Mood.ID) throws(MoodListError) {
        try write { try $0.unmarkForDeletion(id) }
    }

    /// The journal changed (as a `JournalWatcher` reports): brings the list up to date, then says
    /// which moods the sync engine brought from another device, so that they can be highlighted.
    public func journalDidChange(_ changes: [JournalChange]) {
        if changes.contains(where: { !$0.inserted.isEmpty || !$0.deleted.isEmpty || $0.changedColumns.contains(.activities) }) {
            suggestions.reload()  // before the refresh, which hands an open form what was read
        }
        refresh()
        // A share made or ended, or words given to the levels, changes no mood: both are read
        // again whenever the journal's moods change (a change of the words alone shows with the
        // next mood that changes, or the next start).
        if let (dates, words) = try? store.read({ (try $0.sharedDates(), try $0.levelWordsInUse()) }), dates != sharedDates || words != levelWords {
            (sharedDates, levelWords) = (dates, words)
            output?.interactorDidReloadList()
        }
        let content: MoodColumn = [.date, .level, .note, .stamps, .activities, .scales]
        let remote = changes.filter { $0.origin == .sync }.reduce(into: Set<Mood.ID>()) { ids, change in
            ids.formUnion(change.inserted)
            // Not the engine's bookkeeping (a version recorded after an upload): only new content.
            if !change.changedColumns.isDisjoint(with: content) { ids.formUnion(change.updated) }
        }
        if !remote.isEmpty { output?.interactorDidReceiveRemoteChanges(remote) }
    }

    /// Background sync has a new status (the app posts it here on the UI thread).
    public func syncStatusDidChange(_ status: SyncStatus) {
        output?.interactorDidUpdateSyncStatus(status)
    }

    public func refresh() {
        showFinishedSearch()
        do {
            let position = tracker.changeLogPosition
            try tracker.processChanges()
            let insightsChanged = try insights?.processChanges() == true
            if insightsChanged || tracker.changeLogPosition != position { output?.interactorDidChangeCounts() }
            if let names = suggestions.takeNewNames() { output?.interactorDidReadActivities(names) }
        } catch {
            output?.interactorDidFail(MoodListError("cannot read the journal: \(error)"))
        }
    }

    public func insightsCounts() throws(MoodListError) -> InsightsAggregates {
        if let insights { return insights.aggregates }
        let insights = try Self.words { try InsightsTracker(store: store, localDays: localDays) }
        self.insights = insights
        return insights.aggregates
    }

    /// Saves the counts where searches are read: in the background in the app, so that closing
    /// the screen never waits for another writer (a sync engine's transaction, another process).
    public func insightsDidClose() {
        guard let save = insights?.countsSaving() else { return }
        switch searchExecution {
        case .inline:
            do { try save() } catch { output?.interactorDidFail(MoodListError("cannot save the insights' counts: \(error)")) }
        case .background:
            searchQueue.async { try? save() }  // a failure costs the next start a count afresh
        }
    }

    public func totals(of day: LocalDay) -> DayTotals? {
        let (store, localDays) = (store, localDays)
        return dayTotals.totals(of: day, at: tracker.changeLogPosition) { day in
            // An unreadable journal shows the day without figures; the list says why when it fails to read.
            (try? store.read { try $0.levelCounts(felt: localDays.moments(of: day)) }).map(DayTotals.init(levelCounts:))
        }
    }

    public func onThisDay(before day: LocalDay) -> OnThisDay {
        let (store, localDays) = (store, localDays)
        return OnThisDay(before: day) { past in try? store.read { try $0.dayDigest(felt: localDays.moments(of: past)) } }
    }

    public func index(ofDay day: LocalDay) -> Int {
        let moments = localDays.moments(of: day)
        return tracker.index(ofMoment: tracker.request.order == .newestFirst ? moments.upperBound : moments.lowerBound)
    }

    public func shareNames(for mood: Mood) -> [String] {
        sharedDates.filter { $0.includes(mood.date) }.map(\.name)
    }

    public func allScales() -> [Scale] {
        (try? store.read { try $0.allScales() }) ?? []
    }

    public func cacheTracker(_ tracker: CacheTracker, didProduce batch: CacheTransactionBatch) {
        output?.interactorDidChangeList(batch)
    }

    public func cacheTrackerDidReload(_ tracker: CacheTracker) {
        output?.interactorDidReloadList()
    }

    /// Writes as the person at the keyboard, then brings the list up to date at once, so the
    /// screen shows the change without waiting for the watcher.
    private func write<T>(_ change: (JournalWriter) throws -> T) throws(MoodListError) -> T {
        let result = try Self.words { try store.write(origin: .ui, change) }
        refresh()
        return result
    }

    /// Runs `body`, turning any error into words.
    private static func words<T>(_ body: () throws -> T) throws(MoodListError) -> T {
        do { return try body() } catch { throw MoodListError("\(error)") }
    }
}
