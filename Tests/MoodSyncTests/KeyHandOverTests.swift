import Foundation
import JournalTesting
import Logging
import MoodKit
import MoodSealing
import MoodStore
@testable import MoodSync
import ServerStorage
import SyncProtocol
import SyncTesting
import Testing

/// Keys handed over in a rotation, as the devices see them: the rotating device wraps the new key
/// only for keys it noted before, signed for their device; a kept device takes only a key the
/// key it holds signed for, and stops, unchanged, otherwise.
@Suite struct KeyHandOverTests {
    private let logger = Logger(label: "hand-over-test") { _ in SwiftLogNoOpLogHandler() }

    /// A device logged in to `remote`'s account that synced once (and so registered its key).
    private func device(_ remote: InMemoryRemote, phrase: String? = nil) async throws -> TemporaryJournal {
        let journal = try await loggedInJournal(remote, phrase: phrase)
        _ = try await SyncCoordinator(store: journal.store, remote: remote, logger: logger).syncOnce()
        return journal
    }

    /// A laptop, the account's first device, and a phone with a token of its own, both synced.
    private func laptopAndPhone() async throws
        -> (laptopRemote: InMemoryRemote, laptop: TemporaryJournal, phoneRemote: InMemoryRemote, phone: TemporaryJournal, key: AccountKey)
    {
        let laptopRemote = try await InMemoryRemote()
        let laptop = try await device(laptopRemote)
        let key = try #require(try await key(of: laptop))
        let phoneRemote = try await laptopRemote.deviceWithItsOwnToken()
        let phone = try await device(phoneRemote, phrase: RecoveryPhrase.phrase(for: key))
        return (laptopRemote, laptop, phoneRemote, phone, key)
    }

    private func key(of journal: TemporaryJournal) async throws -> AccountKey? {
        try await journal.store.read { try SyncSettings.accountKey(in: $0) }
    }

    @Test func aDeviceTheRotatingOneHadSeenMovesToTheNewKeyAtItsNextSync() async throws {
        let (laptopRemote, laptop, phoneRemote, phone, _) = try await laptopAndPhone()
        _ = try await SyncCoordinator(store: laptop.store, remote: laptopRemote, logger: logger).syncOnce()  // sees the phone's key

        let new = try await AccountKeyChange.rotationKey(store: laptop.store, remote: laptopRemote)
        let rotation = try await AccountKeyChange.rotate(to: new, revoking: [], store: laptop.store, remote: laptopRemote, logger: logger)
        #expect(rotation.handedOver?.map(\.id) == [phoneRemote.tokenID])
        try await phone.store.write(origin: .ui) { _ = try $0.add(MoodEntry(level: .good, note: "after")) }
        _ = try await SyncCoordinator(store: phone.store, remote: phoneRemote, logger: logger).syncOnce()
        #expect(try await key(of: phone) == new)
        #expect(try await phone.store.read { try $0.syncBacklog() }.uploads == 0, "sealed with the new key, the mood went up")
    }

    @Test func aForgedHandOverIsNotTakenAndTheDeviceStopsUnchanged() async throws {
        let (laptopRemote, _, phoneRemote, phone, old) = try await laptopAndPhone()
        let phoneKey = try DeviceKey(stored: try #require(try await phone.store.read { try $0.setting(.deviceKey) }))

        // A server that wraps a key of its own for the phone, with a signature of a key it made.
        let evil = AccountKey(), signer = AccountKey()
        let statement = SignedStatement.keyChange(account: laptopRemote.accountID, key: evil.id, signingKey: evil.signingKey, replaces: old.id)
        let handOver = KeyHandOver(
            keyID: evil.id, signingKey: evil.signingKey, replaces: old.id, proof: signer.sign(statement),
            wrapped: try KeyHandOverSeal.wrap(evil, for: phoneKey.publicKey, device: phoneRemote.tokenID, account: laptopRemote.accountID))
        let latest = try await laptopRemote.storage.changes(in: laptopRemote.account, after: 0, limit: 1_000).latestSequence
        _ = try await laptopRemote.storage.changeKey(
            KeyChange(
                keyID: evil.id, signingKey: evil.signingKey, replaces: old.id, unchangedSince: latest, handOvers: [phoneRemote.tokenID: handOver],
                shareRecords: [:]), in: laptopRemote.account)

        await #expect(throws: SyncStopped.keyChanged) {
            try await SyncCoordinator(store: phone.store, remote: phoneRemote, logger: logger).syncOnce()
        }
        #expect(try await key(of: phone) == old)
    }

