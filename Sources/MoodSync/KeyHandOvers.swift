import Foundation
import Logging
import MoodSealing
import MoodStore
import SyncProtocol

/// Keys per device, so that a rotation does not ask the devices a person keeps for a phrase:
///
/// 1. Every device of a sealed account registers its own public key (``DeviceKey``), signed with
///    the account's key for its own token id, and notes the keys the other devices registered
///    as it first sees them (``lookAtDevices(key:account:store:remote:logger:)``).
/// 2. The device that rotates wraps the new key for every device whose key it saw before the
///    rotation began, still registered under the old key for that device
///    (``handOvers(of:to:holding:account:seen:except:)``). A key first listed during the
///    rotation — by a server working with whoever holds the old key — is not believed.
/// 3. A kept device finds its wrapped key in `GET /v1/account`, checks the old key's signature
///    over the change, and takes the new key (``take(_:holding:account:store:remote:logger:)``).
enum KeyHandOvers {
    /// Registers this device's key, signed with `key`, unless the journal says it already did
    /// for this token and key, and notes the other devices' keys it has not seen yet. Neither is
    /// needed to sync: a failure is logged, and tried again at the next start.
    static func lookAtDevices(key: AccountKey, account: String, store: JournalStore, remote: any MoodRemote, logger: Logger) async {
        do { try await register(key: key, account: account, store: store, remote: remote, logger: logger) } catch {
            logger.warning("could not register this device's key", metadata: ["error": "\(error)"])
        }
        do {
            try await noteSeen(try await remote.devices(), holding: key, account: account, excluding: remote.tokenID, store: store, logger: logger)
        } catch {
            logger.warning("could not look at the other devices' keys", metadata: ["error": "\(error)"])
        }
    }

    private static func register(key: AccountKey, account: String, store: JournalStore, remote: any MoodRemote, logger: Logger) async throws {
        let registered = "\(remote.tokenID) \(key.id)"
        let deviceKey: DeviceKey? = try await store.write(origin: .sync) { writer in
            let stored = try writer.snapshot.setting(.deviceKey).flatMap { try? DeviceKey(stored: $0) }
            if let stored {
                return try writer.snapshot.setting(.deviceKeyRegistered) == registered ? nil : stored
            }
            let made = DeviceKey()  // the first one, or in place of one that no longer reads
            try writer.setSetting(.deviceKey, to: made.stored)
            return made
        }
        guard let deviceKey else { return }
        try await remote.registerDeviceKey(deviceKey.registration(device: remote.tokenID, account: account, signedWith: key))
        try await store.write(origin: .sync) { try $0.setSetting(.deviceKeyRegistered, to: registered) }
        logger.debug("registered this device's key for key rotations", metadata: ["device": "\(remote.tokenID)"])
    }

    /// Notes the key of each device in `devices` but this one (`me`) that `key` signed for it,
    /// unless a key was seen for that device before: a different one now is logged, and that
    /// device is not handed a rotated key until a person gives it the phrase. Nothing is noted
    /// while a rotation this device began is under way (a key offered, not yet taken): a run
    /// again must hand the key to the same devices as the first.
    private static func noteSeen(
        _ devices: [ListedDevice], holding key: AccountKey, account: String, excluding me: DeviceTokenID, store: JournalStore, logger: Logger
    ) async throws {
        try await store.write(origin: .sync) { writer in
            guard try writer.snapshot.setting(.offeredKey) == nil else { return }
            var seen = try SeenDeviceKeys.read(writer.snapshot)
            var changed = false
            for device in devices where device.id != me {
                guard let registration = device.key, registration.keyID == key.id,
                    registration.isSigned(by: key.signingKey, account: account, device: device.id)
                else { continue }
                switch seen[device.id] {
                case nil:
                    seen[device.id] = registration.publicKey
                    changed = true
                case registration.publicKey?: break
                case .some:
                    logger.warning("the server lists another key for a device than the one first seen; it is not handed a rotated key",
                        metadata: ["device": "\(device.id)"])
                }
            }
            if changed { try SeenDeviceKeys.write(seen, writer) }
        }
    }

    /// The device keys this journal has seen, by device; none (logged) when they cannot be read,
    /// so that a damaged setting hands the key to no one.
    static func seen(in store: JournalStore, logger: Logger) async -> [DeviceTokenID: DevicePublicKey] {
        do { return try await store.read { try SeenDeviceKeys.read($0) } } catch {
            logger.warning("the device keys seen cannot be read; the new key is handed to no device", metadata: ["error": "\(error)"])
            return [:]
        }
    }

