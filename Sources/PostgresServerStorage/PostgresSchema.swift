import Logging
import PostgresNIO
import ServerStorage

/// The PostgreSQL store's tables, built by numbered migrations that every server instance runs
/// on start, one instance at a time (an advisory lock), so that instances of one version share a
/// database and a newer one migrates it once.
///
/// The same model as the SQLite store: a mood is one row keyed by (account, id), a tombstone has
/// no content, and each row carries the sequence of its latest change, so that the change feed
/// is an index range. Plain content is kept as its wire JSON; sealed content as its bytes.
enum PostgresSchema {
    /// Each migration's statements, in order; the index + 1 is its number.
    static let migrations: [[String]] = [
        [
            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
            """
            CREATE TABLE account (
                id BIGSERIAL PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                public_id TEXT NOT NULL UNIQUE,
                created_at BIGINT NOT NULL,
                last_sequence BIGINT NOT NULL DEFAULT 0,
                key_id BYTEA
            )
            """,
            """
            CREATE TABLE device_token (
                hash BYTEA PRIMARY KEY,
                account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                created_at BIGINT NOT NULL,
                name TEXT
            )
            """,
            "CREATE INDEX device_token_account ON device_token(account_id)",
            """
            CREATE TABLE mood (
                account_id BIGINT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                id UUID NOT NULL,
                plain TEXT,
                sealed BYTEA,
                version BIGINT NOT NULL,
                sequence BIGINT NOT NULL,
                PRIMARY KEY (account_id, id)
            )
            """,
            "CREATE UNIQUE INDEX mood_change_log ON mood(account_id, sequence)",
        ],
        [
            // When each tombstone was written (milliseconds since 1970; tombstones from before
            // count from now), and per account the sequence of the newest tombstone compaction
            // removed.
            "ALTER TABLE mood ADD COLUMN deleted_at BIGINT",
            """
            UPDATE mood SET deleted_at = (extract(epoch FROM now()) * 1000)::BIGINT WHERE plain IS NULL AND sealed IS NULL
            """,
            "CREATE INDEX mood_tombstones ON mood(deleted_at) WHERE deleted_at IS NOT NULL",
            "ALTER TABLE account ADD COLUMN compacted_through BIGINT NOT NULL DEFAULT 0",
        ],
        [
            // The public signing key of the account's key (AccountAuthority), and each
            // tombstone's proof as DeletionProof's stored bytes; both null for what came before.
            "ALTER TABLE account ADD COLUMN signing_key BYTEA",
            "ALTER TABLE mood ADD COLUMN deletion_proof BYTEA",
        ],
        [
            // The account's latest AccountHead as JSON; null until a device publishes one.
            "ALTER TABLE account ADD COLUMN head TEXT",
        ],
        [
            // Signed tombstones are kept for good (TombstoneRule): compaction's index holds the
            // others only.
            "DROP INDEX mood_tombstones",
            "CREATE INDEX mood_tombstones ON mood(deleted_at) WHERE deleted_at IS NOT NULL AND deletion_proof IS NULL",
        ],
        [
            // A share is an account of its own (its moods, change log, token and key), tied to
            // its owner's; what only shares have is null for a person's account.
            "ALTER TABLE account ADD COLUMN owner_id BIGINT REFERENCES account(id) ON DELETE CASCADE",
            "ALTER TABLE account ADD COLUMN share_id BYTEA",
            "ALTER TABLE account ADD COLUMN expires_at BIGINT",
            "ALTER TABLE account ADD COLUMN last_read_at BIGINT",
            "ALTER TABLE account ADD COLUMN share_record BYTEA",
            "CREATE UNIQUE INDEX account_share ON account(owner_id, share_id) WHERE owner_id IS NOT NULL",
            "CREATE INDEX account_share_expiry ON account(expires_at) WHERE expires_at IS NOT NULL",
        ],
        [
            // Each device's public key as DeviceKeyRegistration's JSON, and the account's key as
            // the last rotation wrapped it for the device (KeyHandOver's JSON); null for none.
            "ALTER TABLE device_token ADD COLUMN device_key TEXT",
            "ALTER TABLE device_token ADD COLUMN key_hand_over TEXT",
        ],
        [
            // The account's setup as SetupResponse's JSON, its version beside it for the feed.
            "ALTER TABLE account ADD COLUMN setup TEXT",
            "ALTER TABLE account ADD COLUMN setup_version BIGINT NOT NULL DEFAULT 0",
        ],
    ]

    /// Brings the database to the newest migration.
    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.withTransaction(logger: logger) { connection in
            // One instance migrates at a time; the others wait, then find nothing to do.
            try await connection.query("SELECT pg_advisory_xact_lock(7204118375)", logger: logger)
            try await connection.query("CREATE TABLE IF NOT EXISTS schema_migration (number INT PRIMARY KEY)", logger: logger)
            var applied: Set<Int> = []
            for try await number in try await connection.query("SELECT number FROM schema_migration", logger: logger).decode(Int.self) {
                applied.insert(number)
            }
            for (index, statements) in migrations.enumerated() where !applied.contains(index + 1) {
                for statement in statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
                try await connection.query("INSERT INTO schema_migration (number) VALUES (\(index + 1))", logger: logger)
            }
        }
    }
}
