import Foundation
import MoodKit
import Synchronization
import SyncProtocol

/// A ``MoodServerStorage`` in memory, gone when the process ends: for tests, and for the same
/// test bodies to run against it and ``SQLiteMoodServerStorage``.
public final class InMemoryMoodServerStorage: MoodServerStorage {
    private struct AccountState {
        var account: Account
        var lastSequence: Int64 = 0
        var moods: [UUID: MoodRecord] = [:]
        /// When each tombstone among `moods` was written.
        var deletedAt: [UUID: Date] = [:]
        var compactedThrough: Int64 = 0
        var head: AccountHead?
        var setup = SetupResponse(version: 0, payload: nil)
        /// What a share account keeps besides its moods; `nil` for a person's.
        var share: ListedShare?
    }

    private struct DeviceState {
        var accountID: Int64
        var record: DeviceRecord
        var handOver: KeyHandOver?
    }

    private struct State {
        var accounts: [Int64: AccountState] = [:]
        var tokens: [Data: DeviceState] = [:]
        /// Ids are never given twice, as a database's sequence does not.
        var lastAccountID: Int64 = 0

        mutating func nextAccountID() -> Int64 {
            lastAccountID += 1
            return lastAccountID
        }
    }

    public let storeID = UUID().uuidString
    /// One lock: one call at a time.
    public let poolSize = 1
    private let state = Mutex(State())
    private let revocations = RevocationBroadcast()
    private let clock: WallClock

    public init(clock: WallClock = .system) { self.clock = clock }

    public func checkHealth() async throws {}

    public func addDevice(toAccount name: String, tokenHash: Data, device: DeviceName?) async throws -> Account {
        state.withLock { state in
            let account = state.accounts.values.first { $0.account.name == name }?.account
                ?? Account(id: state.nextAccountID(), name: name, publicID: Account.makePublicID())
            if state.accounts[account.id] == nil { state.accounts[account.id] = AccountState(account: account) }
            state.tokens[tokenHash] = DeviceState(
                accountID: account.id, record: DeviceRecord(tokenHash: tokenHash, name: device, addedAt: Date().millisecondsSince1970))
            return account
        }
    }

    public func account(forTokenHash hash: Data) async throws -> Account? {
        let now = clock.now().millisecondsSince1970
        return state.withLock { state in
            guard let entry = state.tokens[hash].flatMap({ state.accounts[$0.accountID] }),
                ShareRule.isOpen(expiresAt: entry.share?.expiresAt, now: now)
            else { return nil }
            return entry.account
        }
    }

    public func accounts() async throws -> [AccountSummary] {
        state.withLock { state in
            state.accounts.values.filter { $0.share == nil }.map { entry in
                AccountSummary(
                    name: entry.account.name, devices: state.tokens.values.filter { $0.accountID == entry.account.id }.count,
                    moods: entry.moods.values.filter { $0.payload != nil }.count)
            }
            .sorted { $0.name < $1.name }
        }
    }

    public func revokeToken(hash: Data) async throws -> Account? {
        let account = state.withLock { state in state.tokens.removeValue(forKey: hash).flatMap { state.accounts[$0.accountID]?.account } }
        if account != nil { revocations.announce() }
        return account
    }

    public func revokeAllTokens(ofAccount name: String) async throws -> Int? {
        let count = state.withLock { state -> Int? in
            guard let id = state.accounts.values.first(where: { $0.account.name == name })?.account.id else { return nil }
            let revoked = state.tokens.filter { $0.value.accountID == id || state.accounts[$0.value.accountID]?.account.kind == .share(owner: id) }.keys
            revoked.forEach { state.tokens[$0] = nil }
            return revoked.count
        }
        if let count, count > 0 { revocations.announce() }
        return count
    }

