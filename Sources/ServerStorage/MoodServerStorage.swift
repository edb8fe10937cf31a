import Foundation
import SyncProtocol

/// Where the server keeps accounts, device tokens and each account's moods and change log.
///
/// Routes see only this protocol, and the `moodtui` executable picks the back end: one SQLite file
/// (`SQLiteMoodServerStorage`, the default), a PostgreSQL database that many instances share
/// (`PostgresMoodServerStorage`), or ``InMemoryMoodServerStorage``, the reference the others are
/// tested against. Every method is one transaction: it happens entirely or not at all.
///
/// Each account has a change log ordered by a sequence number that only grows: every write of a
/// mood (content or tombstone) takes the account's next sequence, and a mood appears in the log
/// once, at its latest sequence. Paging by sequence therefore never skips or repeats a change.
public protocol MoodServerStorage: Sendable {
    /// Names this store's change log; change tokens carry it, so a token from another store is
    /// recognised. Stable across restarts.
    var storeID: String { get }
    /// How many calls the store serves at once (its connections), for the metrics: calls in
    /// flight beyond it wait.
    var poolSize: Int { get }

    /// - Throws: when the store cannot be read.
    func checkHealth() async throws

    /// Adds a device token (by its hash), called `device`, to the account `name`, creating the
    /// account if needed.
    func addDevice(toAccount name: String, tokenHash: Data, device: DeviceName?) async throws -> Account
    /// The account a token (by its hash) opens, or `nil` for an unknown or revoked token, or the
    /// token of a share expired by the storage's clock (``ShareRule/isOpen(expiresAt:now:)``).
    func account(forTokenHash hash: Data) async throws -> Account?
    /// Every person's account, by name (shares are not listed).
    func accounts() async throws -> [AccountSummary]
    /// Revokes one token; returns the account it opened, or `nil` if no such token.
    func revokeToken(hash: Data) async throws -> Account?
    /// Revokes every token of the account `name`, and those of its shares; returns how many, or
    /// `nil` if no such account.
    func revokeAllTokens(ofAccount name: String) async throws -> Int?
    /// The account's device tokens, oldest first.
    func devices(in account: Account) async throws -> [DeviceRecord]
    /// Keeps `registration` as the public key of the device whose token hash is `tokenHash`,
    /// replacing the one it registered before, if the account's key is still the one that signed
    /// it (its signature was checked before); returns whether it did.
    func registerDeviceKey(_ registration: DeviceKeyRegistration, forTokenHash tokenHash: Data) async throws -> Bool
    /// The account's current key as the rotation that made it wrapped it for the device whose
    /// token hash is `tokenHash`; `nil` when it wrapped none for it (or the key changed again).
    func keyHandOver(forTokenHash tokenHash: Data) async throws -> KeyHandOver?
    /// Revokes the account's token whose ``DeviceRecord/id`` is `id`; returns whether there was one.
    func revokeDevice(_ id: DeviceTokenID, in account: Account) async throws -> Bool
    /// Yields soon after device tokens may have been revoked — through this storage, or by
    /// another process sharing the store — until the consumer stops iterating: the server then
    /// checks its open WebSockets' tokens with ``revokedTokenHashes(among:)``. A back end signals
    /// without polling where it can (a file watch, `LISTEN`/`NOTIFY`).
    /// - Throws: when the store cannot be watched.
    func tokenRevocations() throws -> AsyncStream<Void>
    /// The hashes among `hashes` that open no account (revoked, or never issued).
    func revokedTokenHashes(among hashes: Set<Data>) async throws -> Set<Data>

