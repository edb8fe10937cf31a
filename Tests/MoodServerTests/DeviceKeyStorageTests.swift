import AppTesting
import Foundation
import LocalProcesses
import Logging
import MoodServer
import PostgresNIO
import ServerStorage
import SyncProtocol
import Testing

/// Keys per device in every storage back end: each device's registered public key, the new key a
/// rotation wraps for each device kept (found by that device only, and only while it is the
/// account's key), and the shares' records a rotation seals anew.
@Suite(.hangGuard) struct DeviceKeyStorageTests {
    static let third = AccountKeyID(hex: "3333333333333333")!

    private static func registration(_ fill: UInt8) -> DeviceKeyRegistration {
        DeviceKeyRegistration(
            publicKey: DevicePublicKey(bytes: Array(repeating: fill, count: DevicePublicKey.byteCount))!, keyID: AccountKeyStorageTests.first,
            proof: AccountSignature(bytes: Array(repeating: fill, count: AccountSignature.byteCount))!)
    }

    private static func handOver(to key: AccountKeyID, replacing old: AccountKeyID, _ fill: UInt8) -> KeyHandOver {
        KeyHandOver(
            keyID: key, signingKey: AccountKeyStorageTests.signing, replaces: old,
            proof: AccountSignature(bytes: Array(repeating: fill, count: AccountSignature.byteCount))!,
            wrapped: WrappedAccountKey(bytes: Array(repeating: fill, count: WrappedAccountKey.byteCount))!)
    }

    private static func rotation(
        to key: AccountKeyID, replacing old: AccountKeyID, since: Int64 = 0, handOvers: [DeviceTokenID: KeyHandOver] = [:],
        shareRecords: [ShareID: SealedContent] = [:]
    ) -> KeyChange {
        KeyChange(
            keyID: key, signingKey: AccountKeyStorageTests.signing, replaces: old, unchangedSince: since, handOvers: handOvers,
            shareRecords: shareRecords)
    }

    @Test(arguments: StorageBackEnd.allCases)
    func aRotationHandsTheKeyToTheDevicesItNamesUntilTheNextOne(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let (laptop, phone, stranger) = (DeviceToken.hash(DeviceToken.generate()), DeviceToken.hash(DeviceToken.generate()), DeviceToken.hash(DeviceToken.generate()))
        let alice = try await storage.addDevice(toAccount: "alice", tokenHash: laptop)
        _ = try await storage.addDevice(toAccount: "alice", tokenHash: phone)
        _ = try await storage.addDevice(toAccount: "bob", tokenHash: stranger)
        _ = try await storage.changeKey(KeyChange(keyID: AccountKeyStorageTests.first, signingKey: AccountKeyStorageTests.signing, replaces: nil, unchangedSince: 0), in: alice)

        #expect(try await storage.registerDeviceKey(Self.registration(1), forTokenHash: phone))
        #expect(try await storage.registerDeviceKey(Self.registration(2), forTokenHash: phone))
        let listed = Dictionary(uniqueKeysWithValues: try await storage.devices(in: alice).map { ($0.tokenHash, $0.key) })
        #expect(listed[phone] == Self.registration(2), "the latest registration replaces the one before")
        #expect(listed[laptop] == .some(nil))

        let handOver = Self.handOver(to: AccountKeyStorageTests.second, replacing: AccountKeyStorageTests.first, 5)
        let rotated = try await storage.changeKey(
            Self.rotation(to: AccountKeyStorageTests.second, replacing: AccountKeyStorageTests.first, handOvers: [DeviceTokenID(tokenHash: phone): handOver]), in: alice)
        guard case .changed = rotated else { Issue.record("\(rotated)"); return }
        #expect(try await storage.keyHandOver(forTokenHash: phone) == handOver)
        #expect(try await storage.keyHandOver(forTokenHash: laptop) == nil)
        #expect(try await storage.keyHandOver(forTokenHash: stranger) == nil)

        _ = try await storage.changeKey(Self.rotation(to: Self.third, replacing: AccountKeyStorageTests.second), in: alice)
        #expect(try await storage.keyHandOver(forTokenHash: phone) == nil, "a rotation that hands nothing to the phone forgets the one before")
        #expect(try await !storage.registerDeviceKey(Self.registration(3), forTokenHash: phone), "signed with a key the account left")
        let kept = try await storage.devices(in: alice).first { $0.tokenHash == phone }?.key
        #expect(kept == Self.registration(2))
    }