    public func devices(in account: Account) async throws -> [DeviceRecord] {
        state.withLock { state in
            state.tokens.values.filter { $0.accountID == account.id }.map(\.record)
                .sorted { $0.addedAt != $1.addedAt ? $0.addedAt < $1.addedAt : $0.tokenHash.lexicographicallyPrecedes($1.tokenHash) }
        }
    }

    public func registerDeviceKey(_ registration: DeviceKeyRegistration, forTokenHash tokenHash: Data) async throws -> Bool {
        state.withLock { state in
            guard let device = state.tokens[tokenHash], state.accounts[device.accountID]?.account.keyID == registration.keyID else { return false }
            state.tokens[tokenHash]?.record.key = registration
            return true
        }
    }

    public func keyHandOver(forTokenHash tokenHash: Data) async throws -> KeyHandOver? {
        state.withLock { state in
            guard let device = state.tokens[tokenHash], let handOver = device.handOver,
                handOver.keyID == state.accounts[device.accountID]?.account.keyID
            else { return nil }
            return handOver
        }
    }

    public func revokeDevice(_ id: DeviceTokenID, in account: Account) async throws -> Bool {
        let revoked = state.withLock { state in
            let hashes = state.tokens.filter { $0.value.accountID == account.id && $0.value.record.id == id }.keys
            hashes.forEach { state.tokens[$0] = nil }
            return !hashes.isEmpty
        }
        if revoked { revocations.announce() }
        return revoked
    }

    public func tokenRevocations() -> AsyncStream<Void> {
        revocations.stream()
    }

    public func revokedTokenHashes(among hashes: Set<Data>) async throws -> Set<Data> {
        state.withLock { state in hashes.filter { state.tokens[$0] == nil } }
    }

    public func upsert(_ uploads: [MoodUpload], in account: Account, from device: String?) async throws -> UpsertResult {
        try state.withLock { state throws(KeyMismatch) in
            var entry = state.accounts[account.id] ?? AccountState(account: account)
            try AccountKeyRule.check(uploads, current: entry.account.keyID)
            var saved: [SavedMood] = [], conflicts: [MoodConflict] = []
            for upload in uploads {
                switch UpsertDecision.decide(upload, current: entry.moods[upload.id], compactedThrough: entry.compactedThrough) {
                case .write:
                    entry.lastSequence += 1
                    entry.moods[upload.id] = MoodRecord(
                        id: upload.id, payload: upload.payload, version: entry.lastSequence, sequence: entry.lastSequence)
                    saved.append(SavedMood(id: upload.id, version: entry.lastSequence))
                case .unchanged(let version):
                    saved.append(SavedMood(id: upload.id, version: version))
                case .conflict(let conflict):
                    conflicts.append(conflict)
                }
            }
            let changed = entry.lastSequence != state.accounts[account.id]?.lastSequence ?? 0
            state.accounts[account.id] = entry
            return UpsertResult(saved: saved, conflicts: conflicts, latestSequence: entry.lastSequence, changedAnything: changed)
        }
    }

    public func delete(_ deletions: [MoodDeletion], in account: Account, from device: String?) async throws -> DeletionResult {
        let now = clock.now()
        return try state.withLock { state throws(KeyMismatch) in
            var entry = state.accounts[account.id] ?? AccountState(account: account)
            try AccountKeyRule.checkUnchanged(current: entry.account.keyID, checked: account.keyID)
            var deleted: [UUID] = []
            for deletion in deletions {
                let id = deletion.id
                let current = entry.moods[id]
                guard TombstoneRule.needsTombstone(current, proof: deletion.proof) else { continue }
                entry.lastSequence += 1
                entry.moods[id] = MoodRecord(
                    id: id, payload: nil, version: entry.lastSequence, sequence: entry.lastSequence, deletionProof: deletion.proof)
                entry.deletedAt[id] = now
                if current != nil { deleted.append(id) }
            }
            state.accounts[account.id] = entry
            return DeletionResult(deleted: deleted, latestSequence: entry.lastSequence)
        }
    }

