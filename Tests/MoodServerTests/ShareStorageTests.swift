import AppTesting
import Foundation
import JournalTesting
import MoodServer
import ServerStorage
import SyncProtocol
import Testing

/// Shares in every storage back end: an account of their own, tied to the owner's, that one
/// token reads; listed to the owner while live, gone with their moods and token once ended or
/// expired.
@Suite(.hangGuard) struct ShareStorageTests {
    static let shareKey = AccountKeyID(hex: "5ea1ed5ea1ed5ea1")!
    static let signing = AccountSigningKey(bytes: Array(repeating: 9, count: AccountSigningKey.byteCount))!

    /// A share request as an owner's device makes one: a new id and reader token.
    static func newShare(expiresAt: Int64? = nil) throws -> (share: NewShare, token: String) {
        let token = DeviceToken.generate()
        let record = try SealedContent(bytes: [SealedContent.formatVersion] + AccountKeyStorageTests.first.bytes + Array(repeating: 4, count: 80))
        let request = ShareCreationRequest(
            id: .random(), readerTokenHash: ShareTokenHash(bytes: DeviceToken.hash(token))!, keyID: shareKey, signingKey: signing,
            expiresAt: expiresAt, record: record)
        return (NewShare(request), token)
    }

    /// A person's account sealed with the key the shares' records are sealed under.
    private func owner(_ storage: any MoodServerStorage, _ name: String = "alice") async throws -> Account {
        let account = try await storage.addDevice(toAccount: name, tokenHash: DeviceToken.hash(DeviceToken.generate()))
        let key = KeyChange(keyID: AccountKeyStorageTests.first, signingKey: AccountKeyStorageTests.signing, replaces: nil, unchangedSince: 0)
        let changed = try await storage.changeKey(key, in: account)
        guard case .changed(let sealed, _) = changed else {
            Issue.record("the owner's key was not taken: \(changed)")
            return account
        }
        return sealed
    }

