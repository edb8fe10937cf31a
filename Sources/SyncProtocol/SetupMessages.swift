import Crypto
import Foundation

/// The account's setup as the server keeps it: readable for an account without a key, sealed
/// for an account with one.
public enum SetupPayload: Hashable, Sendable {
    case plain(SetupContent)
    case sealed(SealedContent)

    /// The key it is sealed with; `nil` when plain.
    public var keyID: AccountKeyID? {
        if case .sealed(let sealed) = self { sealed.keyID } else { nil }
    }
}

/// The answer of `GET /v1/account/setup` and `PUT /v1/account/setup`: the setup's version, which
/// grows with every change the server keeps (0: none yet), and, when read, the setup:
/// `{"version": 3, "sealed": "AQEj…"}`, `{"version": 3, "plain": SetupContent}` or
/// `{"version": 0}`.
public struct SetupResponse: Codable, Hashable, Sendable {
    public var version: Int64
    public var payload: SetupPayload?

    public init(version: Int64, payload: SetupPayload?) {
        self.version = version
        self.payload = payload
    }

    enum CodingKeys: String, CodingKey { case version }

    public init(from decoder: any Decoder) throws {
        version = try decoder.container(keyedBy: CodingKeys.self).decode(Int64.self, forKey: .version)
        payload = try SetupPayloadJSON.decode(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        if let payload { try SetupPayloadJSON.encode(payload, to: encoder) }
    }
}

/// The body of `PUT /v1/account/setup`: the setup a device merged, kept only if the server's is
/// still at `baseVersion` (else 409 `changes_since`: fetch, merge, try again). In an account with
/// a key it must be sealed with that key, and plain in one without (else 409 `key_changed`), and
/// carry the key's signature over it (``statement(account:)``; else 403 `proof_required`).
public struct SetupUpload: Codable, Hashable, Sendable {
    public var baseVersion: Int64
    public var payload: SetupPayload
    /// The account key's signature over ``statement(account:)``; `nil` in an account without a key.
    public var proof: AccountSignature?

    public init(baseVersion: Int64, payload: SetupPayload, proof: AccountSignature? = nil) {
        self.baseVersion = baseVersion
        self.payload = payload
        self.proof = proof
    }

    /// What the key signs for a sealed setup: its bytes' SHA-256, its base version and key;
    /// `nil` for a plain one, which needs no signature.
    public func statement(account: String) -> SignedStatement? {
        guard case .sealed(let sealed) = payload else { return nil }
        let digest = SHA256.hash(data: sealed.bytes).map { String(format: "%02x", $0) }.joined()
        return .setup(account: account, baseVersion: baseVersion, payload: digest, key: sealed.keyID)
    }

    enum CodingKeys: String, CodingKey { case baseVersion, proof }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        baseVersion = try container.decode(Int64.self, forKey: .baseVersion)
        proof = try container.decodeIfPresent(AccountSignature.self, forKey: .proof)
        guard let payload = try SetupPayloadJSON.decode(from: decoder) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a setup upload needs 'plain' or 'sealed'"))
        }
        self.payload = payload
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(baseVersion, forKey: .baseVersion)
        try container.encodeIfPresent(proof, forKey: .proof)
        try SetupPayloadJSON.encode(payload, to: encoder)
    }
}

/// A ``SetupPayload`` as members of the object that carries it: `plain` or `sealed`.
enum SetupPayloadJSON {
    enum CodingKeys: String, CodingKey { case plain, sealed }

    /// The payload the object carries; `nil` when it has neither member.
    static func decode(from decoder: any Decoder) throws -> SetupPayload? {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try container.decodeIfPresent(String.self, forKey: .sealed) {
            do { return .sealed(try SealedContent(base64: text)) } catch {
                throw DecodingError.dataCorruptedError(forKey: .sealed, in: container, debugDescription: error.description)
            }
        }
        return try container.decodeIfPresent(SetupContent.self, forKey: .plain).map(SetupPayload.plain)
    }

    static func encode(_ payload: SetupPayload, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch payload {
        case .plain(let content): try container.encode(content, forKey: .plain)
        case .sealed(let sealed): try container.encode(sealed.base64, forKey: .sealed)
        }
    }
}
