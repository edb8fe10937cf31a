import Glibc
internal import GRDBSQLite

/// A look at a journal that changes nothing and costs next to nothing: no file made when there
/// is none, no migration, no lock, no write, and no Foundation. `moodtui prompt` runs before
/// every shell prompt, so the launcher answers it with this alone; the reminder asks the same
/// question from a timer, after its sync round.
public enum JournalPeek {
    /// What a journal holds of one day.
    public enum Day: Sendable, Equatable {
        /// There is no journal at the path: nothing was ever logged there.
        case noJournal
        /// At least one mood of the day, written here or synced from another device.
        case logged
        /// No mood of the day.
        case empty
    }

    /// Why the journal could not be read, in the words the other commands use.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot open journal at \(path): \(reason)" }
    }

    /// What the journal at `path` holds of the local day `day` (as ``LocalDay/containing(_:)``
    /// gives it); moods deleted and waiting to tell the server do not count.
    public static func day(_ day: LocalDay, inJournalAt path: String) throws(Failure) -> Day {
        guard access(path, F_OK) == 0 else {
            if errno == ENOENT { return .noJournal }
            throw Failure(path: path, reason: String(cString: strerror(errno)))
        }
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
            throw Failure(path: path, reason: "the file cannot be opened (check the path and permissions)")
        }
        // The app's checkpoint holds the file briefly; a prompt may wait that long, no more.
        sqlite3_busy_timeout(connection, 1_000)
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        let query = "SELECT EXISTS (SELECT 1 FROM mood WHERE markedForRemoteDeletion = 0 AND date >= ? AND date < ?)"
        guard sqlite3_prepare_v2(connection, query, -1, &statement, nil) == SQLITE_OK else {
            throw Failure(path: path, reason: reason(sqlite3_errcode(connection), connection))
        }
        sqlite3_bind_int64(statement, 1, day.startMilliseconds)
        sqlite3_bind_int64(statement, 2, day.endMilliseconds)
        let status = sqlite3_step(statement)
        guard status == SQLITE_ROW else { throw Failure(path: path, reason: reason(status, connection)) }
        return sqlite3_column_int(statement, 0) == 1 ? .logged : .empty
    }

    private static func reason(_ status: Int32, _ connection: OpaquePointer?) -> String {
        switch status & 0xFF {
        case SQLITE_NOTADB: "the file is not a SQLite database"
        case SQLITE_ERROR: "the file is not a moodtui journal"
        case SQLITE_BUSY: "the journal is busy; try again"
        default: String(cString: sqlite3_errmsg(connection))
        }
    }
}

/// One local day, as milliseconds since 1970 from its first moment to the next day's: the way
/// the journal stores a mood's moment. Local is `TZ`'s zone, as for every other command.
public struct LocalDay: Sendable, Equatable {
    public let startMilliseconds: Int64
    public let endMilliseconds: Int64

    /// The day holding `moment` (seconds since 1970); days are 23 or 25 hours long where
    /// clocks change.
    public static func containing(_ moment: time_t) -> LocalDay {
        var now = moment
        var parts = tm()
        localtime_r(&now, &parts)
        (parts.tm_hour, parts.tm_min, parts.tm_sec, parts.tm_isdst) = (0, 0, 0, -1)
        var next = parts
        let start = mktime(&parts)
        next.tm_mday += 1
        let end = mktime(&next)
        return LocalDay(startMilliseconds: Int64(start) * 1_000, endMilliseconds: Int64(end) * 1_000)
    }

    /// Today, on this device's clock.
    public static var today: LocalDay { containing(time(nil)) }
}

/// What the prompt and the reminder say when today has no mood: one wording, learnt once.
public enum TodayNudge {
    public static let text = "no mood today · moodtui a"
}
