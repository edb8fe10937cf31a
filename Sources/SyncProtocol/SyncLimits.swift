/// The limits of the sync protocol, shared so that a client can stay inside them.
public enum SyncLimits {
    /// The most moods one `POST /v1/moods` may carry; more is a 413 `too_many_moods`.
    public static let maximumUploadBatch = 500
    /// The most ids one `POST /v1/deletions` may carry; more is a 413 `too_many_moods`.
    public static let maximumDeletionBatch = 1_000
    /// The largest request body, in bytes (1 MiB); more is a 413 `body_too_large`.
    public static let maximumBodySize = 1 << 20
    /// Changes per `GET /v1/changes` page when `limit` is absent.
    public static let defaultChangesPageSize = 200
    /// The largest `limit` honoured; larger values are cut to it.
    public static let maximumChangesPageSize = 1_000
    /// The most live shares one account may have; more is a 409 `too_many_shares`.
    public static let maximumSharesPerAccount = 64
    /// The most wrapped keys one key change may carry (``KeyChangeRequest/handOvers``).
    public static let maximumKeyHandOvers = 256
}

/// The protocol's HTTP vocabulary: version, paths and headers (the method of each request is
/// ``SyncRoute``'s).
public enum SyncEndpoint {
    /// The version of the paths' layout, their first component. What the bodies mean is
    /// versioned apart, by ``ProtocolVersion``.
    public static let version = 1
    /// 200 `{"status":"ok"}` when the store answers, else 503.
    public static let health = "/healthz"
    /// The ``AccountResponse`` of the token's account.
    public static let account = "/v1/account"
    /// Takes a ``KeyChangeRequest``, answers the ``AccountResponse`` after it.
    public static let accountKey = "/v1/account/key"
    /// Takes an ``AccountHead`` (204): the account's head from now on, only if it is signed with
    /// the account's key (else 403 `proof_required`), its counter is one past the current head's
    /// and its sequence is the account's latest (else 409 `head_moved`).
    public static let accountHead = "/v1/account/head"
    /// Takes the asking device's ``DeviceKeyRegistration`` (204): signed with the account's
    /// current key, else 403 `proof_required` (409 `key_changed` when it names another key).
    public static let deviceKey = "/v1/account/device-key"
    /// `GET` the account's setup (its scales), or `PUT` the one a device merged.
    public static let setup = "/v1/account/setup"
    /// The ``DeviceListResponse`` of the token's account.
    public static let devices = "/v1/devices"
    /// Revokes the account's device token with this id (204); 404 `unknown_device`
    /// when the account has no such device. The device's WebSocket closes at once. In an
    /// account with a key, the request carries the key's signature over
    /// ``SignedStatement/revocation(account:device:)`` in ``proofHeader``, else 403
    /// `proof_required`.
    public static func device(_ id: DeviceTokenID) -> String { devices + "/" + id.description }
    /// Takes an ``UploadRequest``, answers an ``UploadResponse``.
    public static let moods = "/v1/moods"
    /// Takes a ``DeletionRequest``, answers a ``DeletionResponse``.
    public static let deletions = "/v1/deletions"
    /// `?since=TOKEN&limit=N`, answers a ``ChangesResponse``.
    public static let changes = "/v1/changes"
    /// A WebSocket upgrade; the server sends ``PushMessage``s.
    public static let subscribe = "/v1/subscribe"
    /// `POST` takes a ``ShareCreationRequest`` and answers the ``ListedShare`` (409
    /// `share_exists` for an id the account already has, 409 `too_many_shares` past
    /// ``SyncLimits/maximumSharesPerAccount``); `GET` answers the ``ShareListResponse``. A share's
    /// token is refused here, as on every route that writes (403 `read_only`).
    public static let shares = "/v1/shares"
    /// Ends the share (204): its token stops at once, its sockets close, and the server deletes
    /// what it held of it; 404 `unknown_share` when the account has no such share. The request
    /// carries the account key's signature over ``SignedStatement/shareRevocation(account:share:)``
    /// in ``proofHeader``, else 403 `proof_required`.
    public static func share(_ id: ShareID) -> String { shares + "/" + id.description }
    /// Takes an ``UploadRequest`` into the share's own change log, answers an ``UploadResponse``.
    public static func shareMoods(_ id: ShareID) -> String { share(id) + "/moods" }
    /// `?since=TOKEN&limit=N` of the share's change log, answers a ``ChangesResponse``.
    public static func shareChanges(_ id: ShareID) -> String { share(id) + "/changes" }
    /// The header naming the sending device, on writes and on the subscribe request: the server
    /// does not push a device's own writes back to it. Its value is opaque to the server; moodtui
    /// sends a keyed hash of the device's id, not the id.
    public static let deviceHeader = "X-Moodtui-Device"
    /// The header carrying an ``AccountSignature`` for a request without a body to hold it (a
    /// revocation).
    public static let proofHeader = "Moodtui-Proof"
    /// The header every answer carries naming the request in the server's logs, to quote when
    /// reporting a failure.
    public static let requestIDHeader = "X-Request-Id"
    /// The server's counters and timings in Prometheus's text format, for an operator.
    /// Like ``health``, outside the protocol: not versioned, not rate-limited, no token.
    public static let metrics = "/metrics"
    /// The paths outside the versioned protocol, which tools other than devices call.
    public static let operatorPaths: Set<String> = [health, metrics]
}
