import Foundation
import Hummingbird
import ServerStorage
import SyncProtocol

/// The routes of the account's key: what a device learns of it, changing it, and the devices'
/// own keys that a rotation wraps the new key for.
extension SyncRoutes {
    func registerKeys(on v1: RouterGroup<MoodRequestContext>) {
        v1.on(SyncCalls.account) { _, _, context in try await account(context) }
        v1.on(SyncCalls.changeKey) { body, request, context in try await changeKey(body, request, context) }
        v1.on(SyncCalls.registerDeviceKey) { body, _, context in try await registerDeviceKey(body, context) }
    }

    /// The account, with the key a rotation wrapped for the asking device (a share's recipient
    /// has none).
    private func account(_ context: MoodRequestContext) async throws -> SyncReply<AccountResponse> {
        let account = try context.requireAccount()
        guard case .person = account.kind, let credential = context.credential else { return try .answer(AccountResponse(account)) }
        return try .answer(AccountResponse(account, handOver: try await storage.keyHandOver(forTokenHash: credential.tokenHash)))
    }

    private func changeKey(_ body: KeyChangeRequest, _ request: Request, _ context: MoodRequestContext) async throws -> SyncReply<AccountResponse> {
        let account = try context.requirePerson()
        try AccountAuthority.check(body, in: account)
        let change: KeyChange
        do { change = try KeyChange(body, unchangedSince: try cursor(of: body.since, in: account)?.sequence ?? 0) } catch let invalid as InvalidKeyChange {
            throw ServerError.badRequest(invalid.message)
        }
        switch try await storage.changeKey(change, in: account, from: device(request)) {
        case .changed(let changed, let latestSequence):
            // Other devices fetch and see the new key: those it was wrapped for move to it, the
            // others stop until they are given its phrase.
            publish(account, token(account, latestSequence), exceptDevice: device(request))
            return try .answer(AccountResponse(changed))
        case .keyChanged(let current):
            throw ServerError.keyChanged(
                current == nil ? "this account has no key to replace" : "this account's key is not the one the request replaces")
        case .changesSince:
            throw ServerError(
                status: .conflict, code: .changesSince,
                message: "the account changed after this device's change token: fetch the changes, then ask again")
        case .sharesDiffer:
            throw ServerError(
                status: .conflict, code: .changesSince,
                message: "the request does not re-seal exactly the account's live shares: list them, then ask again")
        case .signingKeyDiffers:
            throw ServerError(
                status: .forbidden, code: .proofRequired,
                message: "this account's key already has another signing key registered; it was not replaced")
        }
    }

    /// Keeps the asking device's public key, once the account's key is shown to vouch for it.
    private func registerDeviceKey(_ body: DeviceKeyRegistration, _ context: MoodRequestContext) async throws -> SyncReply<NoContent> {
        let account = try context.requirePerson()
        guard let credential = context.credential else { throw ServerError.unauthorized }
        try AccountAuthority.check(body, device: DeviceTokenID(tokenHash: credential.tokenHash), in: account)
        guard try await storage.registerDeviceKey(body, forTokenHash: credential.tokenHash) else {
            throw ServerError.keyChanged("the account's key changed while the device key was being registered; it was not kept")
        }
        return .noContent
    }
}
