import MoodKit

/// What the server sends on the `/v1/subscribe` WebSocket, as a text frame:
/// `{"type": "changed", "token": "…"}` after a commit changed the account's moods.
///
/// A push only says "fetch": the client asks `GET /v1/changes` with its own token. Pushes can be
/// lost, so a client also fetches on every (re)connect.
public struct PushMessage: Codable, Hashable, Sendable {
    /// `"changed"`; other types may come in later versions and should be ignored.
    public var type: String
    /// The account's latest token after the commit.
    public var token: ChangeToken

    public init(type: String = "changed", token: ChangeToken) {
        self.type = type
        self.token = token
    }
}

/// Every error the server returns: `{"error": "code", "message": "words for people"}`.
public struct ErrorResponse: Codable, Hashable, Sendable, Error {
    /// A ``SyncErrorCode``'s text; text, not the enum, so that an answer with a code of a later
    /// version still reads.
    public var error: String
    public var message: String

    public init(error: String, message: String) {
        self.error = error
        self.message = message
    }

    public init(code: SyncErrorCode, message: String) {
        self.init(error: code.rawValue, message: message)
    }

    /// The code, `nil` for one this version does not know.
    public var code: SyncErrorCode? { SyncErrorCode(rawValue: error) }

    /// Reads an answer; the message reaches terminals, so it is made safe to show there
    /// (`TerminalSafeText`): a server cannot steer a person's terminal with it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        error = try container.decode(String.self, forKey: .error)
        message = TerminalSafeText.singleLine(try container.decode(String.self, forKey: .message))
    }
}

/// The body of `GET /healthz`: `{"status": "ok"}` (200) or `{"status": "unavailable"}` (503).
public struct HealthResponse: Codable, Hashable, Sendable {
    public var status: String

    public init(status: String) { self.status = status }
}

/// The body of `GET /v1/account` and `PUT /v1/account/key`: which account the token opens, and
/// which key its moods are sealed with.
///
/// `{"name": "alice", "id": "…", "keyID": "…", "signingKey": "…"}`. `id` is opaque and differs
/// between servers (or data folders) even for the same name: a client keeps it to notice when a
/// journal is logged in to another account than the one its moods belong to. `keyID` is absent
/// for an account without a key, whose moods the server holds in plain text; `signingKey` for
/// one whose key's signing half is not registered yet (sealed before signing keys existed).
public struct AccountResponse: Codable, Hashable, Sendable {
    public var name: String
    public var id: String
    public var keyID: AccountKeyID?
    /// The public half of the key's signing key, which the server checks proofs with.
    public var signingKey: AccountSigningKey?
    /// The account's key wrapped for the asking device by the device that rotated it, when it
    /// did (only in `GET /v1/account`).
    public var handOver: KeyHandOver?

    public init(name: String, id: String, keyID: AccountKeyID?, signingKey: AccountSigningKey? = nil, handOver: KeyHandOver? = nil) {
        self.name = name
        self.id = id
        self.keyID = keyID
        self.signingKey = signingKey
        self.handOver = handOver
    }

    /// Reads an answer; the name reaches terminals, so it is made safe to show there
    /// (`TerminalSafeText`), as an error's message is.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = TerminalSafeText.singleLine(try container.decode(String.self, forKey: .name))
        id = try container.decode(String.self, forKey: .id)
        keyID = try container.decodeIfPresent(AccountKeyID.self, forKey: .keyID)
        signingKey = try container.decodeIfPresent(AccountSigningKey.self, forKey: .signingKey)
        handOver = try container.decodeIfPresent(KeyHandOver.self, forKey: .handOver)
    }
}

/// The body of `PUT /v1/account/key`: from now on the account's moods are sealed with `keyID`.
///
/// `{"keyID": "…", "signingKey": "…", "replaces": "…", "since": "…", "proof": "…"}`. The
/// server changes the key only if the account's key is still `replaces` (absent: the account
/// has none), else 409 `key_changed`; and, when `since` is given, only if nothing changed after
/// that change token, else 409 `changes_since`: the device fetches what it missed, seals it too,
/// and asks again. From then on an upload sealed with another key, or not sealed, is refused
/// with 409 `key_changed`.
///
/// An account with a key changes it only with `proof`, the signature of the key it replaces
/// over ``SignedStatement/keyChange(account:key:signingKey:replaces:)``, else 403
/// `proof_required`: a device token alone cannot move the account to a key nobody has. A
/// request whose `keyID` is the account's own key registers `signingKey` for an account sealed
/// before signing keys existed (`since` is not needed); once registered, it is never replaced
/// but by a key change.
public struct KeyChangeRequest: Codable, Hashable, Sendable {
    public var keyID: AccountKeyID
    /// The public half of the new key's signing key.
    public var signingKey: AccountSigningKey
    public var replaces: AccountKeyID?
    /// The device's change token; absent asks for an account that has never changed.
    public var since: ChangeToken?
    /// The replaced key's signature; absent when the account has no key (or no signing key yet).
    public var proof: AccountSignature?
    /// The new key wrapped for each device the person keeps, at most
    /// ``SyncLimits/maximumKeyHandOvers``; each finds its own in `GET /v1/account`.
    public var handOvers: [DeviceHandOver]?
    /// Every live share's record sealed under the new key. A rotation that leaves out a share
    /// the account has is refused with 409 `changes_since`: the device lists the shares again.
    public var shareRecords: [ShareRecordUpdate]?