    /// Forgets the keys seen of `devices`, lost ones: no rotation hands them a key.
    static func forget(_ devices: [DeviceTokenID], in store: JournalStore) async throws {
        guard !devices.isEmpty else { return }
        try await store.write(origin: .sync) { writer in
            var seen = try SeenDeviceKeys.read(writer.snapshot)
            for device in devices { seen[device] = nil }
            try SeenDeviceKeys.write(seen, writer)
        }
    }

    /// The account key `handOver` carries, once checked against the key this journal holds,
    /// stored as the journal's key; `nil` (logged) when it does not check, or the journal holds
    /// another key by now: the engine then stops as for any key it was not given.
    static func take(
        _ handOver: KeyHandOver, holding held: AccountKey, account: String, store: JournalStore, remote: any MoodRemote, logger: Logger
    ) async throws -> AccountKey? {
        guard let stored = try await store.read({ try $0.setting(.deviceKey) }), let deviceKey = try? DeviceKey(stored: stored) else {
            logger.warning("the account's new key was handed over, but this journal holds no device key to open it")
            return nil
        }
        let key: AccountKey
        do {
            key = try KeyHandOverSeal.open(handOver, with: deviceKey, device: remote.tokenID, account: account, holding: held)
        } catch {
            logger.warning("the account's new key was not taken", metadata: ["reason": "\(error)"])
            return nil
        }
        let taken = try await store.write(origin: .sync) { writer in
            guard try SyncSettings.accountKey(in: writer.snapshot) == held else { return false }
            try writer.setAccountKey(key)
            try writer.setSetting(.offeredKey, to: nil)
            return true
        }
        guard taken else { return nil }
        logger.notice("moved to the account's new key, handed over by the device that rotated it", metadata: ["key": "\(key.id)"])
        return key
    }

    /// `newKey` wrapped for each device in `devices` but this one (`me`, by its own token id, not
    /// the server's word) whose key `seen` holds (a lost device is left out of it), registered
    /// under `held` and signed by it for that device; at most
    /// ``SyncProtocol/SyncLimits/maximumKeyHandOvers``. The others are left out: never registered,
    /// registered under an earlier key, never seen here, or seen with another key.
    static func handOvers(
        of newKey: AccountKey, to devices: [ListedDevice], holding held: AccountKey, account: String,
        seen: [DeviceTokenID: DevicePublicKey], except me: DeviceTokenID
    ) -> [(device: ListedDevice, handOver: DeviceHandOver)] {
        let handed: [(device: ListedDevice, handOver: DeviceHandOver)] = devices.compactMap { device in
            guard let registration = trusted(device, holding: held, account: account, seen: seen, except: me),
                let wrapped = try? KeyHandOverSeal.wrap(newKey, for: registration.publicKey, device: device.id, account: account)
            else { return nil }
            return (device, DeviceHandOver(device: device.id, wrapped: wrapped))
        }
        return Array(handed.prefix(SyncLimits.maximumKeyHandOvers))
    }

    /// The registration of `device` a rotation may wrap the new key for: not this device's, the
    /// key seen of it before, registered under `held` and signed by it for that device.
    static func trusted(
        _ device: ListedDevice, holding held: AccountKey, account: String, seen: [DeviceTokenID: DevicePublicKey], except me: DeviceTokenID
    ) -> DeviceKeyRegistration? {
        guard device.id != me, let registration = device.key, seen[device.id] == registration.publicKey, registration.keyID == held.id,
            registration.isSigned(by: held.signingKey, account: account, device: device.id)
        else { return nil }
        return registration
    }
}

/// The seen device keys as the journal keeps them: a JSON object of device id to public key.
private enum SeenDeviceKeys {
    /// - Throws: `DecodingError` for a setting that is not such an object.
    static func read(_ snapshot: JournalSnapshot) throws -> [DeviceTokenID: DevicePublicKey] {
        guard let json = try snapshot.setting(.seenDeviceKeys) else { return [:] }
        let pairs = try JSONDecoder().decode([String: DevicePublicKey].self, from: Data(json.utf8))
        return Dictionary(uniqueKeysWithValues: pairs.compactMap { id, key in DeviceTokenID(hex: id).map { ($0, key) } })
    }

    static func write(_ seen: [DeviceTokenID: DevicePublicKey], _ writer: JournalWriter) throws {
        let pairs = Dictionary(uniqueKeysWithValues: seen.map { ($0.key.description, $0.value) })
        try writer.setSetting(.seenDeviceKeys, to: String(decoding: try JSONEncoder().encode(pairs), as: UTF8.self))
    }
}
