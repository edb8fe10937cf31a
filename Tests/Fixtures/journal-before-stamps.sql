-- A laptop's journal as moodtui wrote it before fields carried stamps (journal migrations v1-v4),
-- logged in to the account in server-before-stamps.sql: three moods synced (one edited on a phone),
-- one deleted here and not yet sent, one added offline and not yet uploaded.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES('v1: moods, change log');
INSERT INTO grdb_migrations VALUES('v2: sync queues');
INSERT INTO grdb_migrations VALUES('v3: quarantined changes');
INSERT INTO grdb_migrations VALUES('v4: change counter');
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
, uploadAttempted INTEGER NOT NULL DEFAULT 0, changeCounter INTEGER NOT NULL DEFAULT 0);
INSERT INTO mood VALUES(1,X'7be03599bf10448bbf7245b090f54cf9',1795159800000,4,'morning run by the river','18e5b446-06d1-46e7-af40-7dbe3b0e32ef',1795400911909,'7BE03599-BF10-448B-BF72-45B090F54CF9',1,0,1,1795401510490,NULL,1,1);
INSERT INTO mood VALUES(2,X'acbbfb41df9a4f9c877f3b31445cbfb8',1795273200000,2,'stuck in a meeting, then a good walk','18e5b446-06d1-46e7-af40-7dbe3b0e32ef',1795401515318,'ACBBFB41-DF9A-4F9C-877F-3B31445CBFB8',4,0,0,NULL,NULL,1,0);
INSERT INTO mood VALUES(3,X'd11ade39408045218366790d17651db3',1795378500000,5,'dinner with family','18e5b446-06d1-46e7-af40-7dbe3b0e32ef',1795400911967,'D11ADE39-4080-4521-8366-790D17651DB3',3,0,0,NULL,NULL,1,0);
INSERT INTO mood VALUES(4,X'ee4ed4996ec64cee80aa281144bfd4bf',1795420800000,3,'written offline, waits for upload','18e5b446-06d1-46e7-af40-7dbe3b0e32ef',1795401515460,NULL,NULL,1,0,NULL,NULL,0,0);
CREATE TABLE setting (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);
INSERT INTO setting VALUES('deviceID','18e5b446-06d1-46e7-af40-7dbe3b0e32ef');
INSERT INTO setting VALUES('sync.server','http://127.0.0.1:18471');
INSERT INTO setting VALUES('sync.token','mt_EZgiaxs0qyXHp1fd6i61l0DY8gir1FIadDguZuZuErw');
INSERT INTO setting VALUES('sync.account','jIl9zmbzmsrXbMW2j6Khvg');
INSERT INTO setting VALUES('sync.changeToken','eyJhY2NvdW50IjoiaklsOXptYnptc3JYYk1XMmo2S2h2ZyIsInNlcXVlbmNlIjo0LCJzdG9yZSI6IkNBRTMyMDMzLUM1NjMtNDE3QS1BRUQxLTU2NEZDRkZDMTE4NyJ9');
CREATE TABLE changeWriter (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    txn INTEGER NOT NULL,
    origin TEXT NOT NULL,
    pid INTEGER NOT NULL
);
INSERT INTO changeWriter VALUES(1,11,'commandLine',12949);
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
INSERT INTO changeLog VALUES(1,1,1,X'7be03599bf10448bbf7245b090f54cf9',1,NULL,0,'commandLine',12736);
INSERT INTO changeLog VALUES(2,2,2,X'acbbfb41df9a4f9c877f3b31445cbfb8',1,NULL,0,'commandLine',12739);
INSERT INTO changeLog VALUES(3,3,3,X'd11ade39408045218366790d17651db3',1,NULL,0,'commandLine',12741);
INSERT INTO changeLog VALUES(4,5,1,X'7be03599bf10448bbf7245b090f54cf9',2,1795159800000,0,'sync',12751);
INSERT INTO changeLog VALUES(5,5,2,X'acbbfb41df9a4f9c877f3b31445cbfb8',2,1795273200000,0,'sync',12751);
INSERT INTO changeLog VALUES(6,5,3,X'd11ade39408045218366790d17651db3',2,1795378500000,0,'sync',12751);
INSERT INTO changeLog VALUES(7,6,1,X'7be03599bf10448bbf7245b090f54cf9',2,1795159800000,16,'sync',12751);
INSERT INTO changeLog VALUES(8,6,2,X'acbbfb41df9a4f9c877f3b31445cbfb8',2,1795273200000,16,'sync',12751);
INSERT INTO changeLog VALUES(9,6,3,X'd11ade39408045218366790d17651db3',2,1795378500000,16,'sync',12751);
INSERT INTO changeLog VALUES(10,9,2,X'acbbfb41df9a4f9c877f3b31445cbfb8',2,1795273200000,28,'sync',12937);
INSERT INTO changeLog VALUES(11,10,4,X'ee4ed4996ec64cee80aa281144bfd4bf',1,NULL,0,'commandLine',12946);
INSERT INTO changeLog VALUES(12,11,1,X'7be03599bf10448bbf7245b090f54cf9',2,1795159800000,16,'commandLine',12949);
CREATE TABLE quarantinedChange (
    moodID BLOB PRIMARY KEY NOT NULL,
    reason TEXT NOT NULL,
    receivedAt INTEGER NOT NULL
) WITHOUT ROWID;
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('changeLog',12);
INSERT INTO sqlite_sequence VALUES('mood',4);
CREATE INDEX mood_list ON mood(markedForRemoteDeletion, date, id);
CREATE TRIGGER mood_logInsert AFTER INSERT ON mood BEGIN
    INSERT INTO changeLog (txn, moodLocalID, moodID, kind, oldDate, columns, origin, pid)
    SELECT txn, NEW.localID, NEW.id, 1, NULL, 0, origin, pid
    FROM changeWriter;
END;
CREATE TRIGGER mood_logUpdate AFTER UPDATE ON mood BEGIN
    INSERT INTO changeLog (txn, moodLocalID, moodID, kind, oldDate, columns, origin, pid)
    SELECT txn, NEW.localID, NEW.id, 2, OLD.date,
        ((NEW.date IS NOT OLD.date) * 1) + ((NEW.level IS NOT OLD.level) * 2) + ((NEW.note IS NOT OLD.note) * 4) + ((NEW.modifiedAt IS NOT OLD.modifiedAt) * 8) + ((NEW.remoteIdentifier IS NOT OLD.remoteIdentifier OR NEW.remoteVersion IS NOT OLD.remoteVersion OR NEW.changedSinceUpload IS NOT OLD.changedSinceUpload OR NEW.markedForRemoteDeletion IS NOT OLD.markedForRemoteDeletion OR NEW.markedForDeletionDate IS NOT OLD.markedForDeletionDate OR NEW.lastSyncError IS NOT OLD.lastSyncError) * 16), origin, pid
    FROM changeWriter;
END;
CREATE TRIGGER mood_logDelete AFTER DELETE ON mood BEGIN
    INSERT INTO changeLog (txn, moodLocalID, moodID, kind, oldDate, columns, origin, pid)
    SELECT txn, OLD.localID, OLD.id, 3, OLD.date, 0, origin, pid
    FROM changeWriter;
END;
CREATE INDEX mood_uploadQueue ON mood(localID) WHERE changedSinceUpload = 1;
CREATE INDEX mood_removalQueue ON mood(markedForDeletionDate) WHERE markedForRemoteDeletion = 1;
CREATE INDEX mood_failed ON mood(localID) WHERE lastSyncError IS NOT NULL;
COMMIT;