    public func changes(in account: Account, after sequence: Int64, listingTombstonesAfter: Int64, limit: Int) async throws -> ChangePage {
        state.withLock { state in
            let entry = state.accounts[account.id] ?? AccountState(account: account)
            let records = entry.moods.values
                .filter { $0.sequence > sequence && ($0.payload != nil || $0.sequence > listingTombstonesAfter) }
                .sorted { $0.sequence < $1.sequence }
            return ChangePage(
                records: Array(records.prefix(limit + 1)), limit: limit, latestSequence: entry.lastSequence, keyID: entry.account.keyID,
                head: entry.head, setupVersion: entry.setup.version, compactedThrough: entry.compactedThrough)
        }
    }

    public func compact(tombstonesDeletedBefore cutoff: Date) async throws -> Int {
        state.withLock { state in
            var removed = 0
            for (id, var entry) in state.accounts {
                for (mood, deletedAt) in entry.deletedAt where deletedAt < cutoff && entry.moods[mood]?.deletionProof == nil {
                    entry.compactedThrough = max(entry.compactedThrough, entry.moods[mood]?.sequence ?? 0)
                    entry.moods[mood] = nil
                    entry.deletedAt[mood] = nil
                    removed += 1
                }
                state.accounts[id] = entry
            }
            return removed
        }
    }

    public func changeKey(_ change: KeyChange, in account: Account, from device: String?) async throws -> KeyChangeOutcome {
        let now = clock.now().millisecondsSince1970
        return state.withLock { state in
            var entry = state.accounts[account.id] ?? AccountState(account: account)
            let refusal = AccountKeyRule.refusal(
                of: change, current: entry.account.keyID, signingKey: entry.account.signingKey, latestSequence: entry.lastSequence)
            if let refusal { return refusal }
            let liveShares = state.accounts.values.filter { $0.account.kind == .share(owner: account.id) }
                .compactMap(\.share).filter { ShareRule.isOpen(expiresAt: $0.expiresAt, now: now) }
            if let refusal = AccountKeyRule.refusal(of: change, liveShares: Set(liveShares.map(\.id))) { return refusal }
            for (shareAccount, entry) in state.accounts {
                guard entry.account.kind == .share(owner: account.id), let id = entry.share?.id, let record = change.shareRecords?[id] else { continue }
                state.accounts[shareAccount]?.share?.record = record
            }
            for (hash, device) in state.tokens where device.accountID == account.id && !change.registersSigningKey {
                state.tokens[hash]?.handOver = change.handOvers[device.record.id]
            }
            entry.account.keyID = change.keyID
            entry.account.signingKey = change.signingKey
            state.accounts[account.id] = entry
            return .changed(entry.account, latestSequence: entry.lastSequence)
        }
    }

    public func publishHead(_ head: AccountHead, in account: Account, from device: String?) async throws -> Bool {
        try state.withLock { state throws(KeyMismatch) in
            var entry = state.accounts[account.id] ?? AccountState(account: account)
            try AccountKeyRule.checkUnchanged(current: entry.account.keyID, checked: account.keyID)
            guard AccountHeadRule.follows(head, current: entry.head, latestSequence: entry.lastSequence) else { return false }
            entry.head = head
            state.accounts[account.id] = entry
            return true
        }
    }

    public func setup(of account: Account) async throws -> SetupResponse {
        state.withLock { $0.accounts[account.id]?.setup ?? SetupResponse(version: 0, payload: nil) }
    }

    public func storeSetup(_ upload: SetupUpload, in account: Account, from device: String?) async throws -> SetupStoreOutcome {
        try state.withLock { state throws(KeyMismatch) in
            var entry = state.accounts[account.id] ?? AccountState(account: account)
            try AccountKeyRule.check(upload.payload, current: entry.account.keyID)
            guard entry.setup.version == upload.baseVersion else { return .versionMoved }
            entry.setup = SetupResponse(version: upload.baseVersion + 1, payload: upload.payload)
            state.accounts[account.id] = entry
            return .stored(version: entry.setup.version, latestSequence: entry.lastSequence)
        }
    }

