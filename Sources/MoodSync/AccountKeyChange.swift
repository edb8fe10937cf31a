import Foundation
import Logging
import MoodSealing
import MoodStore
import SyncProtocol

/// Moving an account's moods to a new key, from one device: `moodtui key enable` (an account
/// made before keys) and `moodtui key rotate` (a device or the phrase was lost).
///
/// 1. A full round: everything here goes up, everything there comes down.
/// 2. The server takes the new key only if the account did not change after that round (another
///    device may have written meanwhile): else the round runs again.
/// 3. The journal keeps the key and marks every mood to go up again; a last round uploads them
///    sealed, and the server's plain copies are overwritten.
///
/// The key is kept in the journal as offered before the server is asked, so that a crash or a
/// lost answer after the server took it loses nothing: running the command again finds the
/// server on the offered key and goes on from step 3.
public enum AccountKeyChange {
    /// How many times step 2 may find the account changed before giving up.
    static let attempts = 5

    /// Gives an account without a key one, as `moodtui key enable`: a new key, or the one this
    /// journal offered when a run before was cut off after the server took it.
    /// - Throws: ``AccountKeyChangeError/alreadyEncrypted`` for an account with a key, and
    ///   what `change(to:store:remote:logger:)` throws.
    public static func enable(store: JournalStore, remote: any MoodRemote, logger: Logger) async throws -> (key: AccountKey, report: SyncReport) {
        let key: AccountKey
        if let keyID = try await remote.accountInfo().keyID {
            let offered = try await store.read { try SyncSettings.offeredKey(in: $0) }
            guard let offered, offered.id == keyID else { throw AccountKeyChangeError.alreadyEncrypted }
            key = offered
        } else {
            key = AccountKey()
        }
        return (key, try await change(to: key, handingOverTo: [:], store: store, remote: remote, logger: logger).report)
    }

    /// Moves the account to `key` (from ``rotationKey(store:remote:)``), as `moodtui key
    /// rotate`, after revoking the devices `lost`, so that none of them reads or writes again:
    /// the moods are sealed anew, and the old key opens nothing the server holds afterwards. The
    /// new key is wrapped, unless `handingOver` is `false`, for every other device whose key this
    /// device noted before (see <doc:KeyRotation>), and every live share's record is sealed anew, in
    /// the same request.
    /// - Throws: a ``RemoteError`` (a device may already be revoked), and what
    ///   `change(to:store:remote:logger:)` throws.
    public static func rotate(
        to key: AccountKey, revoking lost: [DeviceTokenID], handingOver: Bool = true, store: JournalStore, remote: any MoodRemote,
        logger: Logger
    ) async throws -> KeyRotationOutcome {
        let server = try await remote.accountInfo()
        // A lost device's key is forgotten before anything else, so that no run hands it a key.
        try await KeyHandOvers.forget(lost, in: store)
        // The account's key signs: the journal's, or the new one when a run before moved to it.
        // The device keys noted before this rotation are the only ones the new key is handed to:
        // none is noted while a rotation is under way, so a run again sees the same ones.
        let held = try await store.read { try SyncSettings.accountKey(in: $0) }
        let seen = handingOver ? await KeyHandOvers.seen(in: store, logger: logger) : [:]
        let signer = [held, key].compactMap { $0 }.first { $0.id == server.keyID }
        if let signer {  // an account sealed before signing keys: the server checks with it from now on
            try await SigningKeyRegistration.ensure(for: .sealed(signer, account: server.id), account: server, remote: remote, logger: logger)
        }
        for id in lost {
            do { try await remote.revokeDevice(id, proof: signer?.sign(.revocation(account: server.id, device: id))) } catch {
                guard case .unknownDevice = error else { throw error }  // revoked by a run before
            }
        }
        return try await change(to: key, handingOverTo: seen, store: store, remote: remote, logger: logger)
    }

    /// The devices among `devices` that a rotation from this journal now would hand the new key
    /// to, for `moodtui key rotate` to say so before anything changes.
    public static func handOverCandidates(among devices: [ListedDevice], store: JournalStore, remote: any MoodRemote, logger: Logger) async throws
        -> Set<DeviceTokenID>
    {
        let (held, account) = try await store.read { (try SyncSettings.accountKey(in: $0), try $0.setting(.syncAccount)) }
        guard let held, let account else { return [] }
        let seen = await KeyHandOvers.seen(in: store, logger: logger)
        return Set(devices.filter { KeyHandOvers.trusted($0, holding: held, account: account, seen: seen, except: remote.tokenID) != nil }.map(\.id))
    }

    /// The key ``rotate(to:revoking:handingOver:store:remote:logger:)`` is to move to: a new one, or the one
    /// this journal offered when a run before was cut off (after the server took it, or before).
    /// Changes nothing.
    /// - Throws: ``AccountKeyChangeError`` when this journal does not hold the account's key.
    public static func rotationKey(store: JournalStore, remote: any MoodRemote) async throws -> AccountKey {
        let (held, offered) = try await store.read { snapshot in
            (try SyncSettings.accountKey(in: snapshot), try SyncSettings.offeredKey(in: snapshot))
        }
        guard let serverKey = try await remote.accountInfo().keyID else { throw AccountKeyChangeError.notEncrypted }
        if let offered, offered.id == serverKey { return offered }
        guard let held, held.id == serverKey else { throw AccountKeyChangeError.keyNotHeld }
        return offered ?? AccountKey()
    }

