import Foundation
import JournalTesting
import MoodKit
import MoodSealing
import MoodStore
@testable import MoodSync
import SyncProtocol
import SyncTesting
import Testing

/// The key a login settles on, against the server's own rules.
@Suite struct AccountKeyLoginTests {
    private func settle(_ remote: InMemoryRemote, _ journal: TemporaryJournal, given: String? = nil) async throws -> AccountKeyLogin.Outcome {
        try await AccountKeyLogin.settle(try await remote.accountInfo(), remote: remote, store: journal.store, given: given) { nil }
    }

    /// An account made before moods were sealed: it holds a plain mood and has no key.
    private func uploadPlainMood(to remote: InMemoryRemote) async throws {
        let mood = Mood(id: UUID(), date: Date(), level: .good, note: "old", creatorID: "laptop", modifiedAt: Date())
        _ = try await remote.upload([MoodUpload(id: mood.id, payload: .plain(MoodContent(mood)), baseVersion: nil)])
    }

    @Test func aNewAccountGetsANewKeyAndALostAnswerStillShowsItsPhrase() async throws {
        let remote = try await InMemoryRemote()
        let journal = try TemporaryJournal()
        remote.loseResponses()
        await #expect(throws: RemoteError.self) { try await settle(remote, journal) }
        let keyID = try #require(try await remote.accountInfo().keyID, "the server took the key")
        let again = try await settle(remote, journal)
        guard case .made(let key) = again else { Issue.record("\(again): the phrase was never shown"); return }
        #expect(key.id == keyID)
    }

    @Test func aGivenPhraseIsCheckedEvenWhenTheJournalHoldsTheKey() async throws {
        let remote = try await InMemoryRemote()
        let journal = try TemporaryJournal()
        let key = try #require(try await settle(remote, journal).key)
        try SyncSettings.logIn(SyncAccount(server: URL(string: "http://127.0.0.1:1")!, token: "t"), identity: remote.accountID,
                               key: key, existingMoods: .keep, in: journal.store)
        await #expect(throws: AccountKeyLoginError.wrongPhrase(account: "test")) {
            try await settle(remote, journal, given: RecoveryPhrase.phrase(for: AccountKey()))
        }
        #expect(try await settle(remote, journal) == .known(key))
    }

    @Test func aServerThatForgotTheKeyDoesNotTurnTheJournalPlain() async throws {
        let remote = try await InMemoryRemote()
        let journal = try TemporaryJournal()
        let key = AccountKey()
        try SyncSettings.logIn(SyncAccount(server: URL(string: "http://127.0.0.1:1")!, token: "t"), identity: remote.accountID,
                               key: key, existingMoods: .keep, in: journal.store)
        await #expect(throws: AccountKeyLoginError.keyUnknownToServer(account: "test")) { try await settle(remote, journal) }
        #expect(try await remote.accountInfo().keyID == nil, "nothing offered")
    }

    @Test func anAccountHoldingPlainMoodsStaysPlain() async throws {
        let remote = try await InMemoryRemote()
        try await uploadPlainMood(to: remote)
        #expect(try await settle(remote, try TemporaryJournal()) == .plainAccount)
    }

    @Test func aNewAccountIsNeverTurnedPlainByAServerThatTakesNoKey() async throws {
        let remote = try await InMemoryRemote()
        let journal = try TemporaryJournal()
        let info = try await remote.accountInfo()
        remote.fail(with: .changesSince("this account holds moods that are not encrypted"))  // the key offer, refused
        await #expect(throws: AccountKeyLoginError.keyRefusedWithoutPlainMoods(account: "test")) {
            try await AccountKeyLogin.settle(info, remote: remote, store: journal.store, given: nil) { nil }
        }
        #expect(try await remote.accountInfo().keyID == nil)
    }

    @Test func aGivenPhraseIsNeverTurnedPlainByAServerThatTakesNoKey() async throws {
        let remote = try await InMemoryRemote()
        try await uploadPlainMood(to: remote)
        await #expect(throws: AccountKeyLoginError.keyRefused(account: "test")) {
            try await settle(remote, try TemporaryJournal(), given: RecoveryPhrase.phrase(for: AccountKey()))
        }
    }
}
