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

/// Every device of the owner keeps a share filled from the server's copy of the account: the
/// share ends holding exactly the moods its scope admits, at their latest version, whichever
/// device wrote, in whichever order, and whoever wrote the entry of a mood later deleted.
@Suite struct SharePublisherTests {
    private let logger = Logger(label: "share-test") { _ in SwiftLogNoOpLogHandler() }

    private func phrase(_ journal: TemporaryJournal) async throws -> String {
        RecoveryPhrase.phrase(for: try #require(try await journal.store.read { try SyncSettings.accountKey(in: $0) }))
    }

    @discardableResult
    private func sync(_ journal: TemporaryJournal, _ remote: InMemoryRemote) async throws -> SyncReport {
        try await SyncCoordinator(store: journal.store, remote: remote, logger: logger).syncOnce()
    }

    /// Milliseconds since 1970 of a few days in 2026, at 10:00 UTC.
    private static let august3 = Int64(1_785_751_200_000), september1 = Int64(1_788_220_800_000)
    private static let september3 = Int64(1_788_429_600_000), september4 = Int64(1_788_516_000_000)

    private func add(_ journal: TemporaryJournal, _ note: String, on milliseconds: Int64) throws -> Mood {
        try journal.store.write(origin: .ui) { try $0.add(MoodEntry(level: .good, note: note, date: Date(millisecondsSince1970: milliseconds))) }
    }

    /// What the share holds on the server, opened with its key: notes by mood, the moods it
    /// shows only, and the source version of each entry.
    private func shareContents(_ invitation: ShareInvitation, _ remote: InMemoryRemote) async throws -> (shown: [UUID: String], sources: [UUID: Int64]) {
        let owner = remote.account
        let share = try #require(try await remote.storage.shareAccount(invitation.share, of: owner))
        var shown: [UUID: String] = [:], sources: [UUID: Int64] = [:]
        for change in try await remote.storage.changes(in: share, after: 0, limit: 10_000).changes {
            guard case .upsert(let synced) = change, case .sealed(let sealed) = synced.payload else { continue }
            let entry = try ShareSeal.open(sealed, entryID: synced.id, share: invitation.share, key: invitation.key)
            sources[entry.mood] = entry.source
            if let content = entry.content { shown[entry.mood] = content.note }
        }
        return (shown, sources)
    }

    @Test func twoDevicesInEitherOrderLeaveTheShareAtTheLatestVersionOfEachMoodInScope() async throws {
        for laptopFirst in [true, false] {
            let remote = try await InMemoryRemote()
            let laptop = try await loggedInJournal(remote)
            let phone = try await loggedInJournal(remote.anotherDevice(), phrase: try await phrase(laptop))
            let inside = try add(laptop, "inside", on: Self.september3)
            _ = try add(laptop, "before", on: Self.august3)
            try await sync(laptop, remote)
            try await sync(phone, remote)
            let invitation = try await AccountShares.add(
                name: try ShareName("therapist"), scope: ShareScope(since: Self.september1),
                expiresAt: nil, server: URL(string: "http://127.0.0.1:1")!, store: laptop.store, remote: remote, logger: logger)

            // The phone edits; the laptop has not downloaded the edit when it fills the share.
            try await phone.store.write(origin: .ui) { try $0.edit(inside.id, note: "edited on the phone") }
            let (first, second) = laptopFirst ? (laptop, phone) : (phone, laptop)
            try await sync(first, remote)
            try await sync(second, remote)
            try await sync(laptop, remote)
            let contents = try await shareContents(invitation, remote)
            #expect(contents.shown == [inside.id: "edited on the phone"], "laptop first: \(laptopFirst)")
            let version = try #require(try await remote.serverMoods()[inside.id]?.version)
            #expect(contents.sources[inside.id] == version, "the entry is made from the server's latest version")
        }
    }

    @Test func aDeletionReachesTheShareFromADeviceThatNeverWroteIt() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try await loggedInJournal(remote)
        let phone = try await loggedInJournal(remote.anotherDevice(), phrase: try await phrase(laptop))
        let mood = try add(laptop, "to be deleted", on: Self.september3)
        try await sync(laptop, remote)
        let invitation = try await AccountShares.add(
            name: try ShareName("partner"), scope: ShareScope(), expiresAt: nil, server: URL(string: "http://127.0.0.1:1")!,
            store: laptop.store, remote: remote, logger: logger)
        #expect(try await sync(laptop, remote).shared == 1)
        #expect(try await shareContents(invitation, remote).shown.keys.contains(mood.id))

        try await sync(phone, remote)
        try await phone.store.write(origin: .ui) { try $0.markForDeletion(mood.id, undo: .notOffered) }
        let report = try await sync(phone, remote)
        #expect(report.deleted == 1 && report.shared == 1, "the phone learned from the share's log that the mood is in it")
        let contents = try await shareContents(invitation, remote)
        #expect(contents.shown.isEmpty)
        #expect(contents.sources[mood.id] == ShareEntry.deleted)
        #expect(try await sync(laptop, remote).shared == 0, "nothing is written twice")
    }

