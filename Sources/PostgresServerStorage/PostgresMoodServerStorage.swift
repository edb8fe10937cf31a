import Foundation
import Logging
import MoodKit
import PostgresNIO
import ServerStorage
import SyncProtocol

/// A ``MoodServerStorage`` on PostgreSQL, for a server run for many people: several `moodtui
/// serve` instances share one database.
///
/// Every write takes its account's row lock (`SELECT … FOR NO KEY UPDATE`) before it reads the account's
/// sequence, so writers of one account, on any instance, queue behind each other: sequences are
/// given out without gaps or repeats, in commit order, and a reader never sees a change before
/// one with a smaller sequence. A page of the feed is read in one snapshot (repeatable read).
public final class PostgresMoodServerStorage: MoodServerStorage {
    let client: PostgresClient
    let logger: Logger
    public let storeID: String
    /// The connections the pool opens for calls: its most, but the two the `LISTEN` streams
    /// (revocations, announcements) hold for the server's life.
    public let poolSize: Int
    /// Dates tombstones, for compaction.
    let clock: WallClock
    /// This instance, in its announcements: it ignores its own.
    let instance = UUID()
    private let running: Task<Void, Never>

    /// Connects to the database at `address`, migrates it, and keeps a pool of connections until
    /// ``close()``.
    /// - Throws: when the database cannot be reached or migrated; ``PostgresFailure`` says why in
    ///   words.
    public static func connect(_ address: PostgresAddress, logger: Logger, clock: WallClock = .system) async throws
        -> PostgresMoodServerStorage
    {
        // One connection first, which migrates: a database that is not there fails at once, in
        // words, where the pool would keep retrying behind its circuit breaker.
        let first = try await PostgresConnection.connect(configuration: try address.connectionConfiguration(), id: 0, logger: logger)
        let storeID: String
        do {
            try await PostgresSchema.migrate(first, logger: logger)
            storeID = try await Self.storeID(first, logger: logger)
            try await first.close()
        } catch {
            try? await first.close()
            throw error
        }
        let configuration = try address.configuration()
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        return PostgresMoodServerStorage(
            client: client, poolSize: configuration.options.maximumConnections - 2, logger: logger, storeID: storeID, clock: clock,
            running: Task { await client.run() })
    }

    private init(client: PostgresClient, poolSize: Int, logger: Logger, storeID: String, clock: WallClock, running: Task<Void, Never>) {
        self.client = client
        self.poolSize = poolSize
        self.logger = logger
        self.storeID = storeID
        self.clock = clock
        self.running = running
    }

    /// Closes the pool's connections.
    public func close() { running.cancel() }

    deinit { running.cancel() }

    private static func storeID(_ connection: PostgresConnection, logger: Logger) async throws -> String {
        let fresh = UUID().uuidString
        try await connection.query("INSERT INTO meta (key, value) VALUES ('storeID', \(fresh)) ON CONFLICT (key) DO NOTHING", logger: logger)
        for try await id in try await connection.query("SELECT value FROM meta WHERE key = 'storeID'", logger: logger).decode(String.self) {
            return id
        }
        throw PostgresStoreError("the store has no id")
    }