    @Test(arguments: StorageBackEnd.allCases)
    func aRotationSealsEveryLiveShareAnewOrNothingChanges(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(DeviceToken.generate()))
        _ = try await storage.changeKey(KeyChange(keyID: AccountKeyStorageTests.first, signingKey: AccountKeyStorageTests.signing, replaces: nil, unchangedSince: 0), in: alice)
        let (share, _) = try ShareStorageTests.newShare()
        _ = try await storage.createShare(share, of: alice)

        let missing = try await storage.changeKey(Self.rotation(to: AccountKeyStorageTests.second, replacing: AccountKeyStorageTests.first), in: alice)
        #expect(missing == .sharesDiffer)
        #expect(try await storage.changes(in: alice, after: 0, limit: 1).keyID == AccountKeyStorageTests.first, "the key stays")
        let stranger = ShareID.random()
        let resealed = try SealedContent(bytes: [SealedContent.formatVersion] + AccountKeyStorageTests.second.bytes + Array(repeating: 6, count: 80))
        let foreign = try await storage.changeKey(
            Self.rotation(to: AccountKeyStorageTests.second, replacing: AccountKeyStorageTests.first, shareRecords: [share.id: resealed, stranger: resealed]), in: alice)
        #expect(foreign == .sharesDiffer, "a share the account does not have")
        #expect(try await storage.shares(of: alice).map(\.record) == [share.record], "refused, nothing changed")

        let rotated = try await storage.changeKey(
            Self.rotation(to: AccountKeyStorageTests.second, replacing: AccountKeyStorageTests.first, shareRecords: [share.id: resealed]), in: alice)
        guard case .changed(let changed, _) = rotated else { Issue.record("\(rotated)"); return }
        #expect(changed.keyID == AccountKeyStorageTests.second)
        #expect(try await storage.shares(of: alice).map(\.record) == [resealed])
    }

    /// Another instance changes the key and holds the account's row; a registration under the
    /// key it replaces waits for it, then is not kept.
    @Test func aRegistrationWaitingOnAKeyChangeIsNotKeptUnderTheKeyItReplaced() async throws {
        let cluster = try PostgresCluster.shared()
        let url = try cluster.makeDatabase()
        let database = try #require(url.split(separator: "/").last.map(String.init))
        let storage = try await StorageBackEnd.postgres(at: url)
        let phone = DeviceToken.hash(DeviceToken.generate())
        let alice = try await storage.addDevice(toAccount: "alice", tokenHash: phone)
        _ = try await storage.changeKey(KeyChange(keyID: AccountKeyStorageTests.first, signingKey: AccountKeyStorageTests.signing, replaces: nil, unchangedSince: 0), in: alice)

        let logger = Logger(label: "key-change") { _ in SwiftLogNoOpLogHandler() }
        let configuration = PostgresConnection.Configuration(
            host: "127.0.0.1", port: cluster.port, username: PostgresCluster.user, password: nil, database: database, tls: .disable)
        let keyChange = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        try await keyChange.query("BEGIN", logger: logger)
        try await keyChange.query("UPDATE account SET key_id = \(Data(AccountKeyStorageTests.second.bytes)) WHERE id = \(alice.id)", logger: logger)
        let registering = Task { try await storage.registerDeviceKey(Self.registration(1), forTokenHash: phone) }
        let waiting = await waitUntil {
            try cluster.query("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'", database: database)
                .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
        }
        try await keyChange.query("COMMIT", logger: logger)
        #expect(waiting, "the registration waits for the key change")
        #expect(try await !registering.value, "read again after the change, the key is not the one that signed")
        try await keyChange.close()
    }
}