    public init(
        keyID: AccountKeyID, signingKey: AccountSigningKey, replaces: AccountKeyID?, since: ChangeToken?, proof: AccountSignature?,
        handOvers: [DeviceHandOver]? = nil, shareRecords: [ShareRecordUpdate]? = nil
    ) {
        self.keyID = keyID
        self.signingKey = signingKey
        self.replaces = replaces
        self.since = since
        self.proof = proof
        self.handOvers = handOvers
        self.shareRecords = shareRecords
    }
}

/// Every code an error answer of the server carries (``ErrorResponse/error``): the server
/// refuses with these and no other, and the client reads them, so that adding one is a change
/// both sides see.
public enum SyncErrorCode: String, Sendable, CaseIterable {
    /// 400: malformed JSON, a wrong type, a missing field, a value that breaks the rules (the
    /// message names the field), an id twice in one upload, a bad `limit`, a request that is not
    /// valid HTTP/1.1 or a malformed WebSocket upgrade.
    case invalidRequest = "invalid_request"
    /// Another 4xx (the status says which): a request this server cannot serve, from a client
    /// it was not made for.
    case unsupportedRequest = "unsupported_request"
    /// 400: `since` is not a change token.
    case invalidToken = "invalid_token"
    /// 401: no, unknown or revoked device token.
    case unauthorized
    /// 403: a deletion, key change or revocation in an account with a key, without a valid
    /// signature of the key (``SignedStatement``): a device token alone does not carry the key's
    /// authority. Also a signing key registration that differs from the one registered.
    case proofRequired = "proof_required"
    /// 404: no such route.
    case notFound = "not_found"
    /// 404: `DELETE /v1/devices/ID` names no device of the account (already revoked?).
    case unknownDevice = "unknown_device"
    /// 404: a share route names no live share of the account (revoked, expired, never made).
    case unknownShare = "unknown_share"
    /// 403: a share's token on a route that writes or that only the account's own devices use:
    /// a share is read-only.
    case readOnly = "read_only"
    /// 409: a share with this id exists already.
    case shareExists = "share_exists"
    /// 409: the account has ``SyncLimits/maximumSharesPerAccount`` live shares already.
    case tooManyShares = "too_many_shares"
    /// 405: a known path with another method (the answer's `Allow` lists the right ones), or `CONNECT`.
    case methodNotAllowed = "method_not_allowed"
    /// 409: the account's key is not the one the request assumed (an upload sealed with another
    /// key or not sealed, a key change based on an old key): enter the account's current phrase.
    case keyChanged = "key_changed"
    /// 409: a key change based on a change token the account has moved past.
    case changesSince = "changes_since"
    /// 409: an ``AccountHead`` that does not follow the account's current one, or describes a
    /// change number the account has moved past: another device was quicker, or wrote since.
    case headMoved = "head_moved"
    /// 410: the change token is not valid on this server any more: fetch again without one.
    case tokenExpired = "token_expired"
    /// 410: the change token is older than deletions the server has since forgotten (compacted):
    /// fetch again without a token, then drop the moods the server had acknowledged to this
    /// device that the new download no longer lists (in an account with a key, upload them
    /// again: only a signed deletion drops a mood there).
    case historyCompacted = "history_compacted"
    /// 413: a body past ``SyncLimits/maximumBodySize``.
    case bodyTooLarge = "body_too_large"
    /// 413: more moods or ids in one request than ``SyncLimits`` allows.
    case tooManyMoods = "too_many_moods"
    /// 426: `/v1/subscribe` without the WebSocket upgrade.
    case webSocketRequired = "websocket_required"
    /// 429: too many requests from this device or address; `Retry-After` says in how many seconds
    /// to try again.
    case rateLimited = "rate_limited"
    /// 431: request headers too large.
    case headerTooLarge = "header_too_large"
    /// 500: a fault of the server (logged there).
    case `internal`
    /// 503: the server has too many connections, overall or from this address.
    case serverBusy = "server_busy"
    /// 503: a request of another protocol version than the server's (``ProtocolVersion``).
    case protocolMismatch = "protocol_mismatch"
}
