import Foundation
import MoodKit
import MoodSync
import ServerStorage
import Synchronization
import SyncProtocol

/// A ``MoodRemote`` for unit tests: the server's own rules (``InMemoryMoodServerStorage``) without
/// sockets, with failures to inject, a log of requests, pushes on demand and uploads that can be
/// held half-way. Devices made with ``anotherDevice()`` share the account.
public final class InMemoryRemote: MoodRemote {
    public let storage: InMemoryMoodServerStorage
    public let account: Account
    /// What the storage knows this device's token by.
    public let tokenHash: Data
    private let state = Mutex(State())

    struct State {
        var failures: [RemoteError] = []
        var uploadFailures: [RemoteError] = []
        var requests: [Request] = []
        var heldUploads: [CheckedContinuation<Void, Never>] = []
        var holdsUploads = false
        var pushListeners: [UUID: AsyncStream<Void>.Continuation] = [:]
        var offline = false
        var refused: Set<Mood.ID> = []
        var lostResponses = 0
        var beforeNextSetupStore: (@Sendable () async throws -> Void)?
    }

    /// One request the remote answered (or failed).
    public enum Request: Hashable, Sendable {
        case account
        case upload([Mood.ID])
        case delete([Mood.ID])
        case changes
        case changeKey
        case registerDeviceKey
        case publishHead
        case setup
        case storeSetup
        case devices
        case revokeDevice(DeviceTokenID)
        case createShare, shares, revokeShare(ShareID), uploadToShare(ShareID), shareChanges(ShareID)
    }

    /// A new account on a new in-memory server.
    public convenience init() async throws {
        let storage = InMemoryMoodServerStorage()
        let tokenHash = Data(UUID().uuidString.utf8)
        let account = try await storage.addDevice(toAccount: "test", tokenHash: tokenHash)
        self.init(storage: storage, account: account, tokenHash: tokenHash)
    }

    private init(storage: InMemoryMoodServerStorage, account: Account, tokenHash: Data) {
        self.storage = storage
        self.account = account
        self.tokenHash = tokenHash
    }

    /// A second device of the same account on the same server.
    public func anotherDevice() -> InMemoryRemote { InMemoryRemote(storage: storage, account: account, tokenHash: tokenHash) }

    /// A device of the same account with a token of its own, as `moodtui account add` makes one:
    /// the server tells it apart from the others (its key, what is handed over to it).
    public func deviceWithItsOwnToken() async throws -> InMemoryRemote {
        let tokenHash = Data(UUID().uuidString.utf8)
        _ = try await storage.addDevice(toAccount: account.name, tokenHash: tokenHash)
        return InMemoryRemote(storage: storage, account: account, tokenHash: tokenHash)
    }

    /// The next requests fail with these errors, in order.
    public func fail(with errors: RemoteError...) {
        state.withLock { $0.failures += errors }
    }

    /// The next uploads fail with these errors, in order, whatever other requests do meanwhile.
    public func failUploads(with errors: RemoteError...) {
        state.withLock { $0.uploadFailures += errors }
    }

    /// Uploads carrying this mood are refused for good (400), as a server refuses a bad mood.
    public func refuse(_ id: Mood.ID) { state.withLock { _ = $0.refused.insert(id) } }

    /// The next `count` requests reach the server, but their answers are lost on the way back.
    public func loseResponses(_ count: Int = 1) { state.withLock { $0.lostResponses += count } }

    /// Every request so far, oldest first.
    public var requests: [Request] { state.withLock { $0.requests } }

    /// Uploads wait at the door until ``releaseUploads()`` (to catch overlapping requests).
    public func holdUploads() { state.withLock { $0.holdsUploads = true } }

    /// How many uploads are waiting at the door.
    public var heldUploadCount: Int { state.withLock { $0.heldUploads.count } }

    public func releaseUploads() {
        let held = state.withLock { state in
            state.holdsUploads = false
            defer { state.heldUploads.removeAll() }
            return state.heldUploads
        }
        held.forEach { $0.resume() }
    }

