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
}

/// The protocol's HTTP vocabulary: version, paths and headers.
public enum SyncEndpoint {
    /// The version of the paths' layout, their first component. What the bodies mean is
    /// versioned apart, by ``SyncProtocolVersion``.
    public static let version = 1
    /// `GET`: 200 `{"status":"ok"}` when the store answers, else 503.
    public static let health = "/healthz"
    /// `GET`: the ``AccountResponse`` of the token's account.
    public static let account = "/v1/account"
    /// `PUT` a ``KeyChangeRequest``, get the ``AccountResponse`` after it.
    public static let accountKey = "/v1/account/key"
    /// `GET`: the ``DeviceListResponse`` of the token's account.
    public static let devices = "/v1/devices"
    /// `DELETE`: revokes the account's device token with this id (204); 404 `unknown_device`
    /// when the account has no such device. The device's WebSocket closes at once.
    public static func device(_ id: DeviceTokenID) -> String { devices + "/" + id.description }
    /// `POST` an ``UploadRequest``, get an ``UploadResponse``.
    public static let moods = "/v1/moods"
    /// `POST` a ``DeletionRequest``, get a ``DeletionResponse``.
    public static let deletions = "/v1/deletions"
    /// `GET ?since=TOKEN&limit=N`, get a ``ChangesResponse``.
    public static let changes = "/v1/changes"
    /// `GET` with a WebSocket upgrade; the server sends ``PushMessage``s.
    public static let subscribe = "/v1/subscribe"
    /// The header naming the sending device, on writes and on the subscribe request: the server
    /// does not push a device's own writes back to it.
    public static let deviceHeader = "X-Moodtui-Device"
    /// The header every answer carries naming the request in the server's logs, to quote when
    /// reporting a failure.
    public static let requestIDHeader = "X-Request-Id"
    /// `GET`: the server's counters and timings in Prometheus's text format, for an operator.
    /// Like ``health``, outside the protocol: not versioned, not rate-limited, no token.
    public static let metrics = "/metrics"
    /// The paths outside the versioned protocol, which tools other than devices call.
    public static let operatorPaths: Set<String> = [health, metrics]
}

/// The version of what requests and answers mean, negotiated on every exchange: a client sends
/// the version it speaks in ``header``; the server answers requests of the version it speaks
/// (saying so in the same header) and refuses every other one in words, so that devices of two
/// versions never merge each other's moods wrongly.
///
/// - 1: whole moods, ordered by their `modifiedAt` (no header).
/// - 2: every field carries the clock stamp of its last change (``MoodContent/stamps``); answers
///   carry the server's time.
/// - 3: moods carry their activities, a set with the history of each (``MoodContent/activities``).
/// - 4: an account may have a key: its moods travel sealed (``MoodPayload``), and the server
///   keeps only their ids, versions and tombstones in the clear. A device can list the
///   account's devices and revoke one (``SyncEndpoint/devices``), as key rotation does.
public enum SyncProtocolVersion {
    /// The version this module describes.
    public static let current = 4
    /// `Moodtui-Protocol: 4`; a request without it speaks version 1.
    public static let header = "Moodtui-Protocol"
    /// The code of the error a server answers a request of another version with.
    public static let mismatchCode = "protocol_mismatch"

    /// Words for a server and a device that speak different versions (`nil`: not a number),
    /// naming the side to update; both sides say it the same way.
    public static func mismatch(server: Int?, device: Int?) -> String {
        func name(_ version: Int?) -> String { version.map { "protocol \($0)" } ?? "an unknown protocol" }
        let update = (device ?? 0) < (server ?? 0) ? "update moodtui on this device" : "update moodtui serve on the server"
        return "the server speaks moodtui sync \(name(server)) and this device \(name(device)): \(update)"
    }

    /// The version a request's header value names: 1 when there is none, `nil` when it is not a
    /// number.
    public static func spoken(byHeader value: String?) -> Int? {
        guard let value else { return 1 }
        return Int(value.trimmingCharacters(in: .whitespaces))
    }
}
