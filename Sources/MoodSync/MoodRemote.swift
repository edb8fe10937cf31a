import Foundation
import MoodKit
import SyncProtocol

/// The sync server as the sync engine sees it: the sync protocol's calls.
///
/// Behind a protocol so that the processors can be tested against an in-memory server, with
/// failures injected, and run against ``HTTPMoodRemote`` for real.
public protocol MoodRemote: Sendable {
    /// `GET /v1/account`: whose account the token opens.
    func accountInfo() async throws(RemoteError) -> AccountResponse
    /// `PUT /v1/account/key`: seals the account's moods with another key from now on.
    func changeKey(_ request: KeyChangeRequest) async throws(RemoteError) -> AccountResponse
    /// The id the server knows this device's token by, which its key is registered for.
    var tokenID: DeviceTokenID { get }
    /// `PUT /v1/account/device-key`: this device's public key, signed with the account's key, so
    /// that a rotation on another device wraps the new key for it.
    func registerDeviceKey(_ registration: DeviceKeyRegistration) async throws(RemoteError)
    /// `PUT /v1/account/head`: gives the account a new head; `false` when it does not follow the
    /// current one (409 `head_moved`: another device was quicker, or someone wrote since).
    func publishHead(_ head: AccountHead) async throws(RemoteError) -> Bool
    /// `GET /v1/account/setup`: the account's scales as the server keeps them, and their version.
    func setup() async throws(RemoteError) -> SetupResponse
    /// `PUT /v1/account/setup`: the setup this device merged; its new version, or `nil` when
    /// another device stored one after the upload's base version (409 `changes_since`).
    /// - Throws: ``RemoteError/keyChanged(_:)`` when it is not sealed with the account's key.
    func storeSetup(_ upload: SetupUpload) async throws(RemoteError) -> Int64?
    /// `GET /v1/devices`: the account's device tokens, oldest first.
    func devices() async throws(RemoteError) -> [ListedDevice]
    /// `DELETE /v1/devices/ID`: revokes another device's token (a lost laptop's), with the
    /// account key's signature in an account with a key.
    /// - Throws: ``RemoteError/unknownDevice(_:)`` when the account has no such device.
    func revokeDevice(_ id: DeviceTokenID, proof: AccountSignature?) async throws(RemoteError)
    /// `POST /v1/moods`: at most `SyncLimits/maximumUploadBatch` moods.
    func upload(_ moods: [MoodUpload]) async throws(RemoteError) -> UploadResponse
    /// `POST /v1/deletions`: at most `SyncLimits/maximumDeletionBatch` of them.
    func delete(_ deletions: [MoodDeletion]) async throws(RemoteError) -> DeletionResponse
    /// `GET /v1/changes`: the changes after `token` (all, from the start, when `nil`).
    func changes(since token: ChangeToken?, limit: Int) async throws(RemoteError) -> ChangesResponse
    /// `POST /v1/shares`: makes a read-only share of the account.
    /// - Throws: ``RemoteError/keyChanged(_:)`` when the record is not sealed with the account's key.
    func createShare(_ request: ShareCreationRequest) async throws(RemoteError) -> ListedShare
    /// `GET /v1/shares`: the account's live shares, in the order they were made.
    func shares() async throws(RemoteError) -> [ListedShare]
    /// `DELETE /v1/shares/ID`: ends a share, with the account key's signature.
    /// - Throws: ``RemoteError/unknownShare(_:)`` when the account has no such live share.
    func revokeShare(_ id: ShareID, proof: AccountSignature?) async throws(RemoteError)
    /// `POST /v1/shares/ID/moods`: writes entries of a share, at most
    /// `SyncLimits/maximumUploadBatch`.
    func upload(_ entries: [MoodUpload], toShare id: ShareID) async throws(RemoteError) -> UploadResponse
    /// `GET /v1/shares/ID/changes`: the share's changes after `token`.
    func changes(ofShare id: ShareID, since token: ChangeToken?, limit: Int) async throws(RemoteError) -> ChangesResponse
    /// `GET /v1/subscribe`: calls `pushed` for every push until the connection ends.
    /// Returns when a connection that was made ends; throws when none could be made.
    func listenForPushes(connected: @escaping @Sendable () -> Void, pushed: @escaping @Sendable () -> Void)
        async throws(RemoteError)
}

/// Why a call to the server failed, sorted by what the engine should do about it.
public enum RemoteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No answer: no network, connection refused, timed out. Retry later.
    case unreachable(String)
    /// The server answered but cannot serve now (5xx). Retry later.
    case unavailable(String)
    /// The server asks this device to slow down (429): nothing is sent before `retryAfter`.
    case rateLimited(retryAfter: Duration)
    /// The token was refused (401): nothing works until the person logs in again.
    case unauthorized(String)
    /// The change token is no longer valid (410): fetch everything again.
    case tokenExpired
    /// The change token is older than deletions the server has since forgotten (410
    /// `history_compacted`): fetch everything again, and drop what the server no longer lists.
    case historyCompacted
    /// The server refused what this request carried (400, 413, 422): a mood it will never take.
    case rejected(String)
    /// The answer makes no sense for the protocol (404, 405, an unreadable body): a wrong URL or
    /// not a moodtui server. Nothing works until the configuration changes.
    case incompatible(String)
    /// The device will not send to this server as it is set up (plain HTTP to another machine,
    /// an unreadable certificate authority): nothing is sent until the login changes.
    case untrustedServer(String)
    /// The server speaks another `ProtocolVersion`: nothing syncs until one side is
    /// updated, and the words say which.
    case protocolMismatch(String)
    /// The account's key is not the one the request assumed (409 `key_changed`): nothing syncs
    /// until this device is given the account's phrase.
    case keyChanged(String)
    /// A key change came after changes this device has not fetched (409 `changes_since`).
    case changesSince(String)
    /// The account has no device with the id a revocation named (404 `unknown_device`).
    case unknownDevice(String)
    /// A new head does not follow the account's current one (409 `head_moved`).
    case headMoved(String)
    /// The server wants the account key's signature on this request and did not find a valid
    /// one (403 `proof_required`): nothing syncs until the words are acted on.
    case proofRequired(String)
    /// The account has no live share with the id a request named (404 `unknown_share`): it was
    /// ended on another device, or expired.
    case unknownShare(String)
    /// A share's token on a request only a person's device may make (403 `read_only`).
    case readOnly(String)

    public var description: String {
        switch self {
        case .unreachable(let reason): "cannot reach the server: \(reason)"
        case .unavailable(let reason): "the server is unavailable: \(reason)"
        case .rateLimited(let wait): "the server asks this device to slow down for \(Int(wait.timeInterval.rounded(.up))) s"
        case .unauthorized(let reason): "the server refused the token: \(reason)"
        case .tokenExpired: "the server no longer knows this journal's change token"
        case .historyCompacted: "the server no longer keeps the deletions since this journal's change token"
        case .rejected(let reason): "the server refused the request: \(reason)"
        case .incompatible(let reason): "this does not look like a moodtui server: \(reason)"
        case .untrustedServer(let reason): "nothing was sent: \(reason)"
        case .protocolMismatch(let reason), .keyChanged(let reason), .unknownDevice(let reason), .headMoved(let reason), .unknownShare(let reason):
            reason
        case .readOnly(let reason): "the server refused: \(reason)"
        case .proofRequired(let reason): "the server refused: \(reason)"
        case .changesSince(let reason): "the server refused the new key: \(reason)"
        }
    }
}
