import Foundation
import GRDB
import MoodKit

/// The writes a transaction opened by ``JournalStore/write(origin:_:)`` can make.
///
/// Deleting follows Moody: ``markForDeletion(_:at:)`` hides a mood from the list at once and
/// leaves it for the remover (or ``purgeDeletedNeverUploaded()``) to delete for good, so a delete
/// can be undone until then.
public struct JournalWriter {
    let db: Database
    /// Where this device's clock reads the time for the stamps of a person's changes.
    public let wallClock: WallClock

    /// Adds the mood a person just entered, with a new id, every field stamped by this device's
    /// clock, and returns it.
    @discardableResult
    public func add(_ entry: MoodEntry) throws -> Mood {
        let stamp = try clockReading()
        let mood = Mood(
            id: UUID(), date: entry.date, level: entry.level, note: entry.note, creatorID: stamp.device,
            stamps: MoodStamps(all: stamp), activities: ActivitySet(adding: entry.activities, at: stamp),
            scales: ScaleValues(setting: entry.scales, at: stamp))
        try insert(mood)
        return mood
    }

    /// Inserts a mood as it is, stamps and all: a copy from the server, or one made elsewhere.
    /// - Throws: ``JournalError/duplicateMood(_:)`` when the id is taken.
    public func insert(_ mood: Mood) throws {
        do {
            // Cached: a download applies a thousand moods in one transaction.
            try db.cachedStatement(sql: Mood.insertSQL).execute(arguments: mood.storedValues)
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw JournalError.duplicateMood(mood.id)  // `id` is the only unique column a caller supplies
        }
    }

    /// Changes a mood's level, note, date, activities or scale values (those given; `nil` keeps
    /// a value; a scale given `nil` is cleared) as a person's edit. Only the fields whose value changes are stamped by this device's clock:
    /// saving a form whose level was left alone must not outweigh another device's change of the
    /// level. The `#hashtags` of a changed note are added to the activities. The mood waits for
    /// upload again (a failed upload is tried again).
    /// - Throws: ``JournalError/moodNotFound(_:)`` for an unknown or deleted mood;
    ///   ``MoodValidationError/tooManyActivities(count:limit:)``.
    public func edit(
        _ id: Mood.ID, level: MoodLevel? = nil, note: String? = nil, date: Date? = nil, activities: ActivityEdit? = nil,
        scales: [Scale.ID: ScaleValue?] = [:]
    ) throws {
        guard let mood = try snapshot.mood(id: id), !mood.sync.markedForRemoteDeletion else { throw JournalError.moodNotFound(id) }
        // The values that change, each `nil` when it was not given or stays as it is.
        let newLevel = level.flatMap { $0 == mood.level ? nil : $0 }
        let newNote = note.flatMap { $0 == mood.note ? nil : $0 }
        let newDate = date.flatMap { $0.roundedToMilliseconds == mood.date ? nil : $0.roundedToMilliseconds }
        let current = Set(mood.activities.names)
        let wanted = (activities?.applied(to: current) ?? current).union(newNote.map(ActivityName.hashtags(in:)) ?? [])
        var reading: HybridTimestamp?
        /// One clock reading for the whole edit, made only if some field changes.
        func stamp() throws -> HybridTimestamp {
            if let reading { return reading }
            reading = try clockReading()
            return reading!
        }
        var edited = mood
        if let newLevel { edited.fields.level = Stamped(newLevel, at: try stamp()) }
        if let newNote { edited.fields.note = Stamped(newNote, at: try stamp()) }
        if let newDate { edited.fields.date = Stamped(newDate, at: try stamp()) }
        try edited.activities.set(to: ActivitySet.checkedChoice(wanted, over: current), stamp: stamp)
        for (scale, value) in scales where edited.scales[scale] != value {
            edited.scales.set(value, for: scale, at: try stamp())
        }
        guard edited.scales.entries.count <= ScaleValues.maximumEntries else {
            throw MoodValidationError.invalidScaleValue(
                "a mood keeps values of at most \(ScaleValues.maximumEntries) scales, cleared ones included; this one has \(mood.scales.entries.count)")
        }
        try updateLiveMood(id, sql: """
            level = ?, note = ?, searchText = ?, date = ?, stamps = ?, activities = ?, activityNames = ?, scales = ?,
            changedSinceUpload = 1, lastSyncError = NULL
            """, arguments: StatementArguments([
                edited.level.rawValue.databaseValue, edited.note.databaseValue, MoodSearchText.stored(forNote: edited.note).databaseValue,
                edited.date.millisecondsSince1970.databaseValue, edited.stamps.storedText(creatorID: edited.creatorID).databaseValue,
            ] + edited.activities.storedValues(creatorID: edited.creatorID) + [edited.scales.storedText(creatorID: edited.creatorID).databaseValue]))
    }