    /// While offline every call fails as unreachable and push connections drop, as when the
    /// network goes away; back online, calls work again.
    public func setOffline(_ offline: Bool) {
        let dropped = state.withLock { state in
            state.offline = offline
            return offline ? Array(state.pushListeners.values) : []
        }
        dropped.forEach { $0.finish() }
    }

    /// How many push connections are open.
    public var pushListenerCount: Int { state.withLock { $0.pushListeners.count } }

    /// Tells every connected listener that something changed.
    public func push() {
        state.withLock { $0.pushListeners.values.forEach { $0.yield() } }
    }

    /// The moods the server holds now, by id.
    public func serverMoods() async throws -> [Mood.ID: SyncedMood] {
        let changes = try await storage.changes(in: account, after: 0, limit: 1_000_000).changes
        return Dictionary(uniqueKeysWithValues: changes.compactMap { change in
            if case .upsert(let mood) = change { (mood.id, mood) } else { nil }
        })
    }

    /// The account as the token opens it now, as a server reads it for each request.
    private func authorised() async throws(RemoteError) -> Account {
        try await storageCall { try await storage.account(forTokenHash: tokenHash) } ?? account
    }

    public func accountInfo() async throws(RemoteError) -> AccountResponse {
        try begin(.account)
        let current = try await storageCall { try await storage.account(forTokenHash: tokenHash) }
        let handOver = try await storageCall { try await storage.keyHandOver(forTokenHash: tokenHash) }
        return try overTheWire(
            SyncCalls.account,
            AccountResponse(name: account.name, id: accountID, keyID: current?.keyID, signingKey: current?.signingKey, handOver: handOver))
    }

    /// The id of this remote's token (every device of the account shares it here).
    public var tokenID: DeviceTokenID { DeviceTokenID(tokenHash: tokenHash) }

    /// Takes any signature: the real server's checks are tried against `moodtui serve`.
    public func registerDeviceKey(_ registration: DeviceKeyRegistration) async throws(RemoteError) {
        try begin(.registerDeviceKey)
        let kept = try await storageCall { try await storage.registerDeviceKey(registration, forTokenHash: tokenHash) }
        try end()
        guard kept else { throw .keyChanged("the device key is not signed with the account's current key") }
    }

    public func changeKey(_ request: KeyChangeRequest) async throws(RemoteError) -> AccountResponse {
        try begin(.changeKey)
        let since = try request.since.map { token throws(RemoteError) in
            guard let sequence = Int64(token.rawValue) else { throw .tokenExpired }
            return sequence
        }
        let change: KeyChange
        do { change = try KeyChange(request, unchangedSince: since ?? 0) } catch { throw .rejected(error.message) }
        let outcome = try await storageCall { try await storage.changeKey(change, in: account) }
        try end()
        switch outcome {
        case .changed(let changed, _):
            return try overTheWire(
                SyncCalls.changeKey, AccountResponse(name: changed.name, id: accountID, keyID: changed.keyID, signingKey: changed.signingKey))
        case .keyChanged: throw .keyChanged("the account's key is not the one the request replaces")
        case .changesSince: throw .changesSince("the account changed after the device's token")
        case .sharesDiffer: throw .changesSince("the request does not re-seal exactly the account's live shares")
        case .signingKeyDiffers: throw .proofRequired("another signing key is registered")
        }
    }

    public func devices() async throws(RemoteError) -> [ListedDevice] {
        try begin(.devices)
        let devices = try await storageCall { try await storage.devices(in: account) }
        let listed = devices.map { device in
            ListedDevice(id: device.id, name: device.name, addedAt: device.addedAt, current: device.tokenHash == tokenHash, key: device.key)
        }
        return try overTheWire(SyncCalls.listDevices, DeviceListResponse(devices: listed)).devices
    }

    /// Takes any proof: the real server's checks are tried against `moodtui serve`.
    public func revokeDevice(_ id: DeviceTokenID, proof: AccountSignature?) async throws(RemoteError) {
        try begin(.revokeDevice(id))
        guard try await storageCall({ try await storage.revokeDevice(id, in: account) }) else {
            throw .unknownDevice("this account has no device \(id)")
        }
        try end()
    }

