import Foundation
import GRDB
import GRDBSQLite
import MoodKit
import PrivateFiles

/// The journal: one SQLite file in WAL mode, one writer, readers in parallel.
///
/// Every write goes through ``write(origin:_:)``, which stamps the transaction with its origin so
/// that the change log (filled by triggers) can say who changed what. Readers see consistent
/// snapshots through ``read(_:)``. Other processes may open the same file at the same time.
///
/// Thread safety: all methods may be called from any thread.
public final class JournalStore: Sendable {
    /// Where the journal lives on disk.
    public let path: String
    /// The journal's files that were readable by others and were made private on opening, for
    /// the caller to say so.
    public let permissionChanges: [PermissionChange]
    /// Where this device's clock reads the time for the stamps of a person's changes.
    public let wallClock: WallClock
    let pool: DatabasePool
    private let commitSignal: CommitSignal
    private let purgeObserver = PurgeObserver()

    /// Opens the journal at `path`, creating the file, its folder and its tables if needed: the
    /// file (with its `-wal` and `-shm`) private, 0600, and the folders it creates 0700. The
    /// journal holds the sync token.
    ///
    /// - Parameter wallClock: the time of day for the stamps of a person's changes; tests set
    ///   it ahead, behind, or back.
    /// - Throws: ``JournalError/cannotOpen(path:reason:)`` when the file cannot be opened or
    ///   is not a moodtui journal.
    public init(path: String, wallClock: WallClock = .system) throws(JournalError) {
        self.path = path
        self.wallClock = wallClock
        do {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try PrivateFiles.createMissingFolders(folder) }
            permissionChanges = try PrivateFiles.prepareDatabase(at: path)
            var configuration = Configuration()
            configuration.busyMode = .timeout(Self.busyTimeout)
            configuration.prepareDatabase { db in
                // The writer's page cache holds both indexes of a 100k journal (8 MiB, against
                // SQLite's 2): a download inserts moods at random dates and ids, and with the
                // default cache every page of them read the index back from the file.
                if !db.configuration.readonly { try db.execute(sql: "PRAGMA cache_size = -8192") }
                // A statement whose triggers write several rows keeps a statement journal to
                // undo itself; in a file (SQLite's default) an import of 100,000 moods made three
                // million writes to /var/tmp, a copy of notes outside the journal's 0700 folder.
                try db.execute(sql: "PRAGMA temp_store = MEMORY")
                // A deleted note is overwritten with zeros in the file, whatever this SQLite's
                // build default is (Debian turns it on; SQLite's own default is off).
                try db.execute(sql: "PRAGMA secure_delete = ON")
                JournalFunctions.add(to: db)
            }
            pool = try DatabasePool(path: path, configuration: configuration)
            try JournalSchema.migrator.migrate(pool)
        } catch {
            throw .cannotOpen(path: path, reason: Self.describe(error))
        }
        commitSignal = CommitSignal()
        pool.add(transactionObserver: commitSignal, extent: .databaseLifetime)
        pool.add(transactionObserver: purgeObserver, extent: .databaseLifetime)
    }

    /// Runs `updates` in one write transaction stamped with `origin`; its changes reach every
    /// observer of this journal, in this process and others, after the commit.
    ///
    /// - Throws: whatever `updates` throws, or a database error; nothing is written then.
    public func write<T>(origin: ChangeOrigin, _ updates: (JournalWriter) throws -> T) throws -> T {
        let result = try pool.write { db in try Self.stamped(db, origin: origin, wallClock: wallClock, updates) }
        if purgeObserver.takePurge() { eraseLoggedPages() }
        return result
    }

    /// The same for async code such as the sync engine's actors: the transaction runs on the
    /// journal's writer queue while the calling task waits suspended, so that no thread of the
    /// concurrency pool blocks on SQLite (or on another process holding the write lock).
    ///
    /// - Throws: as the blocking version, or `CancellationError` when the task was cancelled
    ///   before the transaction began.
    public func write<T: Sendable>(origin: ChangeOrigin, _ updates: @Sendable (JournalWriter) throws -> T) async throws -> T {
        let result = try await pool.write { [wallClock] db in try Self.stamped(db, origin: origin, wallClock: wallClock, updates) }
        if purgeObserver.takePurge() { _ = try? await pool.writeWithoutTransaction(Self.emptyLogWithoutWaiting) }
        return result
    }

    /// One write transaction's body: stamps it with its origin for the change log's triggers,
    /// runs `updates`, trims the change log when it is due, and brings the search index up to
    /// date. A person's write to a journal that holds someone's share is refused here, the one
    /// place every write passes, whichever screen or command makes it.
    private static func stamped<T>(
        _ db: Database, origin: ChangeOrigin, wallClock: WallClock, _ updates: (JournalWriter) throws -> T
    ) throws -> T {
        if origin == .ui || origin == .commandLine, let owner = try JournalSnapshot(db: db).setting(.sharedBy) {
            throw JournalError.readOnly(sharedBy: owner)
        }
        try db.cachedStatement(sql: "UPDATE changeWriter SET txn = txn + 1, origin = ?, pid = ?")
            .execute(arguments: [origin.rawValue, ProcessInfo.processInfo.processIdentifier])
        let writer = JournalWriter(db: db, wallClock: wallClock)
        let result = try updates(writer)
        try ChangeLogPruning.pruneIfDue(writer)
        try SearchIndexCatchUp.run(db)
        return result
    }

    /// Moves everything in the write-ahead log into the database file and empties the log: after
    /// a bulk import, so that readers do not look pages up in a long log.
    public func checkpoint() throws {
        _ = try pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }

    /// After a commit that deleted moods: the write-ahead log still holds their pages as written
    /// (notes and all), so it is emptied into the file, where `secure_delete` zeroed them (the
    /// async `write` does the same). Best effort: while a reader uses the log it stays for now,
    /// and the next purge or SQLite's own checkpoint empties it.
    private func eraseLoggedPages() {
        _ = try? pool.writeWithoutTransaction(Self.emptyLogWithoutWaiting)
    }

    /// Checkpoints and truncates the log if no reader is using it now, without waiting for one
    /// to finish: a purge must not hold up the writer (or a thread) for the busy timeout.
    private static func emptyLogWithoutWaiting(_ db: Database) throws {
        sqlite3_busy_timeout(db.sqliteConnection, 0)
        defer { sqlite3_busy_timeout(db.sqliteConnection, Int32(busyTimeout * 1_000)) }
        _ = try db.checkpoint(.truncate)
    }

    /// How long a write waits for another connection's lock, in seconds.
    private static let busyTimeout: TimeInterval = 10

    /// Runs `reads` against one consistent snapshot of the journal.
    public func read<T>(_ reads: (JournalSnapshot) throws -> T) throws -> T {
        try pool.read { db in try reads(JournalSnapshot(db: db)) }
    }

    /// The same for async code: the snapshot is read on one of the journal's reader queues while
    /// the calling task waits suspended.
    public func read<T: Sendable>(_ reads: @Sendable (JournalSnapshot) throws -> T) async throws -> T {
        try await pool.read { db in try reads(JournalSnapshot(db: db)) }
    }

    /// Calls `handler` after each commit made through this store (this process only; see
    /// ``JournalWatcher`` for other processes). The handler runs on the writer's thread: keep it short.
    func onCommit(_ handler: @escaping @Sendable () -> Void) -> CommitSignal.Token {
        commitSignal.add(handler)
    }

    func removeCommitHandler(_ token: CommitSignal.Token) {
        commitSignal.remove(token)
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? JournalError, case .cannotOpen(_, let reason) = error { return reason }
        if let error = error as? PrivateFilesError { return error.description }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB: return "the file is not a SQLite database"
            case .SQLITE_CANTOPEN: return "the file cannot be opened (check the path and permissions)"
            default: return error.message ?? "\(error.resultCode)"
            }
        }
        return (error as NSError).localizedDescription
    }
}
