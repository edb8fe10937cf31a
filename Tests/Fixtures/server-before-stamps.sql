-- A server data folder's store as moodtui serve wrote it before moods carried field stamps
-- (server migrations v1-v3): account alice with three device tokens and three moods.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES('v1: accounts, tokens, moods');
INSERT INTO grdb_migrations VALUES('v2: opaque account ids');
INSERT INTO grdb_migrations VALUES('v3: token revocation counter');
CREATE TABLE meta (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);
INSERT INTO meta VALUES('storeID','CAE32033-C563-417A-AED1-564FCFFC1187');
CREATE TABLE account (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE,
    createdAt INTEGER NOT NULL,
    lastSequence INTEGER NOT NULL DEFAULT 0
, publicID TEXT);
INSERT INTO account VALUES(1,'alice',1795400905984,4,'jIl9zmbzmsrXbMW2j6Khvg');
CREATE TABLE deviceToken (
    hash BLOB PRIMARY KEY NOT NULL,
    accountID INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
    createdAt INTEGER NOT NULL
);
INSERT INTO deviceToken VALUES(X'dd696e77558a53d1f64a1eb739d55ea0c0d5b1671b7d3734a20b0fb65367af9c',1,1795400905984);
INSERT INTO deviceToken VALUES(X'8758ca75bbbabffd7751dc7a2a1477ad6245718ba293480c8a6f258ab23d8508',1,1795400909868);
INSERT INTO deviceToken VALUES(X'77cd780bb619d3f8b96887679d8084eb60f29fcc96e434911235ce7a3acb4957',1,1795401515141);
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
INSERT INTO mood VALUES(1,'7BE03599-BF10-448B-BF72-45B090F54CF9',1795159800000,1795400911909,4,'morning run by the river','18e5b446-06d1-46e7-af40-7dbe3b0e32ef',1,1);
INSERT INTO mood VALUES(1,'ACBBFB41-DF9A-4F9C-877F-3B31445CBFB8',1795273200000,1795401515318,2,'stuck in a meeting, then a good walk','18e5b446-06d1-46e7-af40-7dbe3b0e32ef',4,4);
INSERT INTO mood VALUES(1,'D11ADE39-4080-4521-8366-790D17651DB3',1795378500000,1795400911967,5,'dinner with family','18e5b446-06d1-46e7-af40-7dbe3b0e32ef',3,3);
CREATE TABLE tokenRevocation (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    count INTEGER NOT NULL
);
INSERT INTO tokenRevocation VALUES(1,0);
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('account',3);
CREATE INDEX deviceToken_account ON deviceToken(accountID);
CREATE UNIQUE INDEX mood_changeLog ON mood(accountID, sequence);
CREATE UNIQUE INDEX account_publicID ON account(publicID);
CREATE TRIGGER deviceToken_revoked AFTER DELETE ON deviceToken
BEGIN
    UPDATE tokenRevocation SET count = count + 1 WHERE id = 1;
END;
COMMIT;
