import Foundation

/// A mood as the server holds it: id, payload and the version the server gave it.
///
/// ```json
/// {"id": "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "sealed": "AQ…", "version": 12}
/// ```
///
/// or, for an account without a key, ``MoodContent``'s members in place of `sealed`.
public struct SyncedMood: Hashable, Sendable, Identifiable {
    /// The id the creating device gave the mood.
    public var id: UUID
    /// The mood's content, sealed or plain.
    public var payload: MoodPayload
    /// Grows every time the server stores a new content for this mood; send it back as
    /// ``MoodUpload/baseVersion`` to change the mood.
    public var version: Int64

    /// Makes a server copy.
    public init(id: UUID, payload: MoodPayload, version: Int64) {
        self.id = id
        self.payload = payload
        self.version = version
    }
}

extension SyncedMood: Codable {
    enum CodingKeys: String, CodingKey { case id, version }

    /// Decodes the flat object: `id`, the payload's members and `version` side by side.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeMoodID(forKey: .id)
        version = try container.decode(Int64.self, forKey: .version)
        payload = try MoodPayload(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(version, forKey: .version)
        try payload.encode(to: encoder)
    }
}