    /// The account's identity, as `GET /v1/account` gives it.
    public var accountID: String { account.publicID }

    public func upload(_ moods: [MoodUpload]) async throws(RemoteError) -> UploadResponse {
        try begin(.upload(moods.map(\.id)))
        if state.withLock({ $0.holdsUploads }) {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state in
                    guard state.holdsUploads else { return true }
                    state.heldUploads.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
        if let refused = state.withLock({ state in moods.first { state.refused.contains($0.id) } }) {
            throw .rejected("mood \(refused.id) is refused")
        }
        let result = try await storageCall { try await storage.upsert(moods, in: account) }
        try end()
        return try overTheWire(SyncCalls.upload, UploadResponse(saved: result.saved, conflicts: result.conflicts, token: token(result.latestSequence),
            serverTime: Date().millisecondsSince1970))
    }

    /// Takes any proof: the real server's checks are tried against `moodtui serve`.
    public func delete(_ deletions: [MoodDeletion]) async throws(RemoteError) -> DeletionResponse {
        try begin(.delete(deletions.map(\.id)))
        let account = try await authorised()
        let result = try await storageCall { try await storage.delete(deletions, in: account) }
        try end()
        return try overTheWire(SyncCalls.delete, DeletionResponse(deleted: result.deleted, token: token(result.latestSequence)))
    }

    /// Takes any signature: the real server's checks are tried against `moodtui serve`.
    public func publishHead(_ head: AccountHead) async throws(RemoteError) -> Bool {
        try begin(.publishHead)
        let account = try await authorised()
        let taken = try await storageCall { try await storage.publishHead(head, in: account, from: nil) }
        try end()
        return taken
    }

    public func setup() async throws(RemoteError) -> SetupResponse {
        try begin(.setup)
        let account = try await authorised()
        return try overTheWire(SyncCalls.setup, try await storageCall { try await storage.setup(of: account) })
    }

    /// Runs `action` once, just before the next setup is stored: another device storing its own
    /// between this one's fetch and store.
    public func beforeNextSetupStore(_ action: @escaping @Sendable () async throws -> Void) {
        state.withLock { $0.beforeNextSetupStore = action }
    }

    public func storeSetup(_ upload: SetupUpload) async throws(RemoteError) -> Int64? {
        try begin(.storeSetup)
        if let action = state.withLock({ state in defer { state.beforeNextSetupStore = nil }; return state.beforeNextSetupStore }) {
            try await storageCall { try await action() }
        }
        let account = try await authorised()
        let outcome = try await storageCall { try await storage.storeSetup(upload, in: account, from: nil) }
        try end()
        guard case .stored(let version, _) = outcome else { return nil }
        return version
    }

    public func changes(since token: ChangeToken?, limit: Int) async throws(RemoteError) -> ChangesResponse {
        try begin(.changes)
        return try await page(of: account, since: token, limit: limit, call: SyncCalls.changes)
    }

    /// One page of `account`'s feed, as `call` answers it.
    private func page(
        of account: Account, since token: ChangeToken?, limit: Int, call: SyncCall<NoContent, ChangesResponse>
    ) async throws(RemoteError) -> ChangesResponse {
        var since: Int64 = 0
        if let token {
            guard let sequence = Int64(token.rawValue) else { throw .tokenExpired }
            since = sequence
        }
        let page = try await storageCall { try await storage.changes(in: account, after: since, limit: limit) }
        guard since <= page.latestSequence else { throw .tokenExpired }
        return try overTheWire(call, ChangesResponse(changes: page.changes, token: self.token(page.nextSequence), more: page.more,
            serverTime: Date().millisecondsSince1970, keyID: page.keyID, sequence: page.latestSequence, head: page.head,
            setupVersion: page.setupVersion))
    }

    public func createShare(_ request: ShareCreationRequest) async throws(RemoteError) -> ListedShare {
        try begin(.createShare)
        let owner = try await authorised()
        guard request.record.keyID == owner.keyID else { throw .keyChanged("the share's record is not sealed with this account's key") }
        let outcome = try await storageCall { try await storage.createShare(NewShare(request), of: owner) }
        try end()
        switch outcome {
        case .created(let share): return try overTheWire(SyncCalls.createShare, share)
        case .exists: throw .rejected("this account already has share \(request.id)")
        case .limitReached: throw .rejected("this account has too many shares")
        case .keyChanged: throw .keyChanged("the account's key changed while the share was being made")
        }
    }

    public func shares() async throws(RemoteError) -> [ListedShare] {
        try begin(.shares)
        let shares = try await storageCall { try await storage.shares(of: account) }
        return try overTheWire(SyncCalls.listShares, ShareListResponse(shares: shares)).shares
    }

    /// Takes any proof: the real server's checks are tried against `moodtui serve`.
    public func revokeShare(_ id: ShareID, proof: AccountSignature?) async throws(RemoteError) {
        try begin(.revokeShare(id))
        guard try await storageCall({ try await storage.deleteShare(id, of: account) }) else { throw .unknownShare("no share \(id)") }
        try end()
    }

    public func upload(_ entries: [MoodUpload], toShare id: ShareID) async throws(RemoteError) -> UploadResponse {
        try begin(.uploadToShare(id))
        let share = try await shareAccount(id)
        let result = try await storageCall { try await storage.upsert(entries, in: share) }
        try end()
        return try overTheWire(SyncCalls.uploadToShare, UploadResponse(saved: result.saved, conflicts: result.conflicts,
            token: token(result.latestSequence), serverTime: Date().millisecondsSince1970))
    }

    public func changes(ofShare id: ShareID, since token: ChangeToken?, limit: Int) async throws(RemoteError) -> ChangesResponse {
        try begin(.shareChanges(id))
        let share = try await shareAccount(id)
        return try await page(of: share, since: token, limit: limit, call: SyncCalls.shareChanges)
    }

    /// The account of this account's live share `id`, as the server finds it for each request.
    private func shareAccount(_ id: ShareID) async throws(RemoteError) -> Account {
        guard let share = try await storageCall({ try await storage.shareAccount(id, of: account) }) else { throw .unknownShare("no share \(id)") }
        return share
    }

    public func listenForPushes(connected: @escaping @Sendable () -> Void, pushed: @escaping @Sendable () -> Void)
        async throws(RemoteError)
    {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        let offline = state.withLock { state in
            if !state.offline { state.pushListeners[id] = continuation }
            return state.offline
        }
        if offline { throw .unreachable("offline") }
        defer { _ = state.withLock { $0.pushListeners.removeValue(forKey: id) } }
        connected()
        for await _ in stream { pushed() }
    }

    private func begin(_ request: Request) throws(RemoteError) {
        let failure = state.withLock { state -> RemoteError? in
            state.requests.append(request)
            if state.offline { return .unreachable("offline") }
            if case .upload = request, !state.uploadFailures.isEmpty { return state.uploadFailures.removeFirst() }
            return state.failures.isEmpty ? nil : state.failures.removeFirst()
        }
        if let failure { throw failure }
    }

    /// Loses the answer of a request that did its work, if asked to.
    private func end() throws(RemoteError) {
        let lost = state.withLock { state in
            guard state.lostResponses > 0 else { return false }
            state.lostResponses -= 1
            return true
        }
        if lost { throw .unreachable("the answer was lost") }
    }

    private func storageCall<T>(_ call: () async throws -> T) async throws(RemoteError) -> T {
        do { return try await call() } catch let mismatch as KeyMismatch { throw .keyChanged(mismatch.message) } catch {
            throw .unavailable("\(error)")
        }
    }

    /// `answer` through JSON and back as `call`'s answer, as over the network: the client's
    /// validation of what the server sends runs here too.
    private func overTheWire<Body, Answer>(_ call: SyncCall<Body, Answer>, _ answer: Answer) throws(RemoteError) -> Answer {
        do { return try JSONDecoder().decode(Answer.self, from: JSONEncoder().encode(answer)) } catch {
            throw .incompatible("the answer could not be read: \(error)")
        }
    }

    private func token(_ sequence: Int64) -> ChangeToken { ChangeToken(rawValue: String(sequence)) }
}
