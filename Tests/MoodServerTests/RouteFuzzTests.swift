import AppTesting
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import MoodServer
import NIOCore
import ServerStorage
import SyncProtocol
import Testing

/// Every route, through the router (no sockets), against random and mutated requests: never a
/// 5xx (but the 503 refusing another protocol version), never a crash, every error in the protocol's JSON shape, and a refused request changes
/// no account's data.
///
/// 20,000 inputs a run; `MOODTUI_FUZZ_INPUTS=1000000` runs more, `MOODTUI_SEED=N` replays a
/// seed that failed.
@Suite struct RouteFuzzTests {
    static let inputs = ProcessInfo.processInfo.environment["MOODTUI_FUZZ_INPUTS"].flatMap(Int.init) ?? 20_000
    static let seed = TestSeed.chosen()

    // The limit catches a hang: the loop shares two cores with the whole suite, where 20,000
    // inputs took 7 to 8 minutes.
    @Test(.timeLimit(.minutes(10 + inputs / 5_000)))
    func noInputGetsA5xxOrAnAnswerOutsideTheProtocol() async throws {
        let storage = try await StorageBackEnd.sqlite.make()
        let aliceToken = DeviceToken.generate(), bobToken = DeviceToken.generate()
        let alice = try await storage.addDevice(toAccount: "alice", tokenHash: DeviceToken.hash(aliceToken))
        let bob = try await storage.addDevice(toAccount: "bob", tokenHash: DeviceToken.hash(bobToken))
        var logger = Logger(label: "fuzz")
        logger.logLevel = .critical
        let application = Application(router: SyncServer.makeRouter(storage: storage, hub: PushHub(), rateLimits: TestServer.unlimited), logger: logger)
        let seed = Self.seed
        try await application.test(.router) { client in
            let start = try await client.execute(uri: SyncEndpoint.changes, method: .get, headers: [.authorization: "Bearer \(aliceToken)", .syncProtocol: String(ProtocolVersion.current)])
            let changeToken = try JSONDecoder().decode(ChangesResponse.self, from: Data(buffer: start.body)).token
            var requests = FuzzRequests(seed: seed, token: aliceToken, changeToken: changeToken)
            for index in 0..<Self.inputs {
                let request = requests.next()
                let before = try await [alice, bob].asyncMap { try await storage.changes(in: $0, after: 0, limit: 0).latestSequence }
                let response = try await client.execute(
                    uri: request.uri, method: request.method, headers: request.headers, body: request.body.map { ByteBuffer(bytes: $0) })
                let after = try await [alice, bob].asyncMap { try await storage.changes(in: $0, after: 0, limit: 0).latestSequence }
                let problem = Self.problem(with: response, changedData: before != after)
                if let problem {
                    Issue.record("seed \(seed), input \(index): \(problem)\n\(request)")
                    return
                }
            }
        }
    }

    /// What is wrong with an answer, if anything.
    private static func problem(with response: TestResponse, changedData: Bool) -> String? {
        let status = response.status
        let body = Data(buffer: response.body)
        // The one 5xx allowed: a request of another protocol version (see ProtocolVersionMiddleware).
        let mismatch = (try? JSONDecoder().decode(ErrorResponse.self, from: body))?.code == .protocolMismatch
        if status.code >= 500 && !(status == .serviceUnavailable && mismatch) { return "status \(status.code)" }
        if status.code >= 400 || status.code < 200 {
            guard let error = try? JSONDecoder().decode(ErrorResponse.self, from: body), !error.error.isEmpty, !error.message.isEmpty else {
                return "status \(status.code) without the JSON error shape: \(String(decoding: body.prefix(200), as: UTF8.self))"
            }
            if error.code == nil { return "status \(status.code) with '\(error.error)', a code the contract (SyncErrorCode) does not name" }
            if changedData { return "refused with \(status.code) \(error.error), but the account's data changed" }
        } else if (try? JSONSerialization.jsonObject(with: body)) == nil {
            return "status \(status.code) with a body that is not JSON"
        }
        return nil
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
