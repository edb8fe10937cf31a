import Foundation
import CacheTracking
import MoodInsights
import MoodKit

/// What the presenter asks of the interactor: the list's size and rows, and the journal writes
/// a person can make. Plain values only; errors come back as words a person can read.
public protocol MoodListInteractorInput: AnyObject {
    /// How many moods the list holds.
    var count: Int { get }
    /// The moods at `range` of the list (one entry per index, `nil` for one just deleted).
    func moods(in range: Range<Int>) -> [Mood?]
    /// Where the mood is in the list, if it is.
    func index(of id: Mood.ID) -> Int?
    /// The mood, if the journal holds it and it is not deleted, whether or not the filter shows it.
    func liveMood(_ id: Mood.ID) -> Mood?
    /// Shows only the moods a filter typed after `/` selects (``MoodKit/MoodFilter/init(search:scales:)``:
    /// `#name` for an activity, `sleep<6` for a scale's value, any other text for notes holding
    /// it; `nil` or empty: all). The
    /// list may change later, when the search was read in the background (``isSearching``).
    func filter(search text: String?) throws(MoodListError)
    /// A search asked for is still being read: the list shows the one before it, or the
    /// search's first screen, meanwhile (``listProgress``).
    var isSearching: Bool { get }
    /// How far the list asked for last has been read.
    var listProgress: ListProgress { get }
    /// Where the next mood after `index` (or before it when not `forward`) that `search` matches
    /// is in the list, coming round past either end; `nil` when the list holds none. In a list
    /// the search narrowed this reads nothing; in another it reads the matches (a search's cost)
    /// once, and again only after the list has caught up with a later commit.
    func stepToMatch(of search: String, from index: Int, forward: Bool) throws(MoodListError) -> MatchStep?
    /// Saves a new mood felt at `date` and returns its id.
    func add(level: MoodLevel, note: String, date: Date, activities: Set<ActivityName>, scales: [Scale.ID: ScaleValue]) throws(MoodListError) -> Mood.ID
    /// Changes the fields given of a mood; a `nil` field keeps the mood's own.
    func edit(
        _ id: Mood.ID, level: MoodLevel?, note: String?, date: Date?, activities: ActivityEdit?, scales: [Scale.ID: ScaleValue?]
    ) throws(MoodListError)
    /// The journal's activities, the most used first: what the form offers to complete.
    func activitySuggestions() -> [ActivityName]
    /// Marks a mood for deletion: it leaves the list at once and can be brought back with
    /// ``undoDelete(_:)`` for ``undoWindow``.
    func delete(_ id: Mood.ID) throws(MoodListError)
    /// How long after ``delete(_:)`` the deletion can be undone; after it, a sync engine may have
    /// sent the deletion to the server, and the screen stops offering undo.
    var undoWindow: Duration { get }
    func undoDelete(_ id: Mood.ID) throws(MoodListError)
    /// Looks for commits since the last call; results come through ``MoodListInteractorOutput``.
    func refresh()
    /// Which day a moment falls on for the person (the device's time zone).
    var localDays: LocalDays { get }
    /// The counts insights are drawn from, kept up to date from the first call on (which counts
    /// the journal, or starts from the counts saved with it).
    func insightsCounts() throws(MoodListError) -> InsightsAggregates
    /// The insights screen closed: its counts are saved for the next start.
    func insightsDidClose()
    /// The figures of all of `day`'s moods, whatever the filter shows: a day heading's average.
    /// Cheap to ask again until the journal changes; `nil` when the journal cannot be read.
    func totals(of day: LocalDay) -> DayTotals?
    /// The moods of the same day a year and a month before `day`, whatever the filter shows.
    func onThisDay(before day: LocalDay) -> OnThisDay
    /// Where the moods of `day` begin in the list (where they would be, if it has none).
    func index(ofDay day: LocalDay) -> Int
    /// Whose share this journal holds, when it holds one: it is then read-only, and the screen
    /// says so rather than open a form that cannot be saved. `nil` for a person's own journal.
    var sharedBy: String? { get }
    /// The names of the account's shares that show `mood` (by its date), in the order they were
    /// made; none when the account shares nothing.
    func shareNames(for mood: Mood) -> [String]
    /// Every scale the journal holds, removed ones too, as it is now; none when it cannot be read.
    func allScales() -> [Scale]
    /// What the account calls the levels, as it is now.
    var levelWords: LevelWords { get }
}

/// What the interactor tells the presenter.
public protocol MoodListInteractorOutput: AnyObject {
    /// The list changed as `batch` says.
    func interactorDidChangeList(_ batch: CacheTransactionBatch)
    /// The list was replaced as a whole: read it again.
    func interactorDidReloadList()
    /// Background sync moved on (or the journal is not logged in: ``SyncStatus/localOnly``).
    func interactorDidUpdateSyncStatus(_ status: SyncStatus)
    /// These moods arrived or changed from another device (already in the list's batches).
    func interactorDidReceiveRemoteChanges(_ ids: Set<Mood.ID>)
    /// The journal changed, and with it perhaps the figures of a day on screen
    /// (``MoodListInteractorInput/totals(of:)``) or the insights' counts
    /// (``MoodListInteractorInput/insightsCounts()``), even where the list did not change.
    func interactorDidChangeCounts()
    /// The journal's activities, the most used first, were read again and differ from before:
    /// an open form completes from them.
    func interactorDidReadActivities(_ names: [ActivityName])
    /// Reading the journal failed; the list stays as it was.
    func interactorDidFail(_ error: MoodListError)
}

/// A failure in words, for the message line.
public struct MoodListError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