    /// Applies ``UpsertDecision`` to each upload in order, in one transaction. `device` is the
    /// writing device (`X-Moodtui-Device`, `nil` without one): a store several instances share
    /// tells the others of a commit that changed anything, in the same transaction, so that they
    /// push it to the account's sockets but that device's.
    /// - Precondition: no id appears twice in `uploads`.
    /// - Throws: ``KeyMismatch`` (nothing written) when an upload is not sealed with the
    ///   account's key as the transaction reads it (``AccountKeyRule``).
    func upsert(_ uploads: [MoodUpload], in account: Account, from device: String?) async throws -> UpsertResult
    /// Turns the moods with these ids into tombstones that keep the deletions' proofs (an unknown
    /// id too: an upload of it delivered late must not create it); ids already deleted are
    /// skipped. The proofs were checked before (``AccountAuthority``). A store several instances
    /// share tells the others when a live mood was deleted, as for ``upsert(_:in:from:)``.
    func delete(_ deletions: [MoodDeletion], in account: Account, from device: String?) async throws -> DeletionResult
    /// The changes after `sequence`, oldest first, at most `limit`, leaving out the tombstones
    /// at or before `listingTombstonesAfter`: a device's first download is a snapshot of the
    /// live moods (`.max`: no tombstone the page's snapshot holds), not every deletion ever made.
    func changes(in account: Account, after sequence: Int64, listingTombstonesAfter: Int64, limit: Int) async throws -> ChangePage
    /// Removes every tombstone without a proof written before `cutoff` (``TombstoneRule``),
    /// raising each account's ``ChangePage/compactedThrough`` past the ones removed, an account
    /// at a time.
    /// - Returns: how many tombstones were removed.
    func compact(tombstonesDeletedBefore cutoff: Date) async throws -> Int
    /// The commits the other instances announce, and each time this instance starts hearing
    /// them, until the consumer stops; `nil` for a store one process serves.
    /// - Throws: when the store cannot be listened to.
    func changesAnnouncedElsewhere() throws -> AsyncStream<InstanceNews>?
    /// Changes the account's key unless ``AccountKeyRule/refusal(of:current:signingKey:latestSequence:)``
    /// or ``AccountKeyRule/refusal(of:liveShares:)`` refuses, in one transaction, telling the
    /// other instances as ``upsert(_:in:from:)`` does: replaces the live shares' records with the
    /// change's, and keeps each device's hand-over (``KeyChange/handOvers``) in place of any before.
    func changeKey(_ change: KeyChange, in account: Account, from device: String?) async throws -> KeyChangeOutcome
    /// Makes `head` the account's head if ``AccountHeadRule/follows(_:current:latestSequence:)``
    /// says it follows the current one, in one transaction, telling the other instances as
    /// ``upsert(_:in:from:)`` does (devices fetch to check it); returns whether it did. Its
    /// signature was checked before (``AccountAuthority``).
    func publishHead(_ head: AccountHead, in account: Account, from device: String?) async throws -> Bool
    /// The account's setup (its scales' definitions, which the server cannot read in an account
    /// with a key) and its version: 0 and none before a device stored one.
    func setup(of account: Account) async throws -> SetupResponse
    /// Keeps the upload's setup as the account's if its version is still
    /// ``SyncProtocol/SetupUpload/baseVersion``, giving it the next version, in one transaction,
    /// telling the other instances as ``upsert(_:in:from:)`` does (devices fetch to see the new
    /// version).
    /// - Throws: ``KeyMismatch`` (nothing written) when the setup is not sealed with the
    ///   account's key as the transaction reads it, or sealed in an account without one.
    func storeSetup(_ upload: SetupUpload, in account: Account, from device: String?) async throws -> SetupStoreOutcome

    /// Makes `share` a share of `owner`, in one transaction: an account of kind
    /// ``AccountKind/share(owner:)`` named ``ShareRule/accountName(owner:share:)``, sealed with the
    /// share's key, whose one token is the recipient's. Nothing is made when the owner has a share
    /// with this id already, or ``SyncProtocol/SyncLimits/maximumSharesPerAccount`` live ones.
    func createShare(_ share: NewShare, of owner: Account) async throws -> ShareCreation
    /// The owner's live shares in the order they were made; expired ones are left out.
    func shares(of owner: Account) async throws -> [ListedShare]
    /// The account of the owner's live share `id`, to write into or read, or `nil`.
    func shareAccount(_ id: ShareID, of owner: Account) async throws -> Account?
    /// Deletes the owner's share `id` with its moods and its token, in one transaction, and
    /// signals the revocation as ``tokenRevocations()`` does, so that its socket closes; returns
    /// whether there was one.
    func deleteShare(_ id: ShareID, of owner: Account) async throws -> Bool
    /// Deletes, as ``deleteShare(_:of:)`` does, every share expired by the storage's clock;
    /// returns how many.
    func deleteExpiredShares() async throws -> Int
    /// Notes that the recipient of the share `share` fetched now, unless that was noted less than
    /// ``ShareRule/readNoteInterval`` ago.
    func noteShareRead(_ share: Account) async throws
}