    @Test func anEndedShareIsForgottenAndFilledNoMore() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try await loggedInJournal(remote)
        let phone = try await loggedInJournal(remote.anotherDevice(), phrase: try await phrase(laptop))
        _ = try add(laptop, "one", on: Self.september3)
        try await sync(laptop, remote)
        _ = try await AccountShares.add(
            name: try ShareName("partner"), scope: ShareScope(), expiresAt: nil, server: URL(string: "http://127.0.0.1:1")!,
            store: laptop.store, remote: remote, logger: logger)
        try await sync(phone, remote)
        #expect(try await phone.store.read { try $0.shares() }.count == 1, "the phone lists the share made on the laptop")
        _ = try await AccountShares.revoke(named: "Partner", store: laptop.store, remote: remote, logger: logger)
        _ = try add(phone, "two", on: Self.september4)
        #expect(try await sync(phone, remote).shared == 0)
        #expect(try await phone.store.read { try $0.shares() }.isEmpty)
        await #expect(throws: AccountSharesError.noSuchShare("partner", known: [])) {
            _ = try await AccountShares.revoke(named: "partner", store: laptop.store, remote: remote, logger: logger)
        }
    }

    @Test func aShareEndedHereIsNotTakenUpAgainWhenTheServerListsItAgain() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try await loggedInJournal(remote)
        _ = try add(laptop, "one", on: Self.september3)
        try await sync(laptop, remote)
        let invitation = try await AccountShares.add(
            name: try ShareName("partner"), scope: ShareScope(), expiresAt: nil, server: URL(string: "http://127.0.0.1:1")!,
            store: laptop.store, remote: remote, logger: logger)
        let listing = try #require(try await remote.shares().first)
        _ = try await AccountShares.revoke(named: "partner", store: laptop.store, remote: remote, logger: logger)

        // The server (or a stolen token) makes it again with its old record.
        let again = ShareCreationRequest(
            id: listing.id, readerTokenHash: ShareToken.hash(invitation.token), keyID: invitation.key.id,
            signingKey: invitation.key.signingKey, expiresAt: nil, record: listing.record)
        _ = try await remote.storage.createShare(NewShare(again), of: remote.account)
        _ = try add(laptop, "two", on: Self.september4)
        #expect(try await sync(laptop, remote).shared == 0, "nothing is sealed for a share this device saw end")
        #expect(try await laptop.store.read { try $0.shares() }.isEmpty)
    }

    @Test func anEntryTheServerHoldsThatDoesNotOpenIsWrittenOver() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try await loggedInJournal(remote)
        let mood = try add(laptop, "first", on: Self.september3)
        try await sync(laptop, remote)
        let invitation = try await AccountShares.add(
            name: try ShareName("partner"), scope: ShareScope(), expiresAt: nil, server: URL(string: "http://127.0.0.1:1")!,
            store: laptop.store, remote: remote, logger: logger)
        try await sync(laptop, remote)

        // A hostile server (or a stolen token) puts bytes that do not open over the entry.
        let share = try #require(try await remote.storage.shareAccount(invitation.share, of: remote.account))
        let entryID = ShareSeal.entryID(for: mood.id, key: invitation.key)
        let current = try #require(try await remote.storage.changes(in: share, after: 0, limit: 10).changes.first)
        guard case .upsert(let held) = current else { Issue.record("no entry"); return }
        let garbage = try SealedContent(bytes: [SealedContent.formatVersion] + invitation.key.id.bytes + Array(repeating: 7, count: 80))
        _ = try await remote.storage.upsert([MoodUpload(id: entryID, payload: .sealed(garbage), baseVersion: held.version)], in: share)

        try await laptop.store.write(origin: .ui) { try $0.edit(mood.id, note: "second") }
        try await sync(laptop, remote)
        #expect(try await shareContents(invitation, remote).shown == [mood.id: "second"])
    }

    @Test func aShareTheServerRefusesWritesForDoesNotStopTheAccountsSync() async throws {
        let remote = try await InMemoryRemote()
        let laptop = try await loggedInJournal(remote)
        _ = try add(laptop, "first", on: Self.september3)
        try await sync(laptop, remote)
        let invitation = try await AccountShares.add(
            name: try ShareName("partner"), scope: ShareScope(), expiresAt: nil, server: URL(string: "http://127.0.0.1:1")!,
            store: laptop.store, remote: remote, logger: logger)
        // The share's account moves to a key no device has: every write into it is refused.
        let share = try #require(try await remote.storage.shareAccount(invitation.share, of: remote.account))
        let other = AccountKey(), latest = try await remote.storage.changes(in: share, after: 0, limit: 0).latestSequence
        let changed = try await remote.storage.changeKey(
            KeyChange(keyID: other.id, signingKey: other.signingKey, replaces: invitation.key.id, unchangedSince: latest), in: share)
        guard case .changed = changed else { Issue.record("the share's key did not change: \(changed)"); return }

        _ = try add(laptop, "second", on: Self.september4)
        let report = try await sync(laptop, remote)
        #expect(report.uploaded == 1 && report.shared == 0, "the account's own moods go up; the share is skipped")
        #expect(try await remote.serverMoods().count == 2)
    }

    @Test func anAccountWithoutAKeyCannotShare() async throws {
        let remote = try await InMemoryRemote()
        let journal = try TemporaryJournal()
        try SyncSettings.logIn(
            SyncAccount(server: URL(string: "http://127.0.0.1:1")!, token: "t"), identity: remote.accountID, key: nil, existingMoods: .keep,
            in: journal.store)
        await #expect(throws: AccountSharesError.notSealed) {
            _ = try await AccountShares.add(
                name: try ShareName("x"), scope: ShareScope(), expiresAt: nil, server: URL(string: "http://127.0.0.1:1")!, store: journal.store,
                remote: remote, logger: logger)
        }
    }
}
