import Foundation

/// The body of `POST /v1/deletions`: `{"ids": [UUID, …]}`, at most
/// ``SyncLimits/maximumDeletionBatch`` ids. Unknown and already deleted ids are fine.
public struct DeletionRequest: Codable, Hashable, Sendable {
    public var ids: [UUID]

    public init(ids: [UUID]) { self.ids = ids }

    enum CodingKeys: String, CodingKey { case ids }

    /// Decodes the ids, each in the canonical form `MoodIDText` describes.
    public init(from decoder: any Decoder) throws {
        var ids = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .ids)
        self.ids = try ids.decodeMoodIDs()
    }
}

/// The answer to `POST /v1/deletions`: `{"deleted": [UUID, …], "token": "…"}`.
public struct DeletionResponse: Codable, Hashable, Sendable {
    /// The ids this request deleted (not those already deleted or never known).
    public var deleted: [UUID]
    /// The account's latest change token after the request.
    public var token: ChangeToken

    public init(deleted: [UUID], token: ChangeToken) {
        self.deleted = deleted
        self.token = token
    }
}