    @Test(arguments: StorageBackEnd.allCases)
    func aRecordNotSealedWithTheOwnersKeyAsTheTransactionReadsItMakesNoShare(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await owner(storage)
        let stale = try await storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(DeviceToken.generate()))
        _ = try await storage.changeKey(
            KeyChange(keyID: AccountKeyStorageTests.second, signingKey: AccountKeyStorageTests.signing, replaces: AccountKeyStorageTests.first, unchangedSince: 0),
            in: alice)
        #expect(stale.keyID == AccountKeyStorageTests.first, "read before the rotation, as a request's account is")
        #expect(try await storage.createShare(try Self.newShare().share, of: stale) == .keyChanged)
        #expect(try await storage.shares(of: alice).isEmpty)
    }

    @Test(arguments: StorageBackEnd.allCases)
    func aShareIsAnAccountOfItsOwnThatItsTokenOpensAndTheOwnerWrites(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await owner(storage)
        let (share, token) = try Self.newShare()
        guard case .created(let record) = try await storage.createShare(share, of: alice) else { Issue.record("not created"); return }
        #expect(record.id == share.id && record.record == share.record && record.lastReadAt == nil)

        let opened = try #require(try await storage.account(forTokenHash: DeviceToken.hash(token)))
        #expect(opened.kind == .share(owner: alice.id))
        #expect(opened.keyID == Self.shareKey && opened.signingKey == Self.signing)
        #expect(opened.name == ShareRule.accountName(owner: alice, share: share.id))
        #expect(opened.publicID != alice.publicID)
        #expect(try await storage.shareAccount(share.id, of: alice) == opened)
        let bob = try await owner(storage, "bob")
        #expect(try await storage.shareAccount(share.id, of: bob) == nil, "another account's share is not found")

        let entry = try AccountKeyStorageTests.sealed(Self.shareKey)
        #expect(try await storage.upsert([entry], in: opened).saved.count == 1)
        #expect(try await storage.changes(in: opened, after: 0, limit: 10).changes.map(\.id) == [entry.id])
        #expect(try await storage.changes(in: alice, after: 0, limit: 10).changes.isEmpty, "the owner's own log holds none of it")
        #expect(try await storage.accounts().map(\.name) == ["alice", "bob"], "shares are not people's accounts")
        #expect(try await storage.shares(of: alice) == [record])
        #expect(try await storage.shares(of: bob).isEmpty)
    }

    @Test(arguments: StorageBackEnd.allCases)
    func theSameShareTwiceIsFoundNotMadeAndTheLimitHolds(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await owner(storage)
        let (share, _) = try Self.newShare()
        guard case .created(let record) = try await storage.createShare(share, of: alice) else { Issue.record("not created"); return }
        #expect(try await storage.createShare(share, of: alice) == .exists(record))
        for _ in 1..<SyncLimits.maximumSharesPerAccount {
            guard case .created = try await storage.createShare(try Self.newShare().share, of: alice) else { Issue.record("not created"); return }
        }
        #expect(try await storage.createShare(try Self.newShare().share, of: alice) == .limitReached)
        #expect(try await storage.shares(of: alice).count == SyncLimits.maximumSharesPerAccount)
    }

    @Test(arguments: StorageBackEnd.allCases)
    func endingAShareDeletesItsMoodsAndTokenAndSaysSo(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await owner(storage)
        let (share, token) = try Self.newShare()
        _ = try await storage.createShare(share, of: alice)
        let account = try #require(try await storage.shareAccount(share.id, of: alice))
        _ = try await storage.upsert([try AccountKeyStorageTests.sealed(Self.shareKey)], in: account)
        let revocations = try storage.tokenRevocations()
        var heard = revocations.makeAsyncIterator()

        #expect(try await storage.deleteShare(share.id, of: alice))
        #expect(try await storage.deleteShare(share.id, of: alice) == false, "ended already")
        #expect(try await storage.account(forTokenHash: DeviceToken.hash(token)) == nil)
        #expect(try await storage.revokedTokenHashes(among: [DeviceToken.hash(token)]) == [DeviceToken.hash(token)])
        #expect(try await storage.shareAccount(share.id, of: alice) == nil)
        #expect(try await storage.shares(of: alice).isEmpty)
        #expect(await heard.next() != nil, "the server is told, so that the token's socket closes")
    }

    @Test(arguments: StorageBackEnd.allCases)
    func anExpiredShareOpensNothingAtOnceAndTheSweepDeletesIt(_ backEnd: StorageBackEnd) async throws {
        let clock = TestWallClock()
        let storage = try await backEnd.make(clock: clock.wallClock)
        let alice = try await owner(storage)
        let expiresAt = Date().addingTimeInterval(3_600).millisecondsSince1970
        let (share, token) = try Self.newShare(expiresAt: expiresAt)
        let (lasting, lastingToken) = try Self.newShare()
        _ = try await storage.createShare(share, of: alice)
        _ = try await storage.createShare(lasting, of: alice)
        #expect(try await storage.deleteExpiredShares() == 0)
        #expect(try await storage.shares(of: alice).map(\.expiresAt) == [expiresAt, nil])

        clock.set(offset: 3_601)
        #expect(try await storage.account(forTokenHash: DeviceToken.hash(token)) == nil, "the token stops at its time")
        #expect(try await storage.shareAccount(share.id, of: alice) == nil)
        #expect(try await storage.shares(of: alice).map(\.id) == [lasting.id])
        #expect(try await storage.deleteExpiredShares() == 1)
        #expect(try await storage.deleteExpiredShares() == 0)
        #expect(try await storage.account(forTokenHash: DeviceToken.hash(lastingToken)) != nil)
    }

    @Test(arguments: StorageBackEnd.allCases)
    func revokingTheOwnersTokensStopsItsSharesToo(_ backEnd: StorageBackEnd) async throws {
        let storage = try await backEnd.make()
        let alice = try await owner(storage)
        let (share, token) = try Self.newShare()
        _ = try await storage.createShare(share, of: alice)
        #expect(try await storage.revokeAllTokens(ofAccount: "alice") == 2)
        #expect(try await storage.account(forTokenHash: DeviceToken.hash(token)) == nil)
    }

    @Test(arguments: StorageBackEnd.allCases)
    func theRecipientsReadsAreNotedAMinuteApartAtMost(_ backEnd: StorageBackEnd) async throws {
        let clock = TestWallClock()
        let storage = try await backEnd.make(clock: clock.wallClock)
        let alice = try await owner(storage)
        let (share, _) = try Self.newShare()
        _ = try await storage.createShare(share, of: alice)
        let account = try #require(try await storage.shareAccount(share.id, of: alice))

        try await storage.noteShareRead(account)
        let first = try #require(try await storage.shares(of: alice).first?.lastReadAt)
        clock.set(offset: 30)
        try await storage.noteShareRead(account)
        #expect(try await storage.shares(of: alice).first?.lastReadAt == first, "30 s later: not noted again")
        clock.set(offset: 61)
        try await storage.noteShareRead(account)
        #expect(try #require(try await storage.shares(of: alice).first?.lastReadAt) >= first + 61_000)
        try await storage.noteShareRead(alice)
        #expect(try await storage.shares(of: alice).count == 1, "a person's account has no reads to note")
    }
}
