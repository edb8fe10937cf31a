import Foundation
import HTTPTypes
import Hummingbird
import MoodKit
import ServerStorage
import SyncProtocol

/// The protocol's HTTP routes over a storage and a push hub.
struct SyncRoutes<Storage: MoodServerStorage>: Sendable {
    let storage: Storage
    let hub: PushHub
    let limiter: RateLimiter
    let metrics: ServerMetrics
    /// Whether `GET /metrics` is served (else it is 404, as any unknown path).
    let exposesMetrics: Bool

    /// The routes ``register(on:)`` serves, for the 405 answers of the paths they have.
    var served: [SyncRoute] { SyncRoute.allCases.filter { $0 != .metrics || exposesMetrics } }

    func register(on router: Router<MoodRequestContext>) {
        router.on(SyncCalls.health) { _, _, _ in try await health() }
        if exposesMetrics {
            router.on(.metrics) { _, _ in
                Response(
                    status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
            }
        }
        let v1 = router.group().add(middleware: BearerAuthMiddleware(storage: storage)).add(middleware: ShareTokenMiddleware())
            .add(middleware: RateLimitMiddleware.byToken(limiter))
        registerKeys(on: v1)
        registerSetup(on: v1)
        v1.on(SyncCalls.publishHead) { head, request, context in try await publishHead(head, request, context) }
        v1.on(SyncCalls.listDevices) { _, _, context in try await devices(context) }
        v1.on(SyncCalls.revokeDevice) { _, request, context in try await revokeDevice(request, context) }
        v1.on(SyncCalls.upload) { body, request, context in try await upload(body, into: try context.requirePerson(), request) }
        v1.on(SyncCalls.delete) { body, request, context in try await delete(body, request, context) }
        v1.on(SyncCalls.changes) { _, request, context in
            let account = try context.requireAccount()
            // What the owner sees in `moodtui share list`; not worth failing the read for.
            if case .share = account.kind { try? await storage.noteShareRead(account) }
            return try await changes(request, of: account)
        }
        registerShares(on: v1)
        v1.on(.subscribe) { _, _ -> Response in
            throw ServerError(
                status: .upgradeRequired, code: .webSocketRequired,
                message: "\(SyncEndpoint.subscribe) is a WebSocket: send the upgrade headers", headers: [.upgrade: "websocket"])
        }
    }

    private func health() async throws -> SyncReply<HealthResponse> {
        do {
            try await storage.checkHealth()
            return try .answer(HealthResponse(status: "ok"))
        } catch {
            return try .answer(HealthResponse(status: "unavailable"), status: .serviceUnavailable)
        }
    }

    /// Stores an upload in `account`'s log: a person's own, or a share the person writes.
    func upload(_ body: UploadRequest, into account: Account, _ request: Request) async throws -> SyncReply<UploadResponse> {
        guard body.moods.count <= SyncLimits.maximumUploadBatch else {
            throw ServerError.tooLarge(
                "\(body.moods.count) moods in one request; the limit is \(SyncLimits.maximumUploadBatch)", code: .tooManyMoods)
        }
        if let duplicate = Dictionary(grouping: body.moods, by: \.id).first(where: { $0.value.count > 1 })?.key {
            throw ServerError.badRequest("mood \(duplicate.uuidString) appears more than once in the request")
        }
        metrics.batchReceived(.moods, count: body.moods.count)
        let result = try await storage.upsert(body.moods, in: account, from: device(request))
        let token = token(account, result.latestSequence)
        if result.changedAnything { publish(account, token, exceptDevice: device(request)) }
        return try .answer(
            UploadResponse(saved: result.saved, conflicts: result.conflicts, token: token, serverTime: Date().millisecondsSince1970))
    }

    private func delete(_ body: DeletionRequest, _ request: Request, _ context: MoodRequestContext) async throws -> SyncReply<DeletionResponse> {
        let account = try context.requirePerson()
        guard body.deletions.count <= SyncLimits.maximumDeletionBatch else {
            throw ServerError.tooLarge(
                "\(body.deletions.count) ids in one request; the limit is \(SyncLimits.maximumDeletionBatch)", code: .tooManyMoods)
        }
        try AccountAuthority.check(body.deletions, in: account)
        metrics.batchReceived(.deletions, count: body.deletions.count)
        let result = try await storage.delete(body.deletions, in: account, from: device(request))
        let token = token(account, result.latestSequence)
        if !result.deleted.isEmpty { publish(account, token, exceptDevice: device(request)) }
        return try .answer(DeletionResponse(deleted: result.deleted, token: token))
    }

    /// One page of `account`'s log: a person's own, or a share (read by its recipient, or by the
    /// owner's devices keeping it filled).
    func changes(_ request: Request, of account: Account) async throws -> SyncReply<ChangesResponse> {
        let query = request.uri.queryParameters
        var limit = SyncLimits.defaultChangesPageSize
        if let text = query["limit"] {
            guard let value = Int(String(text)), value > 0 else {
                throw ServerError.badRequest("limit must be a positive integer, got '\(text)'")
            }
            limit = min(value, SyncLimits.maximumChangesPageSize)
        }
        let since = try cursor(of: query["since"].map { ChangeToken(rawValue: String($0)) }, in: account)
        // Without a token, a snapshot of the live moods: the tombstones the page's snapshot holds
        // are left out, and those after it listed.
        let page = try await storage.changes(
            in: account, after: since?.sequence ?? 0, listingTombstonesAfter: since?.tombstonesNeededAfter ?? .max, limit: limit)
        if let since {
            guard since.sequence <= page.latestSequence else { throw ServerError.tokenExpired }
            guard since.tombstonesNeededAfter >= page.compactedThrough else { throw ServerError.historyCompacted }
        }
        let next = token(account, page.nextSequence, liveThrough: since == nil ? page.latestSequence : since?.liveThrough)
        let response = ChangesResponse(
            changes: page.changes, token: next, more: page.more, serverTime: Date().millisecondsSince1970, keyID: page.keyID,
            sequence: page.latestSequence, head: page.head, setupVersion: page.setupVersion)
        return .answer(response, encodedBy: ChangesResponseJSON.encode)
    }

    private func publishHead(_ head: AccountHead, _ request: Request, _ context: MoodRequestContext) async throws -> SyncReply<NoContent> {
        let account = try context.requirePerson()
        try AccountAuthority.check(head, in: account)
        guard try await storage.publishHead(head, in: account, from: device(request)) else {
            throw ServerError(
                status: .conflict, code: .headMoved,
                message: "the head does not follow the account's current one, or the account changed since: fetch, then try again")
        }
        // The other devices fetch, and check their moods against it.
        publish(account, token(account, head.sequence), exceptDevice: device(request))
        return .noContent
    }

    private func devices(_ context: MoodRequestContext) async throws -> SyncReply<DeviceListResponse> {
        _ = try context.requirePerson()
        guard let credential = context.credential else { throw ServerError.unauthorized }
        let devices = try await storage.devices(in: credential.account).map { device in
            ListedDevice(
                id: device.id, name: device.name, addedAt: device.addedAt, current: device.tokenHash == credential.tokenHash, key: device.key)
        }
        return try .answer(DeviceListResponse(devices: devices))
    }

    /// Revokes through the storage, whose revocation watch closes the device's WebSocket.
    private func revokeDevice(_ request: Request, _ context: MoodRequestContext) async throws -> SyncReply<NoContent> {
        let account = try context.requirePerson()
        let id = try pathID(DeviceTokenID.self, context)
        try AccountAuthority.check(revoking: id, proof: try proof(request), in: account)
        guard try await storage.revokeDevice(id, in: account) else {
            throw ServerError(
                status: .notFound, code: .unknownDevice, message: "this account has no device \(id) (already revoked?)")
        }
        return .noContent
    }

    /// The id in the request's path (`{id}`).
    /// - Throws: 400 naming what an id of the kind is.
    func pathID<ID: HexIdentifier>(_ kind: ID.Type, _ context: MoodRequestContext) throws(ServerError) -> ID {
        let text = context.parameters.get("id") ?? ""
        guard let id = ID(hex: text) else {
            throw ServerError.badRequest("'\(text.prefix(40))' is not \(ID.kindName): \(ID.byteCount * 2) lower-case hex digits")
        }
        return id
    }

    /// The signature in the request's ``SyncEndpoint/proofHeader``, `nil` without one.
    /// - Throws: 400 for one that is not a signature.
    func proof(_ request: Request) throws(ServerError) -> AccountSignature? {
        guard let text = HTTPField.Name(SyncEndpoint.proofHeader).flatMap({ request.headers[$0] }) else { return nil }
        guard let proof = AccountSignature(hex: text) else {
            throw ServerError.badRequest("\(SyncEndpoint.proofHeader) is \(AccountSignature.byteCount * 2) lower-case hex digits")
        }
        return proof
    }

    /// The position a client's change token stands for, `nil` without one.
    /// - Throws: 400 for text that is not a token, 410 for a token of another store or account.
    func cursor(of token: ChangeToken?, in account: Account) throws(ServerError) -> ChangeCursor? {
        guard let token, !token.rawValue.isEmpty else { return nil }
        switch ChangeCursor.read(token) {
        case .invalid:
            throw ServerError(status: .badRequest, code: .invalidToken, message: "'since' is not a change token")
        case .retired(let store):
            // From this store, it may predate deletions since compacted: the device must check
            // its moods against the new download.
            throw store == storage.storeID ? ServerError.historyCompacted : ServerError.tokenExpired
        case .cursor(let cursor):
            guard cursor.store == storage.storeID, cursor.account == account.publicID, cursor.sequence >= 0 else {
                throw ServerError.tokenExpired
            }
            return cursor
        }
    }

    /// Tells this instance's sockets of the account (the storage told the other instances
    /// sharing it, in the write's transaction).
    func publish(_ account: Account, _ token: ChangeToken, exceptDevice device: String?) {
        metrics.pushesSent(hub.publish(account: account.id, token: token, exceptDevice: device), source: .local)
    }

    func token(_ account: Account, _ sequence: Int64, liveThrough: Int64? = nil) -> ChangeToken {
        ChangeCursor(store: storage.storeID, account: account.publicID, sequence: sequence, liveThrough: liveThrough).token
    }

    func device(_ request: Request) -> String? {
        HTTPField.Name(SyncEndpoint.deviceHeader).flatMap { request.headers[$0] }
    }
}

extension AccountResponse {
    /// What devices see of `account`, and the key handed over to the asking device.
    init(_ account: Account, handOver: KeyHandOver? = nil) {
        self.init(name: account.name, id: account.publicID, keyID: account.keyID, signingKey: account.signingKey, handOver: handOver)
    }
}
