/// The body of `POST /v1/shares`: a read-only share of the account, which the owner's devices
/// fill with moods sealed under the share's own key and the recipient reads with its own token.
///
/// The server learns no more than it needs to serve the share: the id, the hash of the
/// recipient's token (never the token), the share key's id and public signing key, when it
/// expires, and `record`, which only the owner's devices open (the share's name, scope and key,
/// sealed under the account's key).
public struct ShareCreationRequest: Codable, Hashable, Sendable {
    public var id: ShareID
    /// The SHA-256 of the recipient's token, as 64 lower-case hex digits.
    public var readerTokenHash: ShareTokenHash
    /// The key the share's moods are sealed with.
    public var keyID: AccountKeyID
    /// The public half of that key's signing key.
    public var signingKey: AccountSigningKey
    /// When the share stops, in milliseconds since 1970; absent for never.
    public var expiresAt: Int64?
    /// What the owner's devices need to keep the share filled, sealed under the account's key.
    public var record: SealedContent

    /// A share as the owner's device asks for it.
    public init(
        id: ShareID, readerTokenHash: ShareTokenHash, keyID: AccountKeyID, signingKey: AccountSigningKey, expiresAt: Int64?,
        record: SealedContent
    ) {
        self.id = id
        self.readerTokenHash = readerTokenHash
        self.keyID = keyID
        self.signingKey = signingKey
        self.expiresAt = expiresAt
        self.record = record
    }
}

/// The SHA-256 of a share's token: the server keeps and looks tokens up by it, and learns the
/// token itself only when the recipient first uses it.
public struct ShareTokenHash: HexIdentifier {
    public static let byteCount = 32
    public static let kindName = "a token hash"

    public let bytes: [UInt8]

    public init(checkedBytes: [UInt8]) { bytes = checkedBytes }
}

/// One share of the account in `GET /v1/shares`, newest last.
public struct ListedShare: Codable, Hashable, Sendable {
    public var id: ShareID
    /// When it was made, in milliseconds since 1970.
    public var createdAt: Int64
    /// When it stops, in milliseconds since 1970; absent for never.
    public var expiresAt: Int64?
    /// When the recipient last fetched from it (to the minute), absent if never.
    public var lastReadAt: Int64?
    /// ``ShareCreationRequest/record`` as the owner's device sent it.
    public var record: SealedContent

    /// A share as the server lists it.
    public init(id: ShareID, createdAt: Int64, expiresAt: Int64?, lastReadAt: Int64?, record: SealedContent) {
        self.id = id
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastReadAt = lastReadAt
        self.record = record
    }
}

/// The body of `GET /v1/shares`: the account's live shares (expired ones are gone).
public struct ShareListResponse: Codable, Hashable, Sendable {
    public var shares: [ListedShare]

    public init(shares: [ListedShare]) { self.shares = shares }
}

extension SealedContent: Codable {
    /// Reads standard base64, checked as ``init(bytes:)`` checks.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do { self = try SealedContent(base64: try container.decode(String.self)) } catch let error as SealedContentError {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(base64)
    }
}
