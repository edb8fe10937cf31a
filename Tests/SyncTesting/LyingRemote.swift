import AppTesting
import Foundation
import MoodKit
import MoodSync
import SyncProtocol

/// A server that lies: a ``MoodRemote`` in front of the real one (``HTTPMoodRemote`` to a real
/// `moodtui serve`) that hands each answer to the device as the server sent it, or rewritten by
/// its ``Liar`` as a hostile server could rewrite it.
///
/// A rewritten answer goes through the wire's JSON on its way, so that the device decodes and
/// validates it exactly as it would the server's bytes.
public struct LyingRemote: MoodRemote {
    public let honest: any MoodRemote
    public let liar: Liar

    public init(honest: any MoodRemote, liar: Liar) {
        self.honest = honest
        self.liar = liar
    }

    public var tokenID: DeviceTokenID { honest.tokenID }

    /// The honest answer of `call`, or the liar's in its place: a refusal that says nothing was
    /// done is told without asking the server; one that says the answer was lost, or the server
    /// cannot serve now, after the server did the work.
    private func answer<Answer>(_ route: Lie.Route, _ call: () async throws(RemoteError) -> Answer, rewrite: (Lie, Answer) -> Answer = { $1 })
        async throws(RemoteError) -> Answer
    {
        let lie = liar.choose(for: route)
        if case .refusal(let error) = lie, Self.saysNothingWasDone(error) { throw error }
        let honestAnswer = try await call()
        switch lie {
        case .refusal(let error): throw error
        case .some(let lie): return rewrite(lie, honestAnswer)
        case nil: return honestAnswer
        }
    }

    private static func saysNothingWasDone(_ error: RemoteError) -> Bool {
        switch error {
        case .rejected, .proofRequired, .keyChanged, .headMoved, .rateLimited: true
        default: false
        }
    }

    public func accountInfo() async throws(RemoteError) -> AccountResponse { try await answer(.other) { () async throws(RemoteError) in try await honest.accountInfo() } }

    public func changeKey(_ request: KeyChangeRequest) async throws(RemoteError) -> AccountResponse {
        try await honest.changeKey(request)
    }

    public func registerDeviceKey(_ registration: DeviceKeyRegistration) async throws(RemoteError) {
        try await answer(.other) { () async throws(RemoteError) in try await honest.registerDeviceKey(registration) }
    }

    public func publishHead(_ head: AccountHead) async throws(RemoteError) -> Bool {
        try await answer(.head) { () async throws(RemoteError) in try await honest.publishHead(head) }
    }

    public func setup() async throws(RemoteError) -> SetupResponse {
        try await answer(.setup, { () async throws(RemoteError) in try await honest.setup() }) { _, setup in
            let garbage = liar.withMemory { memory, generator in memory.accountKey.map { Self.garbage(under: $0, using: &generator) } }
            guard let garbage else { return setup }
            return SetupResponse(version: setup.version, payload: .sealed(garbage))
        }
    }

    public func storeSetup(_ upload: SetupUpload) async throws(RemoteError) -> Int64? {
        try await answer(.other) { () async throws(RemoteError) in try await honest.storeSetup(upload) }
    }

    public func devices() async throws(RemoteError) -> [ListedDevice] {
        try await answer(.other) { () async throws(RemoteError) in try await honest.devices() }
    }

    public func revokeDevice(_ id: DeviceTokenID, proof: AccountSignature?) async throws(RemoteError) {
        try await honest.revokeDevice(id, proof: proof)
    }

    public func upload(_ moods: [MoodUpload]) async throws(RemoteError) -> UploadResponse {
        liar.remember(uploads: moods)
        return try await answer(.upload, { () async throws(RemoteError) in try await honest.upload(moods) }) { lie, response in
            Self.wire(liar.withMemory { memory, generator in Self.rewrite(response, of: moods, by: lie, memory: memory, using: &generator) })
        }
    }

    public func delete(_ deletions: [MoodDeletion]) async throws(RemoteError) -> DeletionResponse {
        try await answer(.other) { () async throws(RemoteError) in try await honest.delete(deletions) }
    }

    public func changes(since token: ChangeToken?, limit: Int) async throws(RemoteError) -> ChangesResponse {
        try await answer(.changes, { () async throws(RemoteError) in
            let page = try await honest.changes(since: token, limit: limit)
            liar.remember(page: page)
            return page
        }) { lie, page in
            Self.wire(liar.withMemory { memory, generator in Self.rewrite(page, by: lie, memory: memory, using: &generator) })
        }
    }

    public func createShare(_ request: ShareCreationRequest) async throws(RemoteError) -> ListedShare {
        try await answer(.other) { () async throws(RemoteError) in try await honest.createShare(request) }
    }

    public func shares() async throws(RemoteError) -> [ListedShare] {
        try await answer(.shares, { () async throws(RemoteError) in
            let shares = try await honest.shares()
            liar.remember(shares: shares)
            return shares
        }) { _, shares in
            liar.withMemory { memory, _ in memory.shareLists.dropLast().last { $0.count > shares.count } ?? shares }
        }
    }

    public func revokeShare(_ id: ShareID, proof: AccountSignature?) async throws(RemoteError) {
        try await honest.revokeShare(id, proof: proof)
    }

    public func upload(_ entries: [MoodUpload], toShare id: ShareID) async throws(RemoteError) -> UploadResponse {
        liar.remember(entries: entries.count, sentTo: id)
        if let lie = liar.choose(for: .shareWrites) {
            guard case .pretendShareLive = lie else { throw Self.refusal(lie) }
            return UploadResponse(
                saved: entries.map { SavedMood(id: $0.id, version: 1) }, conflicts: [], token: ChangeToken(rawValue: "1"),
                serverTime: Date().millisecondsSince1970)
        }
        return try await honest.upload(entries, toShare: id)
    }

    public func changes(ofShare id: ShareID, since token: ChangeToken?, limit: Int) async throws(RemoteError) -> ChangesResponse {
        if let lie = liar.choose(for: .shareWrites) {
            guard case .pretendShareLive = lie else { throw Self.refusal(lie) }
            return ChangesResponse(
                changes: [], token: token ?? ChangeToken(rawValue: "1"), more: false, serverTime: Date().millisecondsSince1970, keyID: nil,
                sequence: 1, setupVersion: 0)
        }
        return try await honest.changes(ofShare: id, since: token, limit: limit)
    }

    /// The error a refusal lie answers with; any other lie told where it has no meaning is a 503.
    private static func refusal(_ lie: Lie) -> RemoteError {
        if case .refusal(let error) = lie { error } else { .unavailable("503") }
    }

    public func listenForPushes(connected: @escaping @Sendable () -> Void, pushed: @escaping @Sendable () -> Void) async throws(RemoteError) {
        try await honest.listenForPushes(connected: connected, pushed: pushed)
    }

    /// `value` as the device would decode it from the wire.
    static func wire<Value: Codable>(_ value: Value) -> Value {
        (try? JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))) ?? value
    }

    /// Sealed bytes under `key` that open with no key: what a stolen token can upload.
    public static func garbage(under key: AccountKeyID, using generator: inout SeededGenerator) -> SealedContent {
        let body = (0..<(SealedContent.nonceSize + 64 + SealedContent.tagSize)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return try! SealedContent(bytes: [SealedContent.formatVersion] + key.bytes + body)  // the size and version are right
    }
}
