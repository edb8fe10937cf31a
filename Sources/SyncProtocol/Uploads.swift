import Foundation

/// The body of `POST /v1/moods`: `{"moods": [MoodUpload, …]}`, at most
/// ``SyncLimits/maximumUploadBatch`` moods, each id at most once.
public struct UploadRequest: Codable, Hashable, Sendable {
    /// The moods to create or change.
    public var moods: [MoodUpload]

    public init(moods: [MoodUpload]) { self.moods = moods }
}

/// The answer to `POST /v1/moods`: every mood of the request is either saved or in conflict.
///
/// ```json
/// {"saved": [{"id": "…", "version": 13}],
///  "conflicts": [{"id": "…", "reason": "stale", "server": {SyncedMood}}],
///  "token": "…", "serverTime": 1795000000000}
/// ```
public struct UploadResponse: Codable, Hashable, Sendable {
    /// Moods the server now holds with the uploaded content (newly written, or already equal).
    public var saved: [SavedMood]
    /// Moods the server did not change.
    public var conflicts: [MoodConflict]
    /// The account's latest change token after the request.
    public var token: ChangeToken
    /// The server's clock as it answered, in milliseconds since 1970: devices measure their own
    /// clock against it (`ClockSkew`).
    public var serverTime: Int64

    public init(saved: [SavedMood], conflicts: [MoodConflict], token: ChangeToken, serverTime: Int64) {
        self.saved = saved
        self.conflicts = conflicts
        self.token = token
        self.serverTime = serverTime
    }
}

/// A mood the server holds with the content the client sent, and its version there.
public struct SavedMood: Codable, Hashable, Sendable {
    public var id: UUID
    /// The version to send as ``MoodUpload/baseVersion`` next time.
    public var version: Int64

    public init(id: UUID, version: Int64) {
        self.id = id
        self.version = version
    }
}

/// A mood the server refused to change, with the reason and the server's copy (as CloudKit's
/// `serverRecordChanged` error carries the server record).
public struct MoodConflict: Codable, Hashable, Sendable {
    /// Why the server refused.
    public enum Reason: String, Codable, Hashable, Sendable {
        /// Someone changed the mood since ``MoodUpload/baseVersion`` (or the client sent no base
        /// version for a mood the server has): merge with `server` and upload again with its version.
        case stale
        /// The mood was deleted; it cannot come back under the same id. `server` is `null`.
        case deleted
    }

    public var id: UUID
    public var reason: Reason
    /// The server's current copy; `null` when deleted, and when it broke the protocol's rules
    /// as it was decoded (see ``unreadableServerCopy``).
    public var server: SyncedMood?
    /// For a mood deleted in an account with a key, the proof of the deletion (as
    /// ``MoodDeletion`` carries it, its members beside `id`): a device drops its copy only
    /// with it. Absent for a tombstone written before proofs existed, or compacted since.
    public var deletion: DeletionProof?
    /// Why the server's copy was set aside as it was decoded, if it was: one bad record must not
    /// make the whole answer unreadable. Never encoded.
    public var unreadableServerCopy: String?

    public init(id: UUID, reason: Reason, server: SyncedMood?, deletion: DeletionProof? = nil, unreadableServerCopy: String? = nil) {
        self.id = id
        self.reason = reason
        self.server = server
        self.deletion = deletion
        self.unreadableServerCopy = unreadableServerCopy
    }

    enum CodingKeys: String, CodingKey { case id, reason, server }

    /// Decodes the conflict, setting the server's copy aside (in ``unreadableServerCopy``) when
    /// it breaks the protocol's rules, and a deletion's proof that does not read.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeMoodID(forKey: .id)
        // A proof that does not read proves nothing: the device keeps its copy, as without one.
        deletion = (try? MoodDeletion(from: decoder))?.proof
        reason = try container.decode(Reason.self, forKey: .reason)
        do {
            server = try container.decodeIfPresent(SyncedMood.self, forKey: .server)
        } catch let error as DecodingError {
            server = nil
            unreadableServerCopy = DecodingErrorText.describe(error)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try MoodDeletion(id: id, proof: deletion).encode(to: encoder)
        try container.encode(reason, forKey: .reason)
        try container.encode(server, forKey: .server)  // an explicit null
    }
}
