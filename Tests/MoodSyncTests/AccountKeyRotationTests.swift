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

/// `moodtui key rotate` against the server's rules: the moods end sealed with the new key, and a
/// run cut off after the server took the key is finished by the next one.
@Suite struct AccountKeyRotationTests {
    private let logger = Logger(label: "rotation-test") { _ in SwiftLogNoOpLogHandler() }

    /// A journal logged in to `remote`'s account with the account's key (a new one for a new
    /// account), holding `notes` synced.
    private func device(
        _ remote: InMemoryRemote, phrase: String? = nil, notes: [String] = [], wallClock: WallClock = .system
    ) async throws -> TemporaryJournal {
        let journal = try await loggedInJournal(remote, phrase: phrase, wallClock: wallClock)
        for note in notes { try await journal.store.write(origin: .ui) { _ = try $0.add(MoodEntry(level: .good, note: note)) } }
        _ = try await SyncCoordinator(store: journal.store, remote: remote, logger: logger).syncOnce()
        return journal
    }

    private func sealingKeys(_ remote: InMemoryRemote) async throws -> Set<AccountKeyID> {
        Set(try await remote.serverMoods().values.compactMap { mood in
            if case .sealed(let sealed) = mood.payload { sealed.keyID } else { nil }
        })
    }

    @Test func aRotationCutOffAfterTheServerTookTheKeyIsFinishedByTheNextRun() async throws {
        let remote = try await InMemoryRemote()
        let journal = try await device(remote, notes: ["one", "two"])
        let old = try #require(try await journal.store.read { try SyncSettings.accountKey(in: $0) })
        #expect(try await sealingKeys(remote) == [old.id])

        let new = try await AccountKeyChange.rotationKey(store: journal.store, remote: remote)
        #expect(new.id != old.id)
        remote.loseResponses()  // the answer to the key change
        await #expect(throws: RemoteError.self) {
            try await AccountKeyChange.rotate(to: new, revoking: [], store: journal.store, remote: remote, logger: logger)
        }
        #expect(try await remote.accountInfo().keyID == new.id, "the server took the key")
        #expect(try await journal.store.read { try SyncSettings.accountKey(in: $0) } == old, "the journal never heard")

        let resumed = try await AccountKeyChange.rotationKey(store: journal.store, remote: remote)
        #expect(resumed == new, "the next run goes on with the key the server took")
        let rotation = try await AccountKeyChange.rotate(to: resumed, revoking: [], store: journal.store, remote: remote, logger: logger)
        #expect(rotation.report.uploaded == 2)
        #expect(rotation.handedOver == nil, "the run before handed the key over")
        #expect(try await journal.store.read { try SyncSettings.accountKey(in: $0) } == new)
        #expect(try await sealingKeys(remote) == [new.id], "every mood on the server is sealed with the new key")
    }

    @Test func aMoodDeletedInItsUndoWindowDuringTheRotationAndThenUndoneGoesUpWithTheNewKey() async throws {
        let remote = try await InMemoryRemote()
        // The journal's time stands still: the undo window cannot close during the rotation, however slow.
        let journal = try await device(remote, notes: ["kept", "deleted, then undone"], wallClock: VirtualClock().wallClock)
        let undone = try #require(try await journal.store.read { try $0.moods(MoodFilter(), order: .newestFirst) }.first { $0.note.hasPrefix("deleted") })
        try await journal.store.write(origin: .ui) { try $0.markForDeletion(undone.id, undo: .offered) }

        let new = try await AccountKeyChange.rotationKey(store: journal.store, remote: remote)
        _ = try await AccountKeyChange.rotate(to: new, revoking: [], store: journal.store, remote: remote, logger: logger)
        try await journal.store.write(origin: .ui) { try $0.unmarkForDeletion(undone.id) }
        _ = try await SyncCoordinator(store: journal.store, remote: remote, logger: logger).syncOnce()
        #expect(try await sealingKeys(remote) == [new.id], "the undone mood's old copy stayed sealed with the old key")
    }

    @Test func keyEnterFinishesAKeyChangeThisJournalMadeButNeverHeardTheAnswerOf() async throws {
        let remote = try await InMemoryRemote()
        let journal = try await device(remote, notes: ["one"])
        let new = try await AccountKeyChange.rotationKey(store: journal.store, remote: remote)
        remote.loseResponses()
        _ = try? await AccountKeyChange.rotate(to: new, revoking: [], store: journal.store, remote: remote, logger: logger)

        let outcome = try await AccountKeyLogin.settle(try await remote.accountInfo(), remote: remote, store: journal.store, given: nil) { nil }
        #expect(outcome == .made(new))
        try AccountKeyChange.adopt(new, in: journal.store)
        _ = try await SyncCoordinator(store: journal.store, remote: remote, logger: logger).syncOnce()
        #expect(try await sealingKeys(remote) == [new.id], "the moods went up again sealed with the key")
    }

    @Test func aDeviceWithoutTheAccountsKeyCannotRotateIt() async throws {
        let remote = try await InMemoryRemote()
        let laggard = try await device(remote)
        let phrase = RecoveryPhrase.phrase(for: try #require(try await laggard.store.read { try SyncSettings.accountKey(in: $0) }))
        let rotator = try await device(remote.anotherDevice(), phrase: phrase)
        let key = try await AccountKeyChange.rotationKey(store: rotator.store, remote: remote)
        _ = try await AccountKeyChange.rotate(to: key, revoking: [], store: rotator.store, remote: remote, logger: logger)
        await #expect(throws: AccountKeyChangeError.keyNotHeld) {
            try await AccountKeyChange.rotationKey(store: laggard.store, remote: remote)
        }
    }
}