    public func createShare(_ share: NewShare, of owner: Account) async throws -> ShareCreation {
        let now = clock.now().millisecondsSince1970
        return state.withLock { state in
            let live = state.accounts.values.filter { $0.account.kind == .share(owner: owner.id) }
            if let existing = live.first(where: { $0.share?.id == share.id })?.share { return .exists(existing) }
            guard state.accounts[owner.id]?.account.keyID == share.record.keyID else { return .keyChanged }
            guard live.filter({ ShareRule.isOpen(expiresAt: $0.share?.expiresAt, now: now) }).count < SyncLimits.maximumSharesPerAccount else {
                return .limitReached
            }
            let id = state.nextAccountID()
            let account = Account(
                id: id, name: ShareRule.accountName(owner: owner, share: share.id), publicID: Account.makePublicID(), keyID: share.keyID,
                signingKey: share.signingKey, kind: .share(owner: owner.id))
            let record = ListedShare(id: share.id, createdAt: now, expiresAt: share.expiresAt, lastReadAt: nil, record: share.record)
            state.accounts[id] = AccountState(account: account, share: record)
            state.tokens[share.readerTokenHash] = DeviceState(
                accountID: id, record: DeviceRecord(tokenHash: share.readerTokenHash, name: nil, addedAt: now))
            return .created(record)
        }
    }

    public func shares(of owner: Account) async throws -> [ListedShare] {
        let now = clock.now().millisecondsSince1970
        return state.withLock { state in
            // Made in order: by account id is by creation.
            state.accounts.values.filter { $0.account.kind == .share(owner: owner.id) }.sorted { $0.account.id < $1.account.id }
                .compactMap(\.share).filter { ShareRule.isOpen(expiresAt: $0.expiresAt, now: now) }
        }
    }

    public func shareAccount(_ id: ShareID, of owner: Account) async throws -> Account? {
        let now = clock.now().millisecondsSince1970
        return state.withLock { state in
            state.accounts.values.first {
                $0.account.kind == .share(owner: owner.id) && $0.share?.id == id && ShareRule.isOpen(expiresAt: $0.share?.expiresAt, now: now)
            }?.account
        }
    }

    public func deleteShare(_ id: ShareID, of owner: Account) async throws -> Bool {
        let deleted = state.withLock { state in
            Self.deleteShares(in: &state) { $0.account.kind == .share(owner: owner.id) && $0.share?.id == id } > 0
        }
        if deleted { revocations.announce() }
        return deleted
    }

    public func deleteExpiredShares() async throws -> Int {
        let now = clock.now().millisecondsSince1970
        let deleted = state.withLock { state in
            Self.deleteShares(in: &state) { $0.share.map { !ShareRule.isOpen(expiresAt: $0.expiresAt, now: now) } ?? false }
        }
        if deleted > 0 { revocations.announce() }
        return deleted
    }

    public func noteShareRead(_ share: Account) async throws {
        let now = clock.now().millisecondsSince1970
        state.withLock { state in
            guard var record = state.accounts[share.id]?.share else { return }
            if let last = record.lastReadAt, now - last < ShareRule.readNoteInterval { return }
            record.lastReadAt = now
            state.accounts[share.id]?.share = record
        }
    }

    /// Deletes the share accounts `matching` selects, with their tokens; returns how many.
    private static func deleteShares(in state: inout State, matching: (AccountState) -> Bool) -> Int {
        let ids = Set(state.accounts.values.filter { $0.share != nil && matching($0) }.map(\.account.id))
        ids.forEach { state.accounts[$0] = nil }
        state.tokens = state.tokens.filter { !ids.contains($0.value.accountID) }
        return ids.count
    }
}
