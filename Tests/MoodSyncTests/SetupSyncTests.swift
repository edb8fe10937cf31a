import Foundation
import JournalTesting
import Logging
import MoodKit
import MoodSealing
import MoodStore
@testable import MoodSync
import SyncProtocol
import SyncTesting
import Testing

/// The processor of scales' definitions, against the server's own rules in memory: it asks the
/// server only when something changed, stores only on the version it read (fetching and merging
/// again when another device stored first), and ends where every device agrees.
@Suite struct SetupSyncTests {
    private let logger = Logger(label: "setup-test") { _ in SwiftLogNoOpLogHandler() }
    private let sleep = try! ScaleName.normalized("sleep"), pain = try! ScaleName.normalized("pain")

    private func syncOnce(_ journal: TemporaryJournal, _ remote: InMemoryRemote) async throws {
        _ = try await SyncCoordinator(store: journal.store, remote: remote, logger: logger).syncOnce()
    }

    private func names(_ journal: TemporaryJournal) throws -> [String] {
        try journal.store.read { try $0.scales() }.map(\.name.value.text)
    }

    @Test func anAccountWithoutScalesNeverAsksForThem() async throws {
        let remote = try await InMemoryRemote()
        let journal = try await loggedInJournal(remote)
        try await syncOnce(journal, remote)
        _ = try await journal.store.write(origin: .ui) { try $0.add(MoodEntry(level: .good)) }
        try await syncOnce(journal, remote)
        #expect(!remote.requests.contains(.setup) && !remote.requests.contains(.storeSetup))
    }

    @Test func aStoreRacedByAnotherDeviceFetchesMergesAndStoresBoth() async throws {
        let laptopRemote = try await InMemoryRemote()
        let laptop = try await loggedInJournal(laptopRemote)
        try await syncOnce(laptop, laptopRemote)
        let key = try #require(try await laptop.store.read { try SyncSettings.accountKey(in: $0) })
        let phoneRemote = laptopRemote.anotherDevice()
        let phone = try await loggedInJournal(phoneRemote, phrase: RecoveryPhrase.phrase(for: key))
        try await syncOnce(phone, phoneRemote)

        _ = try await laptop.store.write(origin: .commandLine) { try $0.addScale(sleep, kind: .yesNo) }
        _ = try await phone.store.write(origin: .commandLine) { try $0.addScale(pain, kind: .range(0...10)) }
        let (phoneStore, logger) = (phone.store, logger)
        laptopRemote.beforeNextSetupStore {
            _ = try await SyncCoordinator(store: phoneStore, remote: phoneRemote, logger: logger).syncOnce()
        }
        try await syncOnce(laptop, laptopRemote)
        try await syncOnce(phone, phoneRemote)

        #expect(try names(laptop) == ["pain", "sleep"])
        #expect(try names(phone) == ["pain", "sleep"])
        #expect(laptopRemote.requests.filter { $0 == .storeSetup }.count == 2, "stored again after the race")
        let stored = try await laptopRemote.storage.setup(of: laptopRemote.account)
        guard case .sealed(let sealed) = stored.payload else { Issue.record("not sealed: \(stored)"); return }
        let content = try SetupSeal.open(sealed, account: laptopRemote.accountID, key: key)
        #expect(content.scales.values.map(\.name.value.text).sorted() == ["pain", "sleep"])
    }

    /// A setup under the account's own key that does not open (changed on the way, or bytes a
    /// token without the key wrote) is written over with the journal's scales: a stolen token
    /// cannot freeze the account's setup.
    @Test func aSetupThatDoesNotOpenUnderTheAccountsKeyIsWrittenOverWithTheJournals() async throws {
        let remote = try await InMemoryRemote()
        let journal = try await loggedInJournal(remote)
        try await syncOnce(journal, remote)
        let key = try #require(try await journal.store.read { try SyncSettings.accountKey(in: $0) })
        _ = try await journal.store.write(origin: .commandLine) { try $0.addScale(sleep, kind: .yesNo) }
        try await syncOnce(journal, remote)
        let forged = SetupPayload.sealed(try SealedContent(bytes: [SealedContent.formatVersion] + key.id.bytes + Array(repeating: 7, count: 80)))
        _ = try await remote.storage.storeSetup(SetupUpload(baseVersion: 1, payload: forged), in: remote.account, from: nil)

        _ = try await journal.store.write(origin: .commandLine) { try $0.addScale(pain, kind: .range(0...10)) }
        try await syncOnce(journal, remote)
        let stored = try await remote.storage.setup(of: remote.account)
        #expect(stored.version == 3)
        guard case .sealed(let sealed) = stored.payload else { Issue.record("not sealed: \(stored)"); return }
        let content = try SetupSeal.open(sealed, account: remote.accountID, key: key)
        #expect(content.scales.values.map(\.name.value.text).sorted() == ["pain", "sleep"])
        #expect(try names(journal) == ["pain", "sleep"])
    }
}
