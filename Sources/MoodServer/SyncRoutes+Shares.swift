import Foundation
import Hummingbird
import MoodKit
import ServerStorage
import SyncProtocol

/// The routes of shares. The owner's devices make, list and end shares and write their moods; the
/// recipient reads a share with `GET /v1/changes` and the push socket, as a device reads its
/// account, since a share is an account of its own whose token only reads.
extension SyncRoutes {
    func registerShares(on v1: RouterGroup<MoodRequestContext>) {
        v1.on(SyncCalls.createShare) { body, request, context in try await createShare(body, request, context) }
        v1.on(SyncCalls.listShares) { _, _, context in
            try .answer(ShareListResponse(shares: try await storage.shares(of: try context.requirePerson())))
        }
        v1.on(SyncCalls.revokeShare) { _, request, context in try await revokeShare(request, context) }
        v1.on(SyncCalls.uploadToShare) { body, request, context in try await upload(body, into: try await share(context), request) }
        v1.on(SyncCalls.shareChanges) { _, request, context in try await changes(request, of: try await share(context)) }
    }

    /// Makes a share of the asking account. Its record must be sealed with the account's key, as
    /// an upload must: a device that missed a key change finds out here, not later.
    private func createShare(_ body: ShareCreationRequest, _ request: Request, _ context: MoodRequestContext) async throws
        -> SyncReply<ListedShare>
    {
        let owner = try context.requirePerson()
        guard let keyID = owner.keyID else {
            throw ServerError.keyChanged("an account without a key cannot share: give it one with `moodtui key enable`")
        }
        guard body.record.keyID == keyID else {
            throw ServerError.keyChanged("the share's record is not sealed with this account's key; the share was not made")
        }
        if let expiresAt = body.expiresAt, expiresAt <= Date().millisecondsSince1970 {
            throw ServerError.badRequest("the share would have expired already (expiresAt is in the past)")
        }
        switch try await storage.createShare(NewShare(body), of: owner) {
        case .created(let share):
            try await tellOtherDevices(of: owner, request)
            return try .answer(share, status: .created)
        case .exists(let share) where share.record == body.record && share.expiresAt == body.expiresAt:
            return try .answer(share)  // a retry whose first answer was lost
        case .exists(let share):
            throw ServerError(
                status: .conflict, code: .shareExists, message: "this account already has share \(share.id); it was not made again")
        case .limitReached:
            throw ServerError(
                status: .conflict, code: .tooManyShares,
                message: "this account has \(SyncLimits.maximumSharesPerAccount) shares, the most it may have: revoke one first")
        case .keyChanged:
            throw ServerError.keyChanged("the account's key changed while the share was being made; the share was not made")
        }
    }

    /// Ends a share with the account key's signature: a stolen token cannot cut a recipient off.
    /// The token's socket closes through the storage's revocation signal, as a device's does.
    private func revokeShare(_ request: Request, _ context: MoodRequestContext) async throws -> SyncReply<NoContent> {
        let owner = try context.requirePerson()
        let id = try pathID(ShareID.self, context)
        try AccountAuthority.check(revokingShare: id, proof: try proof(request), in: owner)
        guard try await storage.deleteShare(id, of: owner) else { throw unknownShare(id) }
        try await tellOtherDevices(of: owner, request)
        return .noContent
    }

    /// Pushes the owner's other devices on this instance, which list the shares again on every
    /// push: they start or stop filling the share without waiting for their next look.
    private func tellOtherDevices(of owner: Account, _ request: Request) async throws {
        let latest = try await storage.changes(in: owner, after: .max, limit: 0).latestSequence
        publish(owner, token(owner, latest), exceptDevice: device(request))
    }

    /// The account of the asking account's share named in the path.
    /// - Throws: 403 for a share's token, 404 `unknown_share` when there is no such live share.
    private func share(_ context: MoodRequestContext) async throws -> Account {
        let owner = try context.requirePerson()
        let id = try pathID(ShareID.self, context)
        guard let share = try await storage.shareAccount(id, of: owner) else { throw unknownShare(id) }
        return share
    }

    private func unknownShare(_ id: ShareID) -> ServerError {
        ServerError(status: .notFound, code: .unknownShare, message: "this account has no share \(id) (revoked, or expired?)")
    }
}
