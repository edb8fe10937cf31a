import Foundation
import MoodKit
import SyncProtocol

/// How a local mood and the server's copy of it become one, the same way on every device, so
/// that all devices of an account end with the same list.
///
/// - Field by field, the change with the higher stamp wins (``MoodFields/merged(with:)``). A
///   device's clock moves past every stamp it has seen, so an edit made after seeing another
///   always wins over it; edits made without seeing each other are ordered by their (server-
///   corrected) wall times. A level changed on one device and a note fixed on another both stay.
/// - The merge is commutative, associative and idempotent: whatever order copies meet in, every
///   device ends with the same fields.
/// - What the merge keeps beyond the server's copy goes up again, based on the server's version.
/// - Deletion wins over any edit: a mood deleted anywhere is deleted everywhere (the server
///   never brings an id back), and a mood deleted here stays deleted whatever the server says.
///
/// The server only accepts an upload based on its current version, so it holds a single history
/// and every device, applying this rule to what it downloads, converges on it.
enum ConflictRule {
    /// The local row after meeting the server's `server` copy: every field at its later change;
    /// still waiting for upload (now based on the server's version) if any field is newer here.
    static func merge(local: Mood, server: ServerMood) -> Mood {
        var merged = local
        merged.sync.remoteIdentifier = server.id.uuidString
        merged.sync.remoteVersion = server.version
        merged.sync.lastError = nil
        merged.creatorID = server.content.creatorID
        let serverFields = server.content.fields
        merged.fields = local.fields.merged(with: serverFields)
        merged.sync.changedSinceUpload = merged.fields != serverFields
        return merged
    }

    /// The journal mood for a server copy this device has never held.
    static func newLocalMood(from server: ServerMood) -> Mood {
        let content = server.content
        return Mood(
            id: server.id, date: content.date, level: content.level, note: content.note, creatorID: content.creatorID,
            stamps: content.stamps, activities: content.activities, scales: content.scales,
            sync: MoodSyncState(remoteIdentifier: server.id.uuidString, remoteVersion: server.version, changedSinceUpload: false))
    }
}
