import Foundation
import GRDB
import MoodKit
import ServerStorage
import SyncProtocol

/// Reading and writing one mood row, and an account's sequence.
extension SQLiteMoodServerStorage {
    static func lastSequence(_ db: Database, _ account: Account) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT lastSequence FROM account WHERE id = ?", arguments: [account.id]) ?? 0
    }

    static func compactedThrough(_ db: Database, _ account: Account) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT compactedThrough FROM account WHERE id = ?", arguments: [account.id]) ?? 0
    }

    static func keyID(_ db: Database, _ account: Account) throws -> AccountKeyID? {
        try Data.fetchOne(db, sql: "SELECT keyID FROM account WHERE id = ?", arguments: [account.id]).flatMap(AccountKeyID.init(bytes:))
    }

    static func head(_ db: Database, _ account: Account) throws -> AccountHead? {
        try String.fetchOne(db, sql: "SELECT head FROM account WHERE id = ?", arguments: [account.id]).flatMap(AccountHead.init(json:))
    }

    static func setupVersion(_ db: Database, _ account: Account) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT setupVersion FROM account WHERE id = ?", arguments: [account.id]) ?? 0
    }

    static func signingKey(_ db: Database, _ account: Account) throws -> AccountSigningKey? {
        try Data.fetchOne(db, sql: "SELECT signingKey FROM account WHERE id = ?", arguments: [account.id])
            .flatMap(AccountSigningKey.init(bytes:))
    }

    /// Whether any of the account's moods is stored plain.
    static func holdsPlainMoods(_ db: Database, _ account: Account) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM mood WHERE accountID = ? AND level IS NOT NULL)", arguments: [account.id])
            ?? false
    }

    static func setLastSequence(_ db: Database, _ account: Account, _ sequence: Int64) throws {
        try db.execute(sql: "UPDATE account SET lastSequence = ? WHERE id = ?", arguments: [sequence, account.id])
    }

    static func record(_ db: Database, _ account: Account, _ id: UUID) throws -> MoodRecord? {
        // Cached statements: an upload of 500 moods runs these 500 times.
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(recordColumns) FROM mood WHERE accountID = ? AND id = ?"),
            arguments: [account.id, id.uuidString])
            .map(record(from:))
    }

    /// Stores the record: a plain content in its columns, a sealed one as a blob, a tombstone as
    /// neither, dated `deletedAt`, with its proof.
    static func store(_ db: Database, _ account: Account, _ record: MoodRecord, deletedAt: Date? = nil) throws {
        var content: MoodContent?
        var sealed: Data?
        switch record.payload {
        case .plain(let plain): content = plain
        case .sealed(let blob): sealed = Data(blob.bytes)
        case nil: break
        }
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO mood (
                accountID, id, date, level, note, creatorID, stamps, activities, scales, sealed, version, sequence, deletedAt,
                deletionProof)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(
            arguments: [
                account.id, record.id.uuidString, content?.date.millisecondsSince1970, content?.level.rawValue, content?.note,
                content?.creatorID, content.map { $0.stamps.storedText(creatorID: $0.creatorID) },
                content.map { $0.activities.storedText(creatorID: $0.creatorID) },
                content.map { $0.scales.storedText(creatorID: $0.creatorID) }, sealed, record.version, record.sequence,
                deletedAt?.millisecondsSince1970, record.deletionProof.map { Data($0.storedBytes) },
            ])
    }

    /// The columns ``record(from:)`` reads, by position: a page of the change feed decodes a
    /// thousand rows, and a lookup by name costs more than the rest of the row.
    static let recordColumns = "id, date, level, note, creatorID, stamps, version, sequence, activities, sealed, deletionProof, scales"

    /// A record from a row selected with ``recordColumns``; a row with neither a level nor a
    /// sealed content is a tombstone.
    ///
    /// A stamp that cannot be read (a mood an older server stored without checking, whose
    /// creator id was empty) reads as the earliest stamp of the creator, and goes out as it is:
    /// devices set such a mood aside in words, as any mood that breaks the rules, and the rest
    /// of the account's feed is not held up by it. An activity or a scale value that cannot be
    /// read is left out.
    static func record(from row: Row) throws -> MoodRecord {
        let idText: String = row[0]
        guard let id = UUID(uuidString: idText) else { throw DatabaseError(message: "invalid mood id \(idText) in the store") }
        var payload: MoodPayload?
        if let sealed: Data = row[9] {
            payload = .sealed(try SealedContent(bytes: Array(sealed)))  // checked as it was stored
        } else if let date: Int64 = row[1], let raw: Int = row[2], let level = MoodLevel(rawValue: raw) {
            let creatorID: String = row[4] ?? ""
            let stamps = (row[5] as String?).flatMap { MoodStamps(storedText: $0, creatorID: creatorID) }
            let activities = (row[8] as String?).map { ActivitySet(storedText: $0, creatorID: creatorID) }
            let scales = (row[11] as String?).map { ScaleValues(storedText: $0, creatorID: creatorID) }
            payload = .plain(MoodContent(
                date: Date(millisecondsSince1970: date), level: level, note: row[3] ?? "", creatorID: creatorID,
                stamps: stamps ?? .earliest(of: creatorID), activities: activities ?? ActivitySet(), scales: scales ?? ScaleValues()))
        }
        let proof = (row[10] as Data?).flatMap { DeletionProof(storedBytes: Array($0)) }
        return MoodRecord(id: id, payload: payload, version: row[6], sequence: row[7], deletionProof: proof)
    }
}
