import Foundation
import SyncProtocol

/// A mood as a storage back end keeps it: its payload, or nothing once deleted (a tombstone),
/// and where it stands in the account's change log.
public struct MoodRecord: Hashable, Sendable {
    public var id: UUID
    /// `nil` for a tombstone.
    public var payload: MoodPayload?
    /// The version clients see; the sequence of the write that stored `payload`.
    public var version: Int64
    /// The position of the mood's latest change in the account's log.
    public var sequence: Int64

    public init(id: UUID, payload: MoodPayload?, version: Int64, sequence: Int64) {
        self.id = id
        self.payload = payload
        self.version = version
        self.sequence = sequence
    }

    /// The mood as clients see it, `nil` for a tombstone.
    public var synced: SyncedMood? {
        payload.map { SyncedMood(id: id, payload: $0, version: version) }
    }

    /// The record as an entry of the change feed.
    public var change: Change {
        synced.map(Change.upsert) ?? .delete(id)
    }
}