    /// - Throws: when the database does not answer within ``healthDeadline``: the pool would
    ///   otherwise keep `/healthz` waiting while it retries to connect.
    public func checkHealth() async throws {
        let client = client, logger = logger
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await client.query("SELECT 1", logger: logger) }
            group.addTask {
                try await Task.sleep(for: Self.healthDeadline)
                throw PostgresStoreError("the database did not answer within \(Self.healthDeadline)")
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// How long `/healthz` waits for the database.
    static let healthDeadline: Duration = .seconds(2)

    public func upsert(_ uploads: [MoodUpload], in account: Account, from device: String?) async throws -> UpsertResult {
        try await transaction { connection in
            let locked = try await Self.lock(account, connection, logger: self.logger)
            try AccountKeyRule.check(uploads, current: locked.keyID)
            let current = try await Self.records(uploads.map(\.id), of: account, connection, logger: self.logger)
            var sequence = locked.lastSequence
            var saved: [SavedMood] = [], conflicts: [MoodConflict] = [], writes: [MoodRecord] = []
            for upload in uploads {
                switch UpsertDecision.decide(upload, current: current[upload.id], compactedThrough: locked.compactedThrough) {
                case .write:
                    sequence += 1
                    writes.append(MoodRecord(id: upload.id, payload: upload.payload, version: sequence, sequence: sequence))
                    saved.append(SavedMood(id: upload.id, version: sequence))
                case .unchanged(let version):
                    saved.append(SavedMood(id: upload.id, version: version))
                case .conflict(let conflict):
                    conflicts.append(conflict)
                }
            }
            try await Self.store(writes, of: account, connection, logger: self.logger)
            try await Self.setLastSequence(sequence, of: account, connection, logger: self.logger)
            if sequence != locked.lastSequence { try await self.announce(account, latestSequence: sequence, device: device, connection) }
            return UpsertResult(saved: saved, conflicts: conflicts, latestSequence: sequence, changedAnything: sequence != locked.lastSequence)
        }
    }

    public func delete(_ deletions: [MoodDeletion], in account: Account, from device: String?) async throws -> DeletionResult {
        let now = clock.now()
        return try await transaction { connection in
            let locked = try await Self.lock(account, connection, logger: self.logger)
            try AccountKeyRule.checkUnchanged(current: locked.keyID, checked: account.keyID)
            var current = try await Self.records(deletions.map(\.id), of: account, connection, logger: self.logger)
            var sequence = locked.lastSequence
            var deleted: [UUID] = [], tombstones: [MoodRecord] = []
            for deletion in deletions where TombstoneRule.needsTombstone(current[deletion.id], proof: deletion.proof) {
                let id = deletion.id
                sequence += 1
                let tombstone = MoodRecord(id: id, payload: nil, version: sequence, sequence: sequence, deletionProof: deletion.proof)
                tombstones.append(tombstone)
                if current[id] != nil { deleted.append(id) }
                current[id] = tombstone  // an id named twice is deleted once
            }
            try await Self.store(tombstones, of: account, deletedAt: now, connection, logger: self.logger)
            try await Self.setLastSequence(sequence, of: account, connection, logger: self.logger)
            if !deleted.isEmpty { try await self.announce(account, latestSequence: sequence, device: device, connection) }
            return DeletionResult(deleted: deleted, latestSequence: sequence)
        }
    }

    public func changes(in account: Account, after sequence: Int64, listingTombstonesAfter: Int64, limit: Int) async throws -> ChangePage {
        try await transaction { connection in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: self.logger)
            let state = try await Self.state(of: account, connection, logger: self.logger)
            let rows = try await connection.query("""
                SELECT \(unescaped: Self.recordColumns) FROM mood
                WHERE account_id = \(account.id) AND sequence > \(sequence) AND (deleted_at IS NULL OR sequence > \(listingTombstonesAfter))
                ORDER BY sequence LIMIT \(limit + 1)
                """, logger: self.logger)
            var records: [MoodRecord] = []
            for try await row in rows.decode(Self.RecordRow.self) { records.append(try Self.record(row)) }
            return ChangePage(
                records: records, limit: limit, latestSequence: state.lastSequence, keyID: state.keyID, head: state.head,
                setupVersion: state.setupVersion, compactedThrough: state.compactedThrough)
        }
    }

    /// Each account in its own transaction, holding the account's row lock as writers do: a
    /// late upload of a compacted id waits, then sees the raised horizon.
    public func compact(tombstonesDeletedBefore cutoff: Date) async throws -> Int {
        let cutoff = cutoff.millisecondsSince1970
        var accounts: [Int64] = []
        let rows = try await client.query(
            "SELECT DISTINCT account_id FROM mood WHERE deleted_at < \(cutoff) AND deletion_proof IS NULL", logger: logger)
        for try await account in rows.decode(Int64.self) { accounts.append(account) }
        var removed = 0
        for account in accounts {
            removed += try await transaction { connection in
                try await connection.query("SELECT 1 FROM account WHERE id = \(account) FOR NO KEY UPDATE", logger: self.logger)
                let rows = try await connection.query("""
                    WITH removed AS (
                        DELETE FROM mood WHERE account_id = \(account) AND deleted_at < \(cutoff) AND deletion_proof IS NULL RETURNING sequence)
                    UPDATE account SET compacted_through = GREATEST(compacted_through, (SELECT max(sequence) FROM removed))
                    WHERE id = \(account)
                    RETURNING (SELECT count(*) FROM removed)
                    """, logger: self.logger)
                var count = 0
                for try await removedHere in rows.decode(Int64.self) { count = Int(removedHere) }
                return count
            }
        }
        return removed
    }