    /// How long a deletion made with ``DeletionUndo/offered`` can be taken back. Every sync
    /// engine on the journal (the app's, `moodtui sync` in another shell) leaves a deletion alone
    /// for this long, and ``unmarkForDeletion(_:now:)`` refuses once it is over: an undo can
    /// then never race the deletion's request to the server.
    public static let undoWindow: Duration = .seconds(5)

    /// Whether a person can take a deletion back.
    public enum DeletionUndo: Sendable {
        /// For ``undoWindow`` (the app offers `u`).
        case offered
        /// Never (`moodtui delete`, a script): the deletion is due for the server at once.
        case notOffered
    }

    /// Hides a mood from the list and queues it for remote deletion.
    /// - Parameter date: when it was deleted; by the journal's clock, which the sync engine
    ///   measures the undo window with, when `nil`.
    /// - Throws: ``JournalError/moodNotFound(_:)`` for an unknown or already deleted mood.
    public func markForDeletion(_ id: Mood.ID, at date: Date? = nil, undo: DeletionUndo = .offered) throws {
        let date = date ?? wallClock.now()
        let mark = undo == .offered ? date : date.addingTimeInterval(-Self.undoWindow.timeInterval)
        try updateLiveMood(id, sql: "markedForRemoteDeletion = 1, markedForDeletionDate = ?",
                           arguments: [mark.millisecondsSince1970])
    }

    /// Brings back a mood marked for deletion within ``undoWindow``.
    /// - Throws: ``JournalError/undoWindowClosed(_:)`` past the window (the mood stays deleted),
    ///   ``JournalError/moodNotFound(_:)`` when it is gone or was never marked.
    public func unmarkForDeletion(_ id: Mood.ID, now: Date? = nil) throws {
        let window = UndoWindow(at: now ?? wallClock.now())
        try db.execute(
            sql: """
                UPDATE mood SET markedForRemoteDeletion = 0, markedForDeletionDate = NULL, changeCounter = changeCounter + 1
                WHERE id = ? AND markedForRemoteDeletion = 1 AND markedForDeletionDate > ? AND markedForDeletionDate <= ?
                """, arguments: [id, window.closedUpTo, window.openUpTo])
        guard db.changesCount == 0 else { return }
        let marked = try Bool.fetchOne(db, sql: "SELECT markedForRemoteDeletion FROM mood WHERE id = ?", arguments: [id])
        throw marked == true ? JournalError.undoWindowClosed(id) : JournalError.moodNotFound(id)
    }

    /// Deletes moods for good; unknown ids are ignored.
    public func purge(_ ids: some Collection<Mood.ID>) throws {
        for id in ids {
            try db.cachedStatement(sql: "DELETE FROM mood WHERE id = ?").execute(arguments: [id])
        }
    }

    /// Deletes for good every mood marked for deletion that never left this device (no upload
    /// was even attempted), since there is nobody to tell. Returns how many were deleted.
    @discardableResult
    public func purgeDeletedNeverUploaded() throws -> Int {
        try db.execute(sql: "DELETE FROM mood WHERE \(Self.neverSentDeletion)")
        return db.changesCount
    }

    /// Deletes `id` for good if it is marked for deletion and never left this device; returns
    /// whether it did. A mood that did leave stays marked for the remover.
    @discardableResult
    public func purgeIfNeverUploaded(_ id: Mood.ID) throws -> Bool {
        try db.execute(sql: "DELETE FROM mood WHERE id = ? AND \(Self.neverSentDeletion)", arguments: [id])
        return db.changesCount > 0
    }

    /// Marked for deletion, never uploaded, and no upload request ever left with it (its
    /// response may have been lost: then the server has it, and must be told).
    static let neverSentDeletion = "markedForRemoteDeletion = 1 AND remoteIdentifier IS NULL AND uploadAttempted = 0"

    /// Replaces every stored value of an existing mood (sync uses this to apply the server's copy).
    /// - Throws: ``JournalError/moodNotFound(_:)`` when there is no such mood.
    public func replace(_ mood: Mood) throws {
        try db.cachedStatement(sql: Mood.replaceSQL).execute(arguments: mood.storedValuesIDLast)
        guard db.changesCount > 0 else { throw JournalError.moodNotFound(mood.id) }
    }

    /// Reads inside the write transaction, seeing its own changes.
    public var snapshot: JournalSnapshot { JournalSnapshot(db: db) }

    /// A person's change of a mood still in the list; it moves the mood's change counter.
    private func updateLiveMood(_ id: Mood.ID, sql: String, arguments: StatementArguments) throws {
        try db.execute(
            sql: "UPDATE mood SET \(sql), changeCounter = changeCounter + 1 WHERE id = ? AND markedForRemoteDeletion = 0",
            arguments: arguments + [id])
        guard db.changesCount > 0 else { throw JournalError.moodNotFound(id) }
    }
}
