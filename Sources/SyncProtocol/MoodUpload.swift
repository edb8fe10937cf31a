import Foundation

/// One mood in `POST /v1/moods`: the mood's id, its payload, and the server version the client
/// last saw.
///
/// ```json
/// {"id": "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "sealed": "AQ…", "baseVersion": 12}
/// ```
///
/// or, for an account without a key, ``MoodContent``'s members in place of `sealed`.
public struct MoodUpload: Hashable, Sendable, Identifiable {
    /// The id the creating device gave the mood; the idempotency key.
    public var id: UUID
    /// What the client wants the server to hold.
    public var payload: MoodPayload
    /// The ``SyncedMood/version`` the client last saw, or `nil` for a mood the client believes
    /// the server has never seen.
    public var baseVersion: Int64?

    /// Makes an upload.
    public init(id: UUID, payload: MoodPayload, baseVersion: Int64?) {
        self.id = id
        self.payload = payload
        self.baseVersion = baseVersion
    }
}

extension MoodUpload: Codable {
    enum CodingKeys: String, CodingKey { case id, baseVersion }

    /// Decodes the flat object: `id`, the payload's members and `baseVersion` side by side.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeMoodID(forKey: .id)
        baseVersion = try container.decodeIfPresent(Int64.self, forKey: .baseVersion)
        payload = try MoodPayload(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(baseVersion, forKey: .baseVersion)
        try payload.encode(to: encoder)
    }
}