    public func publishHead(_ head: AccountHead, in account: Account, from device: String?) async throws -> Bool {
        try await transaction { connection in
            let locked = try await Self.lock(account, connection, logger: self.logger)
            try AccountKeyRule.checkUnchanged(current: locked.keyID, checked: account.keyID)
            guard AccountHeadRule.follows(head, current: locked.head, latestSequence: locked.lastSequence) else { return false }
            try await connection.query(
                "UPDATE account SET head = \(head.json) WHERE id = \(account.id)", logger: self.logger)
            try await self.announce(account, latestSequence: locked.lastSequence, device: device, connection)
            return true
        }
    }

    public func setup(of account: Account) async throws -> SetupResponse {
        let rows = try await client.query("SELECT setup FROM account WHERE id = \(account.id)", logger: logger)
        for try await json in rows.decode(String?.self) { return json.flatMap(SetupResponse.init(json:)) ?? SetupResponse(version: 0, payload: nil) }
        return SetupResponse(version: 0, payload: nil)
    }

    public func storeSetup(_ upload: SetupUpload, in account: Account, from device: String?) async throws -> SetupStoreOutcome {
        try await transaction { connection in
            let locked = try await Self.lock(account, connection, logger: self.logger)
            try AccountKeyRule.check(upload.payload, current: locked.keyID)
            guard locked.setupVersion == upload.baseVersion else { return .versionMoved }
            let stored = SetupResponse(version: upload.baseVersion + 1, payload: upload.payload)
            try await connection.query(
                "UPDATE account SET setup = \(stored.json), setup_version = \(stored.version) WHERE id = \(account.id)", logger: self.logger)
            try await self.announce(account, latestSequence: locked.lastSequence, device: device, connection)
            return .stored(version: stored.version, latestSequence: locked.lastSequence)
        }
    }

    /// The notifications on `channel`, each made an element by `element` (`nil`: skipped), until
    /// the consumer stops or the store is closed; `onConnect` is yielded each time the listening
    /// connection is made. The connection is checked every ``listenCheck`` (it is never idle, so
    /// the pool's keep-alive does not cover it), and a lost one is made again a second later.
    func listen<Element: Sendable>(
        on channel: String, onConnect: Element? = nil, _ element: @escaping @Sendable (String) -> Element?
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .unbounded)
        let client = client, logger = logger, running = running
        let listening = Task {
            while !Task.isCancelled, !running.isCancelled {
                do {
                    try await client.withConnection { connection in
                        try await connection.listen(on: channel) { notifications in
                            if let onConnect { continuation.yield(onConnect) }
                            try await withThrowingTaskGroup(of: Void.self) { group in
                                group.addTask {
                                    for try await notification in notifications {
                                        if let value = element(notification.payload) { continuation.yield(value) }
                                    }
                                }
                                group.addTask {
                                    while true {
                                        try await Task.sleep(for: Self.listenCheck)
                                        try await connection.query("SELECT 1", logger: logger)
                                    }
                                }
                                try await group.next()
                                group.cancelAll()
                            }
                        }
                    }
                } catch {
                    guard !Task.isCancelled, !running.isCancelled else { break }
                    logger.warning("lost a PostgreSQL channel; listening again", metadata: [
                        "channel": "\(channel)", "error": "\(PostgresFailure.describe(error))",
                    ])
                    try? await Task.sleep(for: .seconds(1))
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in listening.cancel() }
        return stream
    }

    /// How often a listening connection is checked.
    static let listenCheck: Duration = .seconds(30)

    /// Runs `body` in one transaction; an error it throws (a ``KeyMismatch``) comes out as itself.
    func transaction<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? error
        }
    }
}

/// The store is not as this server left it.
struct PostgresStoreError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
