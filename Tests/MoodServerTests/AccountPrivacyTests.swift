import AppTesting
import Foundation
import HTTPTypes
import MoodServer
import SyncProtocol
import Testing

/// What a token's holder can learn about other accounts from the answers: nothing.
@Suite(.hangGuard) struct AccountPrivacyTests {
    private func accountID(_ client: APIClient) async throws -> String {
        let response = try await client.raw(.get, SyncEndpoint.account)
        #expect(response.status == .ok)
        return try JSONDecoder().decode(AccountResponse.self, from: response.body).id
    }

    @Test(arguments: StorageBackEnd.allCases)
    func accountIDsAreRandomAndTellNothingOfOtherAccounts(_ backEnd: StorageBackEnd) async throws {
        try await TestServer.run(backEnd) { server in
            let alice = try await accountID(server.alice()), bob = try await accountID(server.bob())
            #expect(alice != bob)
            for id in [alice, bob] {
                #expect(id.count == 22, "16 random bytes in base64url: \(id)")
                #expect(!id.contains(server.storage.storeID))
                #expect(id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
            }
            #expect(try await accountID(server.alice()) == alice, "stable for the account")
        }
    }

    @Test func aChangeTokenDoesNotCarryTheAccountsRowNumber() async throws {
        try await TestServer.run(.sqlite) { server in
            let token = try await server.bob().changes().token
            let json = try #require(Data(base64Encoded: Self.padded(token.rawValue)))
            let fields = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
            #expect(fields["account"] as? String == (try await accountID(server.bob())))
        }
    }

    /// From this store, it may predate deletions compacted since (the device must check its moods
    /// against a new download); from another, it has merely expired.
    @Test func aTokenFromBeforeOpaqueIDsIsAnsweredAsFromBeforeCompaction() async throws {
        try await TestServer.run(.sqlite) { server in
            for (store, code) in [(server.storage.storeID, "history_compacted"), ("another-store", "token_expired")] {
                let legacy = #"{"account":1,"sequence":0,"store":"\#(store)"}"#
                let token = Data(legacy.utf8).base64EncodedString()
                    .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
                let response = try await server.alice().raw(.get, "\(SyncEndpoint.changes)?since=\(token)")
                #expect(response.status == .gone)
                #expect(try JSONDecoder().decode(ErrorResponse.self, from: response.body).error == code)
            }
        }
    }

    private static func padded(_ base64URL: String) -> String {
        let base64 = base64URL.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        return base64 + String(repeating: "=", count: (4 - base64.count % 4) % 4)
    }
}
