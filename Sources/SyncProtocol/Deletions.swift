import Foundation

/// One mood's deletion: its id and, in an account with a key, the proof that a device holding
/// the key made it (``DeletionProof``).
///
/// `{"id": "…", "keyID": "…", "signature": "…"}`; the proof's members are both there or both
/// absent (an account without a key, or a tombstone written before proofs existed).
public struct MoodDeletion: Hashable, Sendable {
    public var id: UUID
    public var proof: DeletionProof?

    public init(id: UUID, proof: DeletionProof?) {
        self.id = id
        self.proof = proof
    }
}

extension MoodDeletion: Codable {
    enum CodingKeys: String, CodingKey { case id, keyID, signature }

    /// Decodes the id in canonical form and the proof, whole or not at all.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeMoodID(forKey: .id)
        switch (try container.decodeIfPresent(AccountKeyID.self, forKey: .keyID),
                try container.decodeIfPresent(AccountSignature.self, forKey: .signature)) {
        case (let keyID?, let signature?): proof = DeletionProof(keyID: keyID, signature: signature)
        case (nil, nil): proof = nil
        case (nil, _?):
            throw DecodingError.keyNotFound(
                CodingKeys.keyID, .init(codingPath: container.codingPath, debugDescription: "a signature names the key that made it"))
        case (_?, nil):
            throw DecodingError.keyNotFound(
                CodingKeys.signature, .init(codingPath: container.codingPath, debugDescription: "a key id comes with a signature"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(proof?.keyID, forKey: .keyID)
        try container.encodeIfPresent(proof?.signature, forKey: .signature)
    }
}

/// The body of `POST /v1/deletions`: `{"deletions": [MoodDeletion, …]}`, at most
/// ``SyncLimits/maximumDeletionBatch`` of them. Unknown and already deleted ids are fine. In an
/// account with a key, each needs a proof the server checks, else the request is refused 403
/// `proof_required` and nothing is deleted.
public struct DeletionRequest: Codable, Hashable, Sendable {
    public var deletions: [MoodDeletion]

    public init(deletions: [MoodDeletion]) { self.deletions = deletions }
}

/// The answer to `POST /v1/deletions`: `{"deleted": [UUID, …], "token": "…"}`.
public struct DeletionResponse: Codable, Hashable, Sendable {
    /// The ids this request deleted (not those already deleted or never known), and those whose
    /// earlier deletion had no proof and now has this request's.
    public var deleted: [UUID]
    /// The account's latest change token after the request.
    public var token: ChangeToken

    public init(deleted: [UUID], token: ChangeToken) {
        self.deleted = deleted
        self.token = token
    }
}
