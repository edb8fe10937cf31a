import AppTesting
import Foundation
import HTTPTypes
import JournalTesting
import MoodSealing
import MoodServer
import ServerStorage
import SyncProtocol
import Testing

/// The share routes on a live server: the owner makes, lists, fills and ends a share; its token
/// reads the share's feed and push socket and nothing else; an ended or expired share's token
/// stops at once and its socket closes.
@Suite(.hangGuard) struct ShareRoutesTests {
    /// Alice's account given a key, as her first device gives it one.
    private static func sealAlice(_ server: TestServer) async throws -> (AccountKey, Account) {
        let key = AccountKey()
        let alice = try #require(try await server.storage.account(forTokenHash: DeviceToken.hash(server.aliceToken)))
        guard case .changed(let sealed, _) = try await server.storage.changeKey(
            KeyChange(keyID: key.id, signingKey: key.signingKey, replaces: nil, unchangedSince: 0), in: alice)
        else { throw SetupFailure("alice's account did not take a key") }
        return (key, sealed)
    }

    struct SetupFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A share request whose record is sealed (as far as the server can tell) with `accountKey`.
    private static func request(
        sealedWith accountKey: AccountKeyID, shareKey: AccountKey, token: String, expiresAt: Int64? = nil
    ) throws -> ShareCreationRequest {
        ShareCreationRequest(
            id: .random(), readerTokenHash: ShareTokenHash(bytes: DeviceToken.hash(token))!, keyID: shareKey.id,
            signingKey: shareKey.signingKey, expiresAt: expiresAt,
            record: try SealedContent(bytes: [SealedContent.formatVersion] + accountKey.bytes + Array(repeating: 1, count: 90)))
    }

    private static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    private static func code(_ answer: (status: HTTPResponse.Status, body: Data, headers: HTTPFields)) -> SyncErrorCode? {
        try? JSONDecoder().decode(ErrorResponse.self, from: answer.body).code
    }

    /// An entry sealed, as the server sees it, with the share's key.
    private static func entry(_ shareKey: AccountKey) throws -> MoodUpload {
        try AccountKeyStorageTests.sealed(shareKey.id)
    }

