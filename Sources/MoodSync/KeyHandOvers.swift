import Foundation
import Logging
import MoodSealing
import MoodStore
import SyncProtocol

/// Keys per device, so that a rotation does not ask the devices a person keeps for a phrase:
///
/// 1. Every device of a sealed account registers its own public key (``DeviceKey``), signed with
///    the account's key for its own token id (``ensureRegistered(key:account:store:remote:logger:)``).
/// 2. The device that rotates wraps the new key for every device whose registration the old key
///    signed (``handOvers(of:to:holding:account:except:)``); a revoked device is not listed, so
///    it gets nothing.
/// 3. A kept device finds its wrapped key in `GET /v1/account`, checks the old key's signature
///    over the change, and takes the new key (``take(_:holding:account:store:remote:logger:)``).
enum KeyHandOvers {
    /// Registers this device's key, signed with `key`, unless the journal says it already did for
    /// this token and key; makes the device key the first time.
    /// - Throws: a ``RemoteError`` (but `keyChanged`) or a store error.
    static func ensureRegistered(key: AccountKey, account: String, store: JournalStore, remote: any MoodRemote, logger: Logger) async throws {
        let registered = "\(remote.tokenID) \(key.id)"
        let deviceKey: DeviceKey? = try await store.write(origin: .sync) { writer in
            guard try writer.snapshot.setting(.deviceKeyRegistered) != registered else { return nil }
            if let stored = try writer.snapshot.setting(.deviceKey) { return try DeviceKey(stored: stored) }
            let made = DeviceKey()
            try writer.setSetting(.deviceKey, to: made.stored)
            return made
        }
        guard let deviceKey else { return }
        do {
            try await remote.registerDeviceKey(deviceKey.registration(device: remote.tokenID, account: account, signedWith: key))
        } catch {
            // Rotated a moment ago: the processors find out from their first answer, and take
            // the key handed over; this device registers again on the new key then.
            guard case .keyChanged = error else { throw error }
            return
        }
        try await store.write(origin: .sync) { try $0.setSetting(.deviceKeyRegistered, to: registered) }
        logger.info("registered this device's key for key rotations", metadata: ["device": "\(remote.tokenID)"])
    }

    /// The account key `handOver` carries, once checked against the key this journal holds,
    /// stored as the journal's key; `nil` (logged) when it does not check: the engine then stops
    /// as for any key it was not given.
    static func take(
        _ handOver: KeyHandOver, holding held: AccountKey, account: String, store: JournalStore, remote: any MoodRemote, logger: Logger
    ) async throws -> AccountKey? {
        guard let stored = try await store.read({ try $0.setting(.deviceKey) }) else { return nil }
        let key: AccountKey
        do {
            key = try KeyHandOverSeal.open(handOver, with: try DeviceKey(stored: stored), device: remote.tokenID, account: account, holding: held)
        } catch {
            logger.warning("the account's new key was not taken", metadata: ["reason": "\(error)"])
            return nil
        }
        try SyncSettings.storeKey(key, in: store)
        logger.notice("moved to the account's new key, handed over by the device that rotated it", metadata: ["key": "\(key.id)"])
        return key
    }

    /// `newKey` wrapped for each device in `devices` but `except` whose registered key `held`
    /// signed for it; the others are left out (they never registered one, or registered it
    /// under an earlier key, or someone without the key did).
    static func handOvers(
        of newKey: AccountKey, to devices: [ListedDevice], holding held: AccountKey, account: String, except: DeviceTokenID
    ) -> [(device: ListedDevice, handOver: DeviceHandOver)] {
        devices.compactMap { device in
            guard device.id != except, let registration = device.key, registration.keyID == held.id,
                registration.isSigned(by: held.signingKey, account: account, device: device.id),
                let wrapped = try? KeyHandOverSeal.wrap(newKey, for: registration.publicKey, device: device.id, account: account)
            else { return nil }
            return (device, DeviceHandOver(device: device.id, wrapped: wrapped))
        }
    }
}
