import Foundation
import ServerStorage
import SyncProtocol

/// The storage calls ``ServerMetrics`` times, by name.
enum StorageOperation: String, Sendable {
    case checkHealth = "check_health"
    case addDevice = "add_device"
    case account
    case accounts
    case revokeToken = "revoke_token"
    case revokeAllTokens = "revoke_all_tokens"
    case devices
    case revokeDevice = "revoke_device"
    case registerDeviceKey = "register_device_key"
    case keyHandOver = "key_hand_over"
    case revokedTokenHashes = "revoked_token_hashes"
    case upsert
    case delete
    case changes
    case compact
    case changeKey = "change_key"
    case publishHead = "publish_head"
    case setup
    case storeSetup = "store_setup"
    case createShare = "create_share"
    case shares
    case shareAccount = "share_account"
    case deleteShare = "delete_share"
    case deleteExpiredShares = "delete_expired_shares"
    case noteShareRead = "note_share_read"
}

/// A storage whose every call is counted in flight and timed, whatever the back end: the one place
/// the server's database use is measured. Streams (revocations, announcements) pass through
/// unmeasured: they hold one connection for the server's life.
struct MeteredStorage<Base: MoodServerStorage>: MoodServerStorage {
    let base: Base
    let metrics: ServerMetrics

    init(_ base: Base, metrics: ServerMetrics) {
        self.base = base
        self.metrics = metrics
        metrics.databasePool(size: base.poolSize)
    }

    var storeID: String { base.storeID }
    var poolSize: Int { base.poolSize }

    func checkHealth() async throws {
        try await metrics.databaseCall(.checkHealth) { try await base.checkHealth() }
    }

    func addDevice(toAccount name: String, tokenHash: Data, device: DeviceName?) async throws -> Account {
        try await metrics.databaseCall(.addDevice) { try await base.addDevice(toAccount: name, tokenHash: tokenHash, device: device) }
    }

    func account(forTokenHash hash: Data) async throws -> Account? {
        try await metrics.databaseCall(.account) { try await base.account(forTokenHash: hash) }
    }

    func accounts() async throws -> [AccountSummary] {
        try await metrics.databaseCall(.accounts) { try await base.accounts() }
    }

    func revokeToken(hash: Data) async throws -> Account? {
        try await metrics.databaseCall(.revokeToken) { try await base.revokeToken(hash: hash) }
    }

    func revokeAllTokens(ofAccount name: String) async throws -> Int? {
        try await metrics.databaseCall(.revokeAllTokens) { try await base.revokeAllTokens(ofAccount: name) }
    }

    func devices(in account: Account) async throws -> [DeviceRecord] {
        try await metrics.databaseCall(.devices) { try await base.devices(in: account) }
    }

    func registerDeviceKey(_ registration: DeviceKeyRegistration, forTokenHash tokenHash: Data) async throws -> Bool {
        try await metrics.databaseCall(.registerDeviceKey) { try await base.registerDeviceKey(registration, forTokenHash: tokenHash) }
    }

    func keyHandOver(forTokenHash tokenHash: Data) async throws -> KeyHandOver? {
        try await metrics.databaseCall(.keyHandOver) { try await base.keyHandOver(forTokenHash: tokenHash) }
    }

    func revokeDevice(_ id: DeviceTokenID, in account: Account) async throws -> Bool {
        try await metrics.databaseCall(.revokeDevice) { try await base.revokeDevice(id, in: account) }
    }

    func tokenRevocations() throws -> AsyncStream<Void> { try base.tokenRevocations() }

    func revokedTokenHashes(among hashes: Set<Data>) async throws -> Set<Data> {
        try await metrics.databaseCall(.revokedTokenHashes) { try await base.revokedTokenHashes(among: hashes) }
    }

    func upsert(_ uploads: [MoodUpload], in account: Account, from device: String?) async throws -> UpsertResult {
        try await metrics.databaseCall(.upsert) { try await base.upsert(uploads, in: account, from: device) }
    }

    func delete(_ deletions: [MoodDeletion], in account: Account, from device: String?) async throws -> DeletionResult {
        try await metrics.databaseCall(.delete) { try await base.delete(deletions, in: account, from: device) }
    }

    func changes(in account: Account, after sequence: Int64, listingTombstonesAfter: Int64, limit: Int) async throws -> ChangePage {
        try await metrics.databaseCall(.changes) {
            try await base.changes(in: account, after: sequence, listingTombstonesAfter: listingTombstonesAfter, limit: limit)
        }
    }

    func compact(tombstonesDeletedBefore cutoff: Date) async throws -> Int {
        try await metrics.databaseCall(.compact) { try await base.compact(tombstonesDeletedBefore: cutoff) }
    }

    func changesAnnouncedElsewhere() throws -> AsyncStream<InstanceNews>? { try base.changesAnnouncedElsewhere() }

    func changeKey(_ change: KeyChange, in account: Account, from device: String?) async throws -> KeyChangeOutcome {
        try await metrics.databaseCall(.changeKey) { try await base.changeKey(change, in: account, from: device) }
    }

    func publishHead(_ head: AccountHead, in account: Account, from device: String?) async throws -> Bool {
        try await metrics.databaseCall(.publishHead) { try await base.publishHead(head, in: account, from: device) }
    }

    func setup(of account: Account) async throws -> SetupResponse {
        try await metrics.databaseCall(.setup) { try await base.setup(of: account) }
    }

    func storeSetup(_ upload: SetupUpload, in account: Account, from device: String?) async throws -> SetupStoreOutcome {
        try await metrics.databaseCall(.storeSetup) { try await base.storeSetup(upload, in: account, from: device) }
    }

    func createShare(_ share: NewShare, of owner: Account) async throws -> ShareCreation {
        try await metrics.databaseCall(.createShare) { try await base.createShare(share, of: owner) }
    }

    func shares(of owner: Account) async throws -> [ListedShare] {
        try await metrics.databaseCall(.shares) { try await base.shares(of: owner) }
    }

    func shareAccount(_ id: ShareID, of owner: Account) async throws -> Account? {
        try await metrics.databaseCall(.shareAccount) { try await base.shareAccount(id, of: owner) }
    }

    func deleteShare(_ id: ShareID, of owner: Account) async throws -> Bool {
        try await metrics.databaseCall(.deleteShare) { try await base.deleteShare(id, of: owner) }
    }

    func deleteExpiredShares() async throws -> Int {
        try await metrics.databaseCall(.deleteExpiredShares) { try await base.deleteExpiredShares() }
    }

    func noteShareRead(_ share: Account) async throws {
        try await metrics.databaseCall(.noteShareRead) { try await base.noteShareRead(share) }
    }
}
