import Foundation
import MoodKit
import SyncProtocol

/// How a local mood and the server's copy of it become one, the same way on every device, so
/// that all devices of an account end with the same list.
///
/// - A local mood with no unsent edit takes the server's copy.
/// - A local edit based on the server's current version is not a conflict: it stays and goes up.
/// - Two edits made concurrently (the server moved past the version the local edit was based
///   on): the later `modifiedAt` wins as a whole. Edits in the same millisecond are ordered by
///   content (higher level, then note in code-point order), so every device picks the same one.
/// - Deletion wins over any edit: a mood deleted anywhere is deleted everywhere (the server
///   never brings an id back), and a mood deleted here stays deleted whatever the server says.
///
/// The server only accepts an upload based on its current version, so it holds a single history
/// and every device, applying this rule to what it downloads, converges on it.
enum ConflictRule {
    /// The local row after meeting the server's `server` copy: its content is either the local
    /// one (then still waiting for upload, now based on the server's version) or the server's.
    static func merge(local: Mood, server: SyncedMood) -> Mood {
        var merged = local
        merged.sync.remoteIdentifier = server.id.uuidString
        merged.sync.remoteVersion = server.version
        merged.sync.lastError = nil
        let localContent = MoodContent(local)
        let keepsLocal: Bool
        if !local.sync.changedSinceUpload || localContent == server.content {
            keepsLocal = false
        } else if local.sync.remoteVersion == server.version {
            keepsLocal = true  // edited on top of exactly this version: no conflict
        } else {
            keepsLocal = isLater(localContent, than: server.content)
        }
        if !keepsLocal {
            merged.fields = newLocalMood(from: server).fields
            merged.creatorID = server.content.creatorID
        }
        merged.sync.changedSinceUpload = keepsLocal
        return merged
    }

    /// Whether edit `a` wins over edit `b`: a total order, the same on every device.
    static func isLater(_ a: MoodContent, than b: MoodContent) -> Bool {
        if a.modifiedAt != b.modifiedAt { return a.modifiedAt > b.modifiedAt }
        if a.level != b.level { return a.level.rawValue > b.level.rawValue }
        if a.note != b.note { return b.note.unicodeScalars.lexicographicallyPrecedes(a.note.unicodeScalars) }
        if a.date != b.date { return a.date > b.date }
        return a.creatorID > b.creatorID
    }

    /// The journal mood for a server copy this device has never held.
    static func newLocalMood(from server: SyncedMood) -> Mood {
        Mood(
            id: server.id, date: server.content.date, level: server.content.level, note: server.content.note,
            creatorID: server.content.creatorID, modifiedAt: server.content.modifiedAt,
            sync: MoodSyncState(remoteIdentifier: server.id.uuidString, remoteVersion: server.version, changedSinceUpload: false))
    }
}
