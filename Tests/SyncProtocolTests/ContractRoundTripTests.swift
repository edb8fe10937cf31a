import Foundation
import MoodKit
import SyncProtocol
import Testing

/// The one contract both sides compile against: every message goes out and comes back as the
/// same value, every error code and route is named once and never twice.
@Suite struct ContractRoundTripTests {
    static let date = Date(millisecondsSince1970: 1_795_000_000_123)
    static let plain = MoodPayload.plain(MoodContent(Mood(
        id: UUID(), date: date, level: .good, note: "a good run", creatorID: "laptop-7f3a", modifiedAt: date,
        activities: [try! ActivityName.validated("run")])))
    static let keyID = AccountKeyID(checkedBytes: [1, 2, 3, 4, 5, 6, 7, 8])
    static let sealed = MoodPayload.sealed(try! SealedContent(bytes: [1] + keyID.bytes + Array(repeating: 0xA5, count: 60)))
    static let token = ChangeToken(rawValue: "c1.store.account.42")
    static let signingKey = AccountSigningKey(bytes: Array(repeating: 0x5A, count: AccountSigningKey.byteCount))!
    static let head = AccountHead(
        counter: 4, sequence: 812, count: 96, digest: LiveSetDigest(bytes: Array(repeating: 7, count: LiveSetDigest.byteCount))!, keyID: keyID,
        signature: AccountSignature(bytes: Array(repeating: 0x3C, count: AccountSignature.byteCount))!)
    static let proof = DeletionProof(keyID: keyID, signature: AccountSignature(bytes: Array(repeating: 0xA5, count: AccountSignature.byteCount))!)

    private func roundTrip<Message: Codable & Equatable>(_ message: Message) throws -> Message {
        try JSONDecoder().decode(Message.self, from: JSONEncoder().encode(message))
    }

    @Test func everyRequestComesBackAsItWasSent() throws {
        let upload = UploadRequest(moods: [
            MoodUpload(id: UUID(), payload: Self.plain, baseVersion: nil), MoodUpload(id: UUID(), payload: Self.sealed, baseVersion: 7),
        ])
        #expect(try roundTrip(upload) == upload)
        let deletion = DeletionRequest(deletions: [.unsigned(UUID()), MoodDeletion(id: UUID(), proof: Self.proof)])
        #expect(try roundTrip(deletion) == deletion)
        let keyChange = KeyChangeRequest(keyID: Self.keyID, signingKey: Self.signingKey, replaces: nil, since: Self.token, proof: nil)
        #expect(try roundTrip(keyChange) == keyChange)
        let rotation = KeyChangeRequest(
            keyID: Self.keyID, signingKey: Self.signingKey, replaces: Self.keyID, since: Self.token, proof: Self.proof.signature)
        #expect(try roundTrip(rotation) == rotation)
    }

    @Test func everyAnswerComesBackAsItWasSent() throws {
        let saved = UploadResponse(
            saved: [SavedMood(id: UUID(), version: 3)],
            conflicts: [
                MoodConflict(id: UUID(), reason: .stale, server: SyncedMood(id: UUID(), payload: Self.sealed, version: 9)),
                MoodConflict(id: UUID(), reason: .deleted, server: nil),
                MoodConflict(id: UUID(), reason: .deleted, server: nil, deletion: Self.proof),
            ],
            token: Self.token, serverTime: 1_795_000_000_000)
        #expect(try roundTrip(saved) == saved)
        let deleted = DeletionResponse(deleted: [UUID()], token: Self.token)
        #expect(try roundTrip(deleted) == deleted)
        let page = ChangesResponse(
            changes: [.upsert(SyncedMood(id: UUID(), payload: Self.plain, version: 4)), .deleted(UUID()),
                .delete(MoodDeletion(id: UUID(), proof: Self.proof))], token: Self.token, more: true,
            serverTime: 1_795_000_000_000, keyID: Self.keyID, sequence: 812, head: Self.head, setupVersion: 4)
        #expect(try roundTrip(page) == page)
        let account = AccountResponse(name: "alice", id: "3f9a", keyID: nil)
        #expect(try roundTrip(account) == account)
        let sealedAccount = AccountResponse(name: "alice", id: "3f9a", keyID: Self.keyID, signingKey: Self.signingKey)
        #expect(try roundTrip(sealedAccount) == sealedAccount)
        let devices = DeviceListResponse(devices: [
            ListedDevice(id: DeviceTokenID(tokenHash: Array(repeating: 7, count: 32)), name: try DeviceName("work phone"), addedAt: 1, current: true)
        ])
        #expect(try roundTrip(devices) == devices)
        #expect(try roundTrip(PushMessage(token: Self.token)) == PushMessage(token: Self.token))
        #expect(try roundTrip(HealthResponse(status: "ok")) == HealthResponse(status: "ok"))
    }

    @Test(arguments: SyncErrorCode.allCases)
    func everyErrorCodeTravelsAsItsTextAndReadsBackAsItself(_ code: SyncErrorCode) throws {
        let answer = try roundTrip(ErrorResponse(code: code, message: "words"))
        #expect(answer.code == code)
        #expect(code.rawValue.allSatisfy { $0.isLowercase || $0 == "_" }, "codes are snake_case")
    }

    @Test func aCodeOfALaterVersionStillReadsWithoutAKnownCode() throws {
        let answer = try JSONDecoder().decode(ErrorResponse.self, from: Data(#"{"error": "quota_exceeded", "message": "later"}"#.utf8))
        #expect(answer.code == nil && answer.message == "later")
    }

    @Test func everyRouteIsNamedOnceUnderItsLayout() {
        let requests = SyncRoute.allCases.map { "\($0.method.rawValue) \($0.template)" }
        #expect(Set(requests).count == requests.count)
        #expect(SyncRoute.allCases.allSatisfy { $0.template.hasPrefix("/v\(SyncEndpoint.version)/") || SyncEndpoint.operatorPaths.contains($0.template) })
    }
}
