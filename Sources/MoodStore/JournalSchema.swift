import GRDB
import MoodKit

/// The journal's tables, built by migrations so that a file written by an older moodtui opens in
/// a newer one.
///
/// Besides `mood`, the schema keeps a `changeLog` filled by triggers, so that *every* commit —
/// from this process or another one, such as `moodtui add` in a second shell — leaves a record of
/// which rows changed, which columns, where the change came from, and each row's sort key before
/// the change. Change notifications and the CacheTracker are built on that log. `localID` is
/// AUTOINCREMENT so that a purged mood's row id is never given to a new mood: the log tells rows
/// apart by it.
enum JournalSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: moods, change log") { db in
            try db.execute(sql: """
                CREATE TABLE mood (
                    localID INTEGER PRIMARY KEY AUTOINCREMENT,
                    id BLOB NOT NULL UNIQUE,
                    date INTEGER NOT NULL,
                    level INTEGER NOT NULL CHECK (level BETWEEN 1 AND 5),
                    note TEXT NOT NULL,
                    creatorID TEXT NOT NULL,
                    modifiedAt INTEGER NOT NULL,
                    remoteIdentifier TEXT,
                    remoteVersion INTEGER,
                    changedSinceUpload INTEGER NOT NULL DEFAULT 1,
                    markedForRemoteDeletion INTEGER NOT NULL DEFAULT 0,
                    markedForDeletionDate INTEGER,
                    lastSyncError TEXT
                );
                CREATE INDEX mood_list ON mood(markedForRemoteDeletion, date, id);

                CREATE TABLE setting (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                );

                CREATE TABLE changeWriter (
                    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                    txn INTEGER NOT NULL,
                    origin TEXT NOT NULL,
                    pid INTEGER NOT NULL
                );
                INSERT INTO changeWriter VALUES (1, 0, 'other', 0);

                CREATE TABLE changeLog (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    txn INTEGER NOT NULL,
                    moodLocalID INTEGER NOT NULL,
                    moodID BLOB NOT NULL,
                    kind INTEGER NOT NULL,
                    oldDate INTEGER,
                    columns INTEGER NOT NULL,
                    origin TEXT NOT NULL,
                    pid INTEGER NOT NULL
                );

                CREATE TRIGGER mood_logInsert AFTER INSERT ON mood BEGIN
                    INSERT INTO changeLog (txn, moodLocalID, moodID, kind, oldDate, columns, origin, pid)
                    SELECT txn, NEW.localID, NEW.id, \(ChangeKind.insert.rawValue), NULL, 0, origin, pid
                    FROM changeWriter;
                END;
                \(updateTriggerSQL(changedMask: MoodColumn.changedMaskSQL(v1ColumnNames)))
                CREATE TRIGGER mood_logDelete AFTER DELETE ON mood BEGIN
                    INSERT INTO changeLog (txn, moodLocalID, moodID, kind, oldDate, columns, origin, pid)
                    SELECT txn, OLD.localID, OLD.id, \(ChangeKind.delete.rawValue), OLD.date, 0, origin, pid
                    FROM changeWriter;
                END;
                """)
        }
        migrator.registerMigration("v2: sync queues") { db in
            // `uploadAttempted` is set before a mood's first upload request leaves: a mood marked
            // for deletion may be purged without telling the server only if it never left.
            try db.execute(sql: """
                ALTER TABLE mood ADD COLUMN uploadAttempted INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX mood_uploadQueue ON mood(localID) WHERE changedSinceUpload = 1;
                CREATE INDEX mood_removalQueue ON mood(markedForDeletionDate) WHERE markedForRemoteDeletion = 1;
                CREATE INDEX mood_failed ON mood(localID) WHERE lastSyncError IS NOT NULL;
                """)
        }
        migrator.registerMigration("v3: quarantined changes") { db in
            // A change from the server that breaks the protocol's rules is kept aside here, one
            // row per mood, until a readable change of the same mood replaces it.
            try db.execute(sql: """
                CREATE TABLE quarantinedChange (
                    moodID BLOB PRIMARY KEY NOT NULL,
                    reason TEXT NOT NULL,
                    receivedAt INTEGER NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v4: change counter") { db in
            // Moved by a person's edits, deletes and undos; sync write-backs compare it (see
            // MoodSyncState.changeCounter).
            try db.execute(sql: "ALTER TABLE mood ADD COLUMN changeCounter INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v5: field stamps") { db in
            try migrateToFieldStamps(db)
        }
        migrator.registerMigration("v6: activities") { db in
            try db.execute(sql: activitiesSQL)
        }
        migrator.registerMigration("v7: note search index") { db in
            try migrateToSearchIndex(db)
        }
        migrator.registerMigration("v8: search index caught up once a transaction") { db in
            try db.execute(sql: searchIndexCatchUpSQL)
        }
        migrator.registerMigration("v9: what changed moods counted for") { db in
            try db.execute(sql: insightsSQL)
        }
        migrator.registerMigration("v10: each activity's list") { db in
            try db.execute(sql: activityListSQL)
        }
        migrator.registerMigration("v11: ids of moods deleted for good") { db in
            try db.execute(sql: removedMoodSQL)
        }
        migrator.registerMigration("v12: moods a new download must list") { db in
            // Filled when the server forgot deletions this journal had not fetched
            // (JournalWriter.beginReconciliation()), emptied by the download that follows.
            try db.execute(sql: "CREATE TABLE unconfirmedMood (id BLOB PRIMARY KEY NOT NULL) WITHOUT ROWID")
        }
        migrator.registerMigration("v13: shares") { db in
            try db.execute(sql: sharesSQL)
        }
        migrator.registerMigration("v14: shares' dates, ended shares, entries received") { db in
            try db.execute(sql: shareDatesSQL)
        }
        migrator.registerMigration("v15: scales and their values") { db in
            try db.execute(sql: scaleValuesSQL)
        }
        migrator.registerMigration("v16: what changed moods' scale values counted for") { db in
            try db.execute(sql: scaleInsightsSQL)
        }
        return migrator
    }

    /// Each field gets the stamp of its last change (``MoodStamps``, in its stored text), in place
    /// of one `modifiedAt` for the whole mood. A mood written before gets, for every field, the
    /// stamp its creator would have made at `modifiedAt` (`MODIFIEDAT.0`); the device's clock
    /// starts past the latest of them, so that every edit from now on is stamped after every
    /// change the journal holds.
    private static func migrateToFieldStamps(_ db: Database) throws {
        let latest = try Row.fetchOne(db, sql: "SELECT modifiedAt, creatorID FROM mood ORDER BY modifiedAt DESC LIMIT 1")
        try db.execute(sql: """
            DROP TRIGGER mood_logUpdate;
            ALTER TABLE mood ADD COLUMN stamps TEXT NOT NULL DEFAULT '';
            UPDATE mood SET stamps = modifiedAt || '.0';
            ALTER TABLE mood DROP COLUMN modifiedAt;
            \(updateTriggerSQL(changedMask: MoodColumn.changedMaskSQL(v5ColumnNames)))
            """)
        if let latest {
            let stamp = HybridTimestamp(wallMilliseconds: latest[0], counter: 0, device: latest[1])
            try db.execute(
                sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)",
                arguments: [JournalSettingKey.hybridClock.rawValue, stamp.description])
        }
    }

    /// Each mood gets its activities: `activities` holds their histories (``ActivitySet``'s
    /// stored text), `activityNames` the names the mood has, as a JSON array the store writes
    /// beside them. Triggers keep `moodActivity`, a row per mood and activity it has, in step
    /// with `activityNames` for every writer, so that finding the moods of an activity, or
    /// counting an activity's moods, reads an index instead of every mood.
    private static let activitiesSQL = """
        DROP TRIGGER mood_logUpdate;
        ALTER TABLE mood ADD COLUMN activities TEXT NOT NULL DEFAULT '';
        ALTER TABLE mood ADD COLUMN activityNames TEXT NOT NULL DEFAULT '[]';
        \(updateTriggerSQL(changedMask: MoodColumn.changedMaskSQL(v6ColumnNames)))

        CREATE TABLE moodActivity (
            name TEXT NOT NULL,
            moodLocalID INTEGER NOT NULL,
            PRIMARY KEY (name, moodLocalID)
        ) WITHOUT ROWID;
        CREATE INDEX moodActivity_mood ON moodActivity(moodLocalID);

        CREATE TRIGGER mood_activitiesInsert AFTER INSERT ON mood WHEN NEW.activityNames <> '[]' BEGIN
            INSERT INTO moodActivity (name, moodLocalID) SELECT value, NEW.localID FROM json_each(NEW.activityNames);
        END;
        CREATE TRIGGER mood_activitiesUpdate AFTER UPDATE OF activityNames ON mood
        WHEN NEW.activityNames IS NOT OLD.activityNames BEGIN
            DELETE FROM moodActivity WHERE moodLocalID = OLD.localID;
            INSERT INTO moodActivity (name, moodLocalID) SELECT value, NEW.localID FROM json_each(NEW.activityNames);
        END;
        CREATE TRIGGER mood_activitiesDelete AFTER DELETE ON mood WHEN OLD.activityNames <> '[]' BEGIN
            DELETE FROM moodActivity WHERE moodLocalID = OLD.localID;
        END;
        """

    /// Notes get a search index, so that typing a filter on a big journal looks notes up instead
    /// of reading every one. `searchText` holds a note's folded form (``MoodSearchText``) when it
    /// is not plain ASCII (whose folded form `lower(note)` gives); `moodSearch`, a trigram index
    /// of FTS5 that keeps no copy of the text, indexes `coalesce(searchText, note)`, kept in step
    /// by triggers for every writer.
    private static func migrateToSearchIndex(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE mood ADD COLUMN searchText TEXT")
        let notes = try Row.fetchAll(db, sql: "SELECT localID, note FROM mood WHERE length(CAST(note AS BLOB)) <> length(note)")
        for row in notes {
            let note: String = row[1]
            try db.execute(sql: "UPDATE mood SET searchText = ? WHERE localID = ?", arguments: [MoodSearchText.stored(forNote: note), row[0]])
        }
        try db.execute(sql: """
            CREATE VIRTUAL TABLE moodSearch USING fts5(text, content = '', tokenize = 'trigram');
            INSERT INTO moodSearch (rowid, text) SELECT localID, coalesce(searchText, note) FROM mood;
            CREATE TRIGGER mood_searchInsert AFTER INSERT ON mood BEGIN
                INSERT INTO moodSearch (rowid, text) VALUES (NEW.localID, coalesce(NEW.searchText, NEW.note));
            END;
            CREATE TRIGGER mood_searchUpdate AFTER UPDATE OF note, searchText ON mood
            WHEN coalesce(NEW.searchText, NEW.note) IS NOT coalesce(OLD.searchText, OLD.note) BEGIN
                INSERT INTO moodSearch (moodSearch, rowid, text) VALUES ('delete', OLD.localID, coalesce(OLD.searchText, OLD.note));
                INSERT INTO moodSearch (rowid, text) VALUES (NEW.localID, coalesce(NEW.searchText, NEW.note));
            END;
            CREATE TRIGGER mood_searchDelete AFTER DELETE ON mood BEGIN
                INSERT INTO moodSearch (moodSearch, rowid, text) VALUES ('delete', OLD.localID, coalesce(OLD.searchText, OLD.note));
            END;
            """)
    }

    /// The search index takes a transaction's new and changed notes in one statement at its end
    /// (``SearchIndexCatchUp``), not one at a time from a trigger. FTS5 writes what it holds in
    /// memory to the file at every statement that fires a trigger, so a download of 100k moods
    /// wrote 100k tiny pieces of index and merged them: 8 s instead of 4. The triggers now set a
    /// mood aside in `moodSearchPending`; they still take an indexed note out of the index at
    /// once (FTS5 keeping no copy, only the old text can take it out), but never a note that is
    /// still set aside, which the index does not hold. Searches also read the moods set aside,
    /// so that a mood an older moodtui wrote (it fires these triggers, but does not catch up) is
    /// found before the next write indexes it.
    private static let searchIndexCatchUpSQL = """
        DROP TRIGGER mood_searchInsert;
        DROP TRIGGER mood_searchUpdate;
        DROP TRIGGER mood_searchDelete;
        CREATE TABLE moodSearchPending (localID INTEGER PRIMARY KEY);
        CREATE TRIGGER mood_searchInsert AFTER INSERT ON mood BEGIN
            INSERT INTO moodSearchPending (localID) VALUES (NEW.localID);
        END;
        CREATE TRIGGER mood_searchUpdate AFTER UPDATE OF note, searchText ON mood
        WHEN coalesce(NEW.searchText, NEW.note) IS NOT coalesce(OLD.searchText, OLD.note) BEGIN
            \(searchIndexRemovalSQL)
            INSERT OR IGNORE INTO moodSearchPending (localID) VALUES (NEW.localID);
        END;
        CREATE TRIGGER mood_searchDelete AFTER DELETE ON mood BEGIN
            \(searchIndexRemovalSQL)
            DELETE FROM moodSearchPending WHERE localID = OLD.localID;
        END;
        """

    /// Takes a mood's old text out of the search index, unless the mood is set aside (and so
    /// not in the index).
    private static let searchIndexRemovalSQL = """
        INSERT INTO moodSearch (moodSearch, rowid, text)
        SELECT 'delete', OLD.localID, coalesce(OLD.searchText, OLD.note)
        WHERE NOT EXISTS (SELECT 1 FROM moodSearchPending WHERE localID = OLD.localID);
        """

    /// Insights count each mood's day, level and activities, and take a changed mood's old share
    /// back out: the change log records what a mood counted for before each update and delete
    /// (`oldLevel`, `oldActivityNames`, and `oldLive`, whether it was in the list at all, beside
    /// the `oldDate` it had). The list's index also holds each mood's level, so that insights
    /// read every level of a million moods from the index without touching the rows.
    private static let insightsSQL = """
        ALTER TABLE changeLog ADD COLUMN oldLevel INTEGER;
        ALTER TABLE changeLog ADD COLUMN oldActivityNames TEXT;
        ALTER TABLE changeLog ADD COLUMN oldLive INTEGER;
        DROP TRIGGER mood_logUpdate;
        DROP TRIGGER mood_logDelete;
        \(insightsUpdateTriggerSQL(v6ColumnNames))
        \(insightsDeleteTriggerSQL())
        DROP INDEX mood_list;
        CREATE INDEX mood_list ON mood(markedForRemoteDeletion, date, id, level);
        """

    /// The account's shares as this device knows them (`record`: what the share's sealed record
    /// holds, its key included, as JSON: the journal is the device's private file), and what each
    /// share holds on the server, mood by mood: the version of the mood its entry was made from,
    /// the entry's own version, and whether it shows the mood. The owner's devices fill a share
    /// by comparing the moods with it.
    private static let sharesSQL = """
        CREATE TABLE share (
            id BLOB PRIMARY KEY NOT NULL,
            record TEXT NOT NULL,
            createdAt INTEGER NOT NULL,
            lastReadAt INTEGER,
            changeToken TEXT
        ) WITHOUT ROWID;
        CREATE TABLE shareEntry (
            shareID BLOB NOT NULL REFERENCES share(id) ON DELETE CASCADE,
            moodID BLOB NOT NULL,
            source INTEGER NOT NULL,
            serverVersion INTEGER NOT NULL,
            shown INTEGER NOT NULL,
            PRIMARY KEY (shareID, moodID)
        ) WITHOUT ROWID;
        CREATE INDEX shareEntry_mood ON shareEntry(moodID);
        """

    /// Each share's name and dates beside its record, for the list's marks (a share kept before
    /// gets them the next time the shares are listed); the shares this device saw end, never taken
    /// up again; and, in a journal that holds someone's share, the latest version of each mood
    /// the share sent, so that an older entry sent again is not believed.
    private static let shareDatesSQL = """
        ALTER TABLE share ADD COLUMN name TEXT NOT NULL DEFAULT '';
        ALTER TABLE share ADD COLUMN since INTEGER;
        ALTER TABLE share ADD COLUMN until INTEGER;
        CREATE TABLE endedShare (id BLOB PRIMARY KEY NOT NULL) WITHOUT ROWID;
        CREATE TABLE receivedEntry (
            moodID BLOB PRIMARY KEY NOT NULL,
            source INTEGER NOT NULL
        ) WITHOUT ROWID;
        """

    /// The journal's scales, a row each (removed ones too, with the stamp of their removal);
    /// each mood gets their values (``ScaleValues``'s stored text), and the change log's update
    /// trigger reports a change of them as ``MoodColumn/scales``.
    private static let scaleValuesSQL = """
        CREATE TABLE scale (
            id BLOB PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            nameStamp TEXT NOT NULL,
            kind TEXT NOT NULL,
            state INTEGER NOT NULL,
            stateStamp TEXT NOT NULL
        ) WITHOUT ROWID;
        ALTER TABLE mood ADD COLUMN scales TEXT NOT NULL DEFAULT '';
        DROP TRIGGER mood_logUpdate;
        \(insightsUpdateTriggerSQL(v15ColumnNames))
        """

    /// Insights count each scale's values by day too: the change log records a changed mood's
    /// old values (`oldScales`, with the `oldCreatorID` their stamps are read with) when it had
    /// any, beside what v9 records.
    private static let scaleInsightsSQL = """
        ALTER TABLE changeLog ADD COLUMN oldScales TEXT;
        ALTER TABLE changeLog ADD COLUMN oldCreatorID TEXT;
        DROP TRIGGER mood_logUpdate;
        DROP TRIGGER mood_logDelete;
        \(insightsUpdateTriggerSQL(v15ColumnNames, recordingScales: true))
        \(insightsDeleteTriggerSQL(recordingScales: true))
        """

    /// Every id a mood had when it was deleted for good, so that importing the entry it came from
    /// again does not bring it back (``JournalWriter/addImported(_:)``).
    private static let removedMoodSQL = """
        CREATE TABLE removedMood (id BLOB PRIMARY KEY NOT NULL) WITHOUT ROWID;
        CREATE TRIGGER mood_removed AFTER DELETE ON mood BEGIN
            INSERT OR IGNORE INTO removedMood (id) VALUES (old.id);
        END;
        """

    /// An activity's list (`#run` typed after `/`) is read from an index alone: `moodActivity`
    /// also holds each mood's date, id and whether it is in the list (`live`), kept in step by
    /// triggers when a mood is re-dated, deleted or brought back, and `moodActivity_list` orders
    /// an activity's moods as the list does. Before it, each of an activity's moods was looked
    /// up by row id and sorted (80 ms for 50,000 of a million).
    private static let activityListSQL = """
        ALTER TABLE moodActivity ADD COLUMN date INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE moodActivity ADD COLUMN id BLOB;
        ALTER TABLE moodActivity ADD COLUMN live INTEGER NOT NULL DEFAULT 1;
        UPDATE moodActivity SET (date, id, live) =
            (SELECT date, id, markedForRemoteDeletion = 0 FROM mood WHERE mood.localID = moodActivity.moodLocalID);
        CREATE INDEX moodActivity_list ON moodActivity(name, live, date, id);
        DROP TRIGGER mood_activitiesInsert;
        DROP TRIGGER mood_activitiesUpdate;
        CREATE TRIGGER mood_activitiesInsert AFTER INSERT ON mood WHEN NEW.activityNames <> '[]' BEGIN
            \(activityRowsSQL)
        END;
        CREATE TRIGGER mood_activitiesUpdate AFTER UPDATE OF activityNames ON mood
        WHEN NEW.activityNames IS NOT OLD.activityNames BEGIN
            DELETE FROM moodActivity WHERE moodLocalID = OLD.localID;
            \(activityRowsSQL)
        END;
        CREATE TRIGGER mood_activitiesPlace AFTER UPDATE OF date, markedForRemoteDeletion ON mood
        WHEN NEW.activityNames <> '[]' AND NEW.activityNames IS OLD.activityNames
            AND (NEW.date IS NOT OLD.date OR NEW.markedForRemoteDeletion IS NOT OLD.markedForRemoteDeletion) BEGIN
            UPDATE moodActivity SET date = NEW.date, live = NEW.markedForRemoteDeletion = 0 WHERE moodLocalID = NEW.localID;
        END;
        """

    /// A row of `moodActivity` for each activity the new mood has.
    private static let activityRowsSQL = """
        INSERT INTO moodActivity (name, moodLocalID, date, id, live)
        SELECT value, NEW.localID, NEW.date, NEW.id, NEW.markedForRemoteDeletion = 0 FROM json_each(NEW.activityNames);
        """

    /// The trigger that logs every update of a mood with the mask of the columns it changed,
    /// named as in `names`, and what the mood counted for in insights before it (since v9; its
    /// scale values too, `recordingScales`, since v16).
    private static func insightsUpdateTriggerSQL(_ names: [(MoodColumn, [String])], recordingScales: Bool = false) -> String {
        let old = oldFactsSQL(recordingScales: recordingScales)
        return """
            CREATE TRIGGER mood_logUpdate AFTER UPDATE ON mood BEGIN
                INSERT INTO changeLog (txn, moodLocalID, moodID, kind, oldDate, columns, origin, pid, \(old.columns))
                SELECT txn, NEW.localID, NEW.id, \(ChangeKind.update.rawValue), OLD.date, \(MoodColumn.changedMaskSQL(names)),
                    origin, pid, \(old.values)
                FROM changeWriter;
            END;
            """
    }

    /// The trigger that logs every deletion of a mood with what it counted for in insights (since
    /// v9; its scale values too, `recordingScales`, since v16).
    private static func insightsDeleteTriggerSQL(recordingScales: Bool = false) -> String {
        let old = oldFactsSQL(recordingScales: recordingScales)
        return """
            CREATE TRIGGER mood_logDelete AFTER DELETE ON mood BEGIN
                INSERT INTO changeLog (txn, moodLocalID, moodID, kind, oldDate, columns, origin, pid, \(old.columns))
                SELECT txn, OLD.localID, OLD.id, \(ChangeKind.delete.rawValue), OLD.date, 0, origin, pid, \(old.values)
                FROM changeWriter;
            END;
            """
    }

    /// The change log's columns of what a mood counted for before a change, and the values the
    /// triggers give them: level, activities and whether it was in the list; with
    /// `recordingScales`, its scale values and the creator their stamps are read with, or two
    /// `NULL`s when it had none (most moods).
    private static func oldFactsSQL(recordingScales: Bool) -> (columns: String, values: String) {
        let columns = "oldLevel, oldActivityNames, oldLive", values = "OLD.level, OLD.activityNames, OLD.markedForRemoteDeletion = 0"
        guard recordingScales else { return (columns, values) }
        return (columns + ", oldScales, oldCreatorID",
                values + ", nullif(OLD.scales, ''), CASE WHEN OLD.scales = '' THEN NULL ELSE OLD.creatorID END")
    }

    /// The trigger that logs every update of a mood, with the mask of the columns it changed.
    private static func updateTriggerSQL(changedMask: String) -> String {
        """
        CREATE TRIGGER mood_logUpdate AFTER UPDATE ON mood BEGIN
            INSERT INTO changeLog (txn, moodLocalID, moodID, kind, oldDate, columns, origin, pid)
            SELECT txn, NEW.localID, NEW.id, \(ChangeKind.update.rawValue), OLD.date, \(changedMask), origin, pid
            FROM changeWriter;
        END;
        """
    }

    /// The columns as the first schema's trigger named them, kept as they were: the flag that
    /// is now ``MoodColumn/stamps`` was the mood's one `modifiedAt` then.
    private static let v1ColumnNames: [(MoodColumn, [String])] = [
        (.date, ["date"]), (.level, ["level"]), (.note, ["note"]), (.stamps, ["modifiedAt"]),
        (.syncState, syncStateColumnNames),
    ]

    /// The columns as the trigger of field stamps (v5) named them, before moods had activities.
    private static let v5ColumnNames: [(MoodColumn, [String])] = [
        (.date, ["date"]), (.level, ["level"]), (.note, ["note"]), (.stamps, ["stamps"]), (.syncState, syncStateColumnNames),
    ]

    /// The columns as the trigger of activities (v6) named them, and the change log's triggers
    /// since (v9); a later migration that adds a column to ``MoodColumn`` writes its own list.
    private static let v6ColumnNames = v5ColumnNames + [(.activities, ["activities"])]

    /// The columns as the trigger of scale values (v15) names them.
    private static let v15ColumnNames = v6ColumnNames + [(.scales, ["scales"])]

    /// The columns of a mood's sync state, unchanged since the first schema.
    private static let syncStateColumnNames = [
        "remoteIdentifier", "remoteVersion", "changedSinceUpload", "markedForRemoteDeletion", "markedForDeletionDate", "lastSyncError",
    ]
}