extension MoodServerStorage {
    /// The changes after `sequence`, tombstones and all.
    public func changes(in account: Account, after sequence: Int64, limit: Int) async throws -> ChangePage {
        try await changes(in: account, after: sequence, listingTombstonesAfter: 0, limit: limit)
    }

    /// Writes on behalf of no device in particular (`moodtui account`, tests).
    public func upsert(_ uploads: [MoodUpload], in account: Account) async throws -> UpsertResult {
        try await upsert(uploads, in: account, from: nil)
    }

    public func delete(_ deletions: [MoodDeletion], in account: Account) async throws -> DeletionResult {
        try await delete(deletions, in: account, from: nil)
    }

    public func changeKey(_ change: KeyChange, in account: Account) async throws -> KeyChangeOutcome {
        try await changeKey(change, in: account, from: nil)
    }

    /// A store one process serves hears of no other instance.
    public func changesAnnouncedElsewhere() throws -> AsyncStream<InstanceNews>? { nil }

    /// Adds a device token without a name.
    public func addDevice(toAccount name: String, tokenHash: Data) async throws -> Account {
        try await addDevice(toAccount: name, tokenHash: tokenHash, device: nil)
    }
}

/// What ``MoodServerStorage/upsert(_:in:)`` did.
public struct UpsertResult: Hashable, Sendable {
    public var saved: [SavedMood]
    public var conflicts: [MoodConflict]
    /// The account's latest sequence after the transaction.
    public var latestSequence: Int64
    /// Whether the transaction wrote anything (pushes go out only then).
    public var changedAnything: Bool

    public init(saved: [SavedMood], conflicts: [MoodConflict], latestSequence: Int64, changedAnything: Bool) {
        self.saved = saved
        self.conflicts = conflicts
        self.latestSequence = latestSequence
        self.changedAnything = changedAnything
    }
}

/// What ``MoodServerStorage/delete(_:in:)`` did.
public struct DeletionResult: Hashable, Sendable {
    /// The ids that were live moods and are now tombstones.
    public var deleted: [UUID]
    public var latestSequence: Int64

    public init(deleted: [UUID], latestSequence: Int64) {
        self.deleted = deleted
        self.latestSequence = latestSequence
    }
}

/// One page of an account's change log.
public struct ChangePage: Hashable, Sendable {
    public var changes: [Change]
    /// Where the next page starts: the last change's sequence when `more`, else the latest.
    public var nextSequence: Int64
    public var more: Bool
    /// The account's latest sequence when the page was read.
    public var latestSequence: Int64
    /// The account's key when the page was read.
    public var keyID: AccountKeyID?
    /// The account's head when the page was read.
    public var head: AccountHead?
    /// The version of the account's setup when the page was read.
    public var setupVersion: Int64
    /// The sequence of the newest tombstone compaction removed from the account's log when the
    /// page was read (0: none): a reader that has not seen the log up to here has missed a
    /// deletion.
    public var compactedThrough: Int64

    public init(
        changes: [Change], nextSequence: Int64, more: Bool, latestSequence: Int64, keyID: AccountKeyID?, head: AccountHead? = nil,
        setupVersion: Int64, compactedThrough: Int64
    ) {
        self.changes = changes
        self.nextSequence = nextSequence
        self.more = more
        self.latestSequence = latestSequence
        self.keyID = keyID
        self.head = head
        self.setupVersion = setupVersion
        self.compactedThrough = compactedThrough
    }

    /// Builds a page from the records after the requested sequence, oldest first, of which at
    /// most `limit + 1` were read (the extra one only tells whether more follow).
    public init(
        records: [MoodRecord], limit: Int, latestSequence: Int64, keyID: AccountKeyID?, head: AccountHead?, setupVersion: Int64,
        compactedThrough: Int64
    ) {
        let page = records.prefix(limit)
        let more = records.count > limit
        self.init(
            changes: page.map(\.change), nextSequence: more ? page.last?.sequence ?? latestSequence : latestSequence,
            more: more, latestSequence: latestSequence, keyID: keyID, head: head, setupVersion: setupVersion,
            compactedThrough: compactedThrough)
    }
}
