import Foundation
import GRDB
import MoodKit
import ServerStorage

/// The server store's tables, built by migrations so that a data folder written by an older
/// server opens in a newer one.
enum SQLiteServerSchema {
    /// The migration that made room for sealed moods; a store from before it is vacuumed once.
    static let sealedMoods = "v6: sealed moods"

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: accounts, tokens, moods") { db in
            try db.execute(sql: """
                CREATE TABLE meta (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                );
                CREATE TABLE account (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL UNIQUE,
                    createdAt INTEGER NOT NULL,
                    lastSequence INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE deviceToken (
                    hash BLOB PRIMARY KEY NOT NULL,
                    accountID INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    createdAt INTEGER NOT NULL
                );
                CREATE INDEX deviceToken_account ON deviceToken(accountID);
                CREATE TABLE mood (
                    accountID INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    id TEXT NOT NULL,
                    date INTEGER,
                    modifiedAt INTEGER,
                    level INTEGER CHECK (level BETWEEN 1 AND 5),
                    note TEXT,
                    creatorID TEXT,
                    version INTEGER NOT NULL,
                    sequence INTEGER NOT NULL,
                    PRIMARY KEY (accountID, id)
                ) WITHOUT ROWID;
                CREATE UNIQUE INDEX mood_changeLog ON mood(accountID, sequence);
                """)
        }
        migrator.registerMigration("v2: opaque account ids") { db in
            // Accounts made before keep the id their journals already store (the store's id and
            // the row number), so that logged-in devices go on syncing; new accounts get a
            // random one.
            try db.execute(sql: """
                ALTER TABLE account ADD COLUMN publicID TEXT;
                UPDATE account SET publicID = (SELECT value FROM meta WHERE key = 'storeID') || '/' || id;
                CREATE UNIQUE INDEX account_publicID ON account(publicID);
                """)
        }
        migrator.registerMigration("v3: token revocation counter") { db in
            // Bumped in the transaction that deletes a device token, whichever process runs it,
            // so that a running server notices revocations by reading one number.
            try db.execute(sql: """
                CREATE TABLE tokenRevocation (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    count INTEGER NOT NULL
                );
                INSERT INTO tokenRevocation (id, count) VALUES (1, 0);
                CREATE TRIGGER deviceToken_revoked AFTER DELETE ON deviceToken
                BEGIN
                    UPDATE tokenRevocation SET count = count + 1 WHERE id = 1;
                END;
                """)
        }
        migrator.registerMigration("v4: field stamps") { db in
            // Each field carries the stamp of its last change (MoodStamps' stored text) in place
            // of the mood's one `modifiedAt`; a mood stored before gets, for every field, the
            // stamp its creator would have made then, as the devices' journals do (tombstones
            // keep no content).
            try db.execute(sql: """
                ALTER TABLE mood ADD COLUMN stamps TEXT;
                UPDATE mood SET stamps = modifiedAt || '.0' WHERE level IS NOT NULL;
                ALTER TABLE mood DROP COLUMN modifiedAt;
                """)
        }
        migrator.registerMigration("v5: activities") { db in
            // ActivitySet's stored text; a mood stored before has none (tombstones keep no content).
            try db.execute(sql: "ALTER TABLE mood ADD COLUMN activities TEXT")
        }
        migrator.registerMigration(sealedMoods) { db in
            // An account with a key holds its moods as SealedContent, every other content column
            // null; an account without one (keyID null) as before.
            try db.execute(sql: """
                ALTER TABLE account ADD COLUMN keyID BLOB;
                ALTER TABLE mood ADD COLUMN sealed BLOB;
                """)
        }
        migrator.registerMigration("v7: device names") { db in
            // What a person called the device when its token was made; tokens made before have none.
            try db.execute(sql: "ALTER TABLE deviceToken ADD COLUMN name TEXT")
        }
        migrator.registerMigration("v8: compaction") { db in
            // When each tombstone was written (tombstones from before count from now), so that
            // compaction removes those older than the retention; and, per account, the sequence
            // of the newest tombstone compaction removed: a change token from before it has
            // missed a deletion, and is answered 410 `history_compacted`.
            try db.execute(
                sql: """
                    ALTER TABLE mood ADD COLUMN deletedAt INTEGER;
                    UPDATE mood SET deletedAt = ? WHERE level IS NULL AND sealed IS NULL;
                    CREATE INDEX mood_tombstones ON mood(deletedAt) WHERE deletedAt IS NOT NULL;
                    ALTER TABLE account ADD COLUMN compactedThrough INTEGER NOT NULL DEFAULT 0;
                    """, arguments: [Date().millisecondsSince1970])
        }
        migrator.registerMigration("v9: signing keys") { db in
            // The public signing key of the account's key (AccountAuthority), and each
            // tombstone's proof as DeletionProof's stored bytes; both null for what came before.
            try db.execute(sql: """
                ALTER TABLE account ADD COLUMN signingKey BLOB;
                ALTER TABLE mood ADD COLUMN deletionProof BLOB;
                """)
        }
        migrator.registerMigration("v10: account heads") { db in
            // The account's latest AccountHead as JSON; null until a device publishes one.
            try db.execute(sql: "ALTER TABLE account ADD COLUMN head TEXT")
        }
        migrator.registerMigration("v11: compaction skips signed tombstones") { db in
            // Signed tombstones are kept for good (TombstoneRule): compaction's index holds the
            // others only, so that it does not read every deletion a sealed account ever made.
            try db.execute(sql: """
                DROP INDEX mood_tombstones;
                CREATE INDEX mood_tombstones ON mood(deletedAt) WHERE deletedAt IS NOT NULL AND deletionProof IS NULL;
                """)
        }
        migrator.registerMigration("v12: shares") { db in
            // A share is an account of its own (its moods, change log, token and key), tied to
            // its owner's; what only shares have is null for a person's account.
            try db.execute(sql: """
                ALTER TABLE account ADD COLUMN ownerID INTEGER REFERENCES account(id) ON DELETE CASCADE;
                ALTER TABLE account ADD COLUMN shareID BLOB;
                ALTER TABLE account ADD COLUMN expiresAt INTEGER;
                ALTER TABLE account ADD COLUMN lastReadAt INTEGER;
                ALTER TABLE account ADD COLUMN shareRecord BLOB;
                CREATE UNIQUE INDEX account_share ON account(ownerID, shareID) WHERE ownerID IS NOT NULL;
                CREATE INDEX account_shareExpiry ON account(expiresAt) WHERE expiresAt IS NOT NULL;
                """)
        }
        migrator.registerMigration("v13: device keys") { db in
            // Each device's public key as DeviceKeyRegistration's JSON, and the account's key as
            // the last rotation wrapped it for the device (KeyHandOver's JSON); null for none.
            try db.execute(sql: """
                ALTER TABLE deviceToken ADD COLUMN deviceKey TEXT;
                ALTER TABLE deviceToken ADD COLUMN keyHandOver TEXT;
                """)
        }
        migrator.registerMigration("v14: scale values") { db in
            // A plain mood's scale values in ScaleValues' stored text; null for a sealed mood or a
            // tombstone, and read as none for a mood stored before.
            try db.execute(sql: "ALTER TABLE mood ADD COLUMN scales TEXT")
        }
        migrator.registerMigration("v15: the account's setup") { db in
            // The setup as SetupResponse's JSON, its version beside it for the change feed.
            try db.execute(sql: """
                ALTER TABLE account ADD COLUMN setup TEXT;
                ALTER TABLE account ADD COLUMN setupVersion INTEGER NOT NULL DEFAULT 0;
                """)
        }
        return migrator
    }
}