    /// Makes `key`, which this journal offered and the server took, the journal's key, and marks
    /// every mood to go up again sealed with it: the server's copies are still plain or sealed
    /// with the key before. `moodtui key enter` does this too, for a key change cut off before.
    public static func adopt(_ key: AccountKey, in store: JournalStore) throws {
        try store.write(origin: .commandLine) { writer in
            try writer.setAccountKey(key)
            try writer.setSetting(.offeredKey, to: nil)
            try writer.markAllForUploadAgain()
        }
    }

    /// Seals the account's moods with `newKey` from now on; returns the last round's report and
    /// the devices the key was handed over to.
    /// - Throws: ``AccountKeyChangeError``, a ``RemoteError`` or a ``SyncStopped``.
    static func change(
        to newKey: AccountKey, handingOverTo seen: [DeviceTokenID: DevicePublicKey], store: JournalStore, remote: any MoodRemote,
        logger: Logger
    ) async throws -> KeyRotationOutcome {
        let current = try await store.read { try SyncSettings.accountKey(in: $0) }
        try SyncSettings.rememberOfferedKey(newKey, in: store)
        var attempt = 0
        var handedOver: [ListedDevice]?
        var endedShares: [ShareID] = []
        while try await remote.accountInfo().keyID != newKey.id {
            attempt += 1
            guard attempt <= attempts else { throw AccountKeyChangeError.accountKeepsChanging }
            _ = try await SyncCoordinator(store: store, remote: remote, logger: logger).syncOnce()
            let (token, account) = try await store.read { snapshot in
                (try snapshot.setting(.changeToken).map(ChangeToken.init(rawValue:)), try snapshot.setting(.syncAccount))
            }
            guard let account else { throw SyncStopped.accountChanged }  // the round above stores it
            let statement = SignedStatement.keyChange(account: account, key: newKey.id, signingKey: newKey.signingKey, replaces: current?.id)
            var request = KeyChangeRequest(
                keyID: newKey.id, signingKey: newKey.signingKey, replaces: current?.id, since: token, proof: current?.sign(statement))
            if let current {  // a rotation: the devices kept move on their own, and the shares stay open
                let handOvers = KeyHandOvers.handOvers(
                    of: newKey, to: try await remote.devices(), holding: current, account: account, seen: seen, except: remote.tokenID)
                request.handOvers = handOvers.map(\.handOver)
                let shares = try await resealedShares(for: newKey, from: current, account: account, remote: remote, logger: logger)
                request.shareRecords = shares.updates
                endedShares += shares.ended
                handedOver = handOvers.map(\.device)
            }
            do {
                _ = try await remote.changeKey(request)
            } catch {
                guard case .changesSince = error else { throw error }
            }
        }
        try adopt(newKey, in: store)
        let report = try await SyncCoordinator(store: store, remote: remote, logger: logger).syncOnce()
        return KeyRotationOutcome(report: report, handedOver: handedOver, endedShares: endedShares.count)
    }

    /// Every live share's record, opened with `old` and sealed with `new`. A share whose record
    /// does not open was not made by a device with the key (a stolen token can make one): no
    /// device can fill it, so it is ended.
    private static func resealedShares(
        for new: AccountKey, from old: AccountKey, account: String, remote: any MoodRemote, logger: Logger
    ) async throws -> (updates: [ShareRecordUpdate], ended: [ShareID]) {
        var updates: [ShareRecordUpdate] = [], ended: [ShareID] = []
        for share in try await remote.shares() {
            if let descriptor = try? ShareSeal.open(share.record, share: share.id, account: account, key: old) {
                updates.append(ShareRecordUpdate(share: share.id, record: try ShareSeal.seal(descriptor, share: share.id, account: account, key: new)))
                continue
            }
            do { try await remote.revokeShare(share.id, proof: old.sign(.shareRevocation(account: account, share: share.id))) } catch {
                guard case .unknownShare = error else { throw error }
            }
            logger.warning("ended a share whose record does not open with the account's key", metadata: ["share": "\(share.id)"])
            ended.append(share.id)
        }
        return (updates, ended)
    }
}

/// What a key rotation did.
public struct KeyRotationOutcome: Sendable {
    /// The last round, which uploaded every mood sealed anew.
    public var report: SyncReport
    /// The devices the new key was wrapped for, which move to it on their own; `nil` when a run
    /// before made the change (it handed the key over then).
    public var handedOver: [ListedDevice]?
    /// How many shares were ended because their record did not open with the old key: no device
    /// of the account made them.
    public var endedShares: Int
}

/// Why a key change did not happen, in words.
public enum AccountKeyChangeError: Error, Equatable, CustomStringConvertible {
    /// Other devices wrote between every round and the request.
    case accountKeepsChanging
    /// `key enable` on an account whose moods are already sealed.
    case alreadyEncrypted
    /// `key rotate` on an account whose moods are not sealed.
    case notEncrypted
    /// `key rotate` on a device that does not hold the account's current key.
    case keyNotHeld

    public var description: String {
        switch self {
        case .alreadyEncrypted:
            "this account's moods are already end-to-end encrypted (`moodtui key show` prints the phrase on a device that has it)"
        case .notEncrypted:
            "this account's moods are not end-to-end encrypted, so there is no key to rotate (`moodtui key enable` gives it one)"
        case .keyNotHeld:
            "this device does not hold the account's current key (was it changed on another device?): "
                + "enter its phrase with `moodtui key enter` first"
        case .accountKeepsChanging:
            "other devices kept changing the account while the key was being changed; the key was not changed: run the command again"
        }
    }
}