    @Test(arguments: [StorageBackEnd.inMemory, .sqlite])
    func aShareTokenReadsItsShareAndNothingElse(_ backEnd: StorageBackEnd) async throws {
        try await TestServer.run(backEnd) { server in
            let (key, _) = try await Self.sealAlice(server)
            let shareKey = AccountKey(), shareToken = DeviceToken.generate()
            let request = try Self.request(sealedWith: key.id, shareKey: shareKey, token: shareToken)
            let made = try await server.alice().raw(.post, SyncEndpoint.shares, body: try Self.json(request))
            #expect(made.status == .created, "\(String(decoding: made.body, as: UTF8.self))")
            let entry = try Self.entry(shareKey)
            let written = try await server.alice().raw(
                .post, SyncEndpoint.shareMoods(request.id), body: try Self.json(UploadRequest(moods: [entry])))
            #expect(written.status == .ok)

            let recipient = APIClient(server.client, token: shareToken)
            let feed = try await recipient.changes()
            #expect(feed.changes.map(\.id) == [entry.id])
            #expect(feed.keyID == shareKey.id, "the recipient checks the share's key against the invitation's")
            #expect(try await recipient.raw(.get, SyncEndpoint.account).status == .ok)
            let ownersView = try JSONDecoder().decode(
                ChangesResponse.self, from: try await server.alice().raw(.get, SyncEndpoint.shareChanges(request.id)).body)
            #expect(ownersView.changes.map(\.id) == [entry.id])
            #expect(try await server.alice().changes().changes.isEmpty, "the owner's own feed holds none of it")

            let upload = try Self.json(UploadRequest(moods: [try Self.entry(shareKey)]))
            let refused: [(HTTPRequest.Method, String, String?)] = [
                (.post, SyncEndpoint.moods, upload), (.post, SyncEndpoint.deletions, #"{"deletions": []}"#),
                (.put, SyncEndpoint.accountKey, "{}"), (.put, SyncEndpoint.accountHead, "{}"), (.get, SyncEndpoint.devices, nil),
                (.delete, SyncEndpoint.device(DeviceTokenID(tokenHash: DeviceToken.hash(server.aliceToken))), nil),
                (.get, SyncEndpoint.shares, nil), (.post, SyncEndpoint.shares, try Self.json(request)),
                (.post, SyncEndpoint.shareMoods(request.id), upload), (.get, SyncEndpoint.shareChanges(request.id), nil),
                (.delete, SyncEndpoint.share(request.id), nil),
            ]
            for (method, path, body) in refused {
                let answer = try await recipient.raw(method, path, body: body)
                #expect(answer.status == .forbidden && Self.code(answer) == .readOnly, "\(method) \(path): \(answer.status)")
                // Other spellings of the same path: the router skips empty segments.
                for spelling in [path + "/", "/" + path, path.replacingOccurrences(of: "/v1/", with: "/v1//")] {
                    let answer = try await recipient.raw(method, spelling, body: body)
                    #expect([.forbidden, .notFound].contains(answer.status), "\(method) \(spelling): \(answer.status)")
                }
            }
            #expect(try await recipient.changes().changes.count == 1, "nothing was written")
            let bobs = try await server.bob().raw(.post, SyncEndpoint.shareMoods(request.id), body: upload)
            #expect(bobs.status == .notFound && Self.code(bobs) == .unknownShare, "another account's share is not found")
        }
    }

    @Test func aShareThatCannotBeMadeIsRefusedInWords() async throws {
        try await TestServer.run(.inMemory) { server in
            let shareKey = AccountKey(), token = DeviceToken.generate()
            let plain = try Self.request(sealedWith: AccountKey().id, shareKey: shareKey, token: token)
            let unsealed = try await server.bob().raw(.post, SyncEndpoint.shares, body: try Self.json(plain))
            #expect(unsealed.status == .conflict && Self.code(unsealed) == .keyChanged)
            #expect(String(decoding: unsealed.body, as: UTF8.self).contains("without a key cannot share"))

            let (key, _) = try await Self.sealAlice(server)
            let otherKey = try await server.alice().raw(.post, SyncEndpoint.shares, body: try Self.json(plain))
            #expect(otherKey.status == .conflict && Self.code(otherKey) == .keyChanged)
            let past = try Self.request(sealedWith: key.id, shareKey: shareKey, token: token, expiresAt: 1_000)
            let expired = try await server.alice().raw(.post, SyncEndpoint.shares, body: try Self.json(past))
            #expect(expired.status == .badRequest && Self.code(expired) == .invalidRequest)

            let good = try Self.request(sealedWith: key.id, shareKey: shareKey, token: token)
            #expect(try await server.alice().raw(.post, SyncEndpoint.shares, body: try Self.json(good)).status == .created)
            let retried = try await server.alice().raw(.post, SyncEndpoint.shares, body: try Self.json(good))
            #expect(retried.status == .ok, "a retry whose answer was lost finds its share made")
            var other = good
            other.expiresAt = Date().addingTimeInterval(60).millisecondsSince1970
            let again = try await server.alice().raw(.post, SyncEndpoint.shares, body: try Self.json(other))
            #expect(again.status == .conflict && Self.code(again) == .shareExists)
            let bad = try await server.alice().raw(.delete, SyncEndpoint.shares + "/therapist")
            #expect(bad.status == .badRequest && String(decoding: bad.body, as: UTF8.self).contains("is not a share id"))
        }
    }

    @Test(arguments: StorageBackEnd.allCases)
    func endingAShareNeedsTheKeysSignatureThenStopsItsTokenAndClosesItsSocket(_ backEnd: StorageBackEnd) async throws {
        try await TestServer.run(backEnd, over: .socket) { server in
            let (key, alice) = try await Self.sealAlice(server)
            let shareKey = AccountKey(), shareToken = DeviceToken.generate()
            let request = try Self.request(sealedWith: key.id, shareKey: shareKey, token: shareToken)
            #expect(try await server.alice().raw(.post, SyncEndpoint.shares, body: try Self.json(request)).status == .created)
            let socket = PushTests.Subscription(port: server.port, token: shareToken, device: "therapist")
            let owners = PushTests.Subscription(port: server.port, token: server.aliceToken, device: "phone")
            #expect(await waitUntil { socket.connected && owners.connected })

            let upload = try Self.json(UploadRequest(moods: [try Self.entry(shareKey)]))
            #expect(try await server.alice(device: "laptop").raw(.post, SyncEndpoint.shareMoods(request.id), body: upload).status == .ok)
            #expect(await waitUntil { socket.messages.count == 1 }, "the recipient hears of the owner's write")
            #expect(owners.messages.isEmpty, "the owner's own devices hear nothing of the share's feed")

            let unsigned = try await server.alice().raw(.delete, SyncEndpoint.share(request.id))
            #expect(unsigned.status == .forbidden && Self.code(unsigned) == .proofRequired)
            let wrong = key.sign(.shareRevocation(account: alice.publicID, share: .random()))
            let misplaced = try await server.alice().raw(
                .delete, SyncEndpoint.share(request.id), headers: [HTTPField.Name(SyncEndpoint.proofHeader)!: wrong.description])
            #expect(misplaced.status == .forbidden, "a signature over another share does not end this one")
            #expect(try await APIClient(server.client, token: shareToken).raw(.get, SyncEndpoint.changes).status == .ok)

            let proof = key.sign(.shareRevocation(account: alice.publicID, share: request.id))
            let ended = try await server.alice().raw(
                .delete, SyncEndpoint.share(request.id), headers: [HTTPField.Name(SyncEndpoint.proofHeader)!: proof.description])
            #expect(ended.status == .noContent)
            #expect(await waitUntil { socket.finished })
            #expect(socket.closeCode == .policyViolation)
            #expect(!owners.finished)
            #expect(await waitUntil { owners.messages.count == 1 }, "the owner's other devices hear that the shares changed")
            #expect(try await APIClient(server.client, token: shareToken).raw(.get, SyncEndpoint.changes).status == .unauthorized)
            let list = try JSONDecoder().decode(ShareListResponse.self, from: try await server.alice().raw(.get, SyncEndpoint.shares).body)
            #expect(list.shares.isEmpty)
            let again = try await server.alice().raw(
                .delete, SyncEndpoint.share(request.id), headers: [HTTPField.Name(SyncEndpoint.proofHeader)!: proof.description])
            #expect(again.status == .notFound && Self.code(again) == .unknownShare)
            owners.task.cancel()
        }
    }

    @Test(arguments: [StorageBackEnd.inMemory, .sqlite])
    func anExpiredShareStopsAtItsTimeAndTheSweepClosesItsSocket(_ backEnd: StorageBackEnd) async throws {
        let clock = TestWallClock()
        try await TestServer.run(backEnd, over: .socket, clock: clock.wallClock, shareSweepInterval: .milliseconds(50)) { server in
            let (key, _) = try await Self.sealAlice(server)
            let shareToken = DeviceToken.generate()
            let expiresAt = Date().addingTimeInterval(3_600).millisecondsSince1970
            let request = try Self.request(sealedWith: key.id, shareKey: AccountKey(), token: shareToken, expiresAt: expiresAt)
            #expect(try await server.alice().raw(.post, SyncEndpoint.shares, body: try Self.json(request)).status == .created)
            let socket = PushTests.Subscription(port: server.port, token: shareToken, device: "therapist")
            #expect(await waitUntil { socket.connected })
            let recipient = APIClient(server.client, token: shareToken)
            #expect(try await recipient.raw(.get, SyncEndpoint.changes).status == .ok)
            let listed = try JSONDecoder().decode(ShareListResponse.self, from: try await server.alice().raw(.get, SyncEndpoint.shares).body)
            #expect(listed.shares.map(\.expiresAt) == [expiresAt])
            #expect(listed.shares.first?.lastReadAt != nil, "the owner sees that the recipient read it")
            #expect(!socket.finished)

            clock.set(offset: 3_601)
            #expect(try await recipient.raw(.get, SyncEndpoint.changes).status == .unauthorized)
            #expect(await waitUntil { socket.finished })
            #expect(socket.closeCode == .policyViolation)
            #expect(try await server.storage.deleteExpiredShares() == 0, "the sweep deleted it")
        }
    }
}