    @Test func onlyKeysSeenBeforeAndSignedForTheirDeviceUnderTheHeldKeyAreHandedTheNewKey() throws {
        let held = AccountKey(), new = AccountKey(), account = "acct"
        func id(_ byte: UInt8) -> DeviceTokenID { DeviceTokenID(tokenHash: Array(repeating: byte, count: 32)) }
        func listed(_ device: DeviceTokenID, _ key: DeviceKey, signedFor: DeviceTokenID? = nil, with signer: AccountKey? = nil, current: Bool = false) -> ListedDevice {
            ListedDevice(
                id: device, name: nil, addedAt: 0, current: current,
                key: key.registration(device: signedFor ?? device, account: account, signedWith: signer ?? held))
        }
        let keys = (0..<7).map { _ in DeviceKey() }
        let devices = [
            listed(id(1), keys[1]),  // seen, signed for itself under the held key: handed the key
            listed(id(2), keys[2]),  // never seen here
            listed(id(3), keys[3]),  // seen with another key
            listed(id(4), keys[4], signedFor: id(1)),  // signed for another device
            listed(id(5), keys[5], with: AccountKey()),  // signed under another key
            listed(id(6), keys[6], current: true),  // this device, as the server says
            listed(id(7), keys[6]),  // this device, as its own token says, though the server says not
        ]
        let seen = [
            id(1): keys[1].publicKey, id(3): keys[0].publicKey, id(4): keys[4].publicKey, id(5): keys[5].publicKey, id(7): keys[6].publicKey,
        ]
        let handed = KeyHandOvers.handOvers(of: new, to: devices, holding: held, account: account, seen: seen, except: id(7))
        #expect(handed.map(\.device.id) == [id(1)])
        let handOver = KeyHandOver(
            keyID: new.id, signingKey: new.signingKey, replaces: held.id,
            proof: held.sign(.keyChange(account: account, key: new.id, signingKey: new.signingKey, replaces: held.id)),
            wrapped: try #require(handed.first).handOver.wrapped)
        #expect(try KeyHandOverSeal.open(handOver, with: keys[1], device: id(1), account: account, holding: held) == new)
    }

    /// The devices whose key the laptop noted as it synced, by id.
    private func seen(by journal: TemporaryJournal) async -> Set<DeviceTokenID> {
        Set(await KeyHandOvers.seen(in: journal.store, logger: logger).keys)
    }

    @Test func aKeyIsNotedOnceAndNeverWhileARotationIsUnderWay() async throws {
        let (laptopRemote, laptop, phoneRemote, _, old) = try await laptopAndPhone()
        _ = try await SyncCoordinator(store: laptop.store, remote: laptopRemote, logger: logger).syncOnce()
        #expect(await seen(by: laptop) == [phoneRemote.tokenID])

        // The phone's key as registered now is not the one first seen: not believed.
        let another = DeviceKey().registration(device: phoneRemote.tokenID, account: laptopRemote.accountID, signedWith: old)
        #expect(try await laptopRemote.storage.registerDeviceKey(another, forTokenHash: phoneRemote.tokenHash))
        _ = try await SyncCoordinator(store: laptop.store, remote: laptopRemote, logger: logger).syncOnce()
        let devices = try await laptopRemote.devices()
        #expect(try await AccountKeyChange.handOverCandidates(among: devices, store: laptop.store, remote: laptopRemote, logger: logger).isEmpty)

        // A device added while a rotation is under way here is not noted until it is over.
        try SyncSettings.rememberOfferedKey(AccountKey(), in: laptop.store)
        let deskRemote = try await laptopRemote.deviceWithItsOwnToken()
        _ = try await device(deskRemote, phrase: RecoveryPhrase.phrase(for: old))
        _ = try await SyncCoordinator(store: laptop.store, remote: laptopRemote, logger: logger).syncOnce()
        #expect(await seen(by: laptop) == [phoneRemote.tokenID])
        try await laptop.store.write(origin: .commandLine) { try $0.setSetting(.offeredKey, to: nil) }
        _ = try await SyncCoordinator(store: laptop.store, remote: laptopRemote, logger: logger).syncOnce()
        #expect(await seen(by: laptop) == [phoneRemote.tokenID, deskRemote.tokenID])
    }

    @Test func aRevokedDeviceIsForgottenAndNeverHandedTheKey() async throws {
        let (laptopRemote, laptop, phoneRemote, _, old) = try await laptopAndPhone()
        let tabletRemote = try await laptopRemote.deviceWithItsOwnToken()
        _ = try await device(tabletRemote, phrase: RecoveryPhrase.phrase(for: old))
        _ = try await SyncCoordinator(store: laptop.store, remote: laptopRemote, logger: logger).syncOnce()
        #expect(await seen(by: laptop) == [phoneRemote.tokenID, tabletRemote.tokenID])

        let new = try await AccountKeyChange.rotationKey(store: laptop.store, remote: laptopRemote)
        let rotation = try await AccountKeyChange.rotate(to: new, revoking: [tabletRemote.tokenID], store: laptop.store, remote: laptopRemote, logger: logger)
        #expect(rotation.handedOver?.map(\.id) == [phoneRemote.tokenID])
        #expect(await seen(by: laptop) == [phoneRemote.tokenID], "the lost tablet is forgotten")
        #expect(try await laptopRemote.storage.keyHandOver(forTokenHash: tabletRemote.tokenHash) == nil)
    }

    @Test func withoutHandOversNoDeviceIsHandedTheKey() async throws {
        let (laptopRemote, laptop, phoneRemote, _, _) = try await laptopAndPhone()
        _ = try await SyncCoordinator(store: laptop.store, remote: laptopRemote, logger: logger).syncOnce()
        let new = try await AccountKeyChange.rotationKey(store: laptop.store, remote: laptopRemote)
        let rotation = try await AccountKeyChange.rotate(
            to: new, revoking: [], handingOver: false, store: laptop.store, remote: laptopRemote, logger: logger)
        #expect(rotation.handedOver?.isEmpty == true)
        #expect(try await laptopRemote.storage.keyHandOver(forTokenHash: phoneRemote.tokenHash) == nil)
    }
}
