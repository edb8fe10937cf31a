import Foundation
import HTTPTypes
import MoodServer
import SyncProtocol
import Testing

/// The server serves the contract's routes as `SyncRoute` names them, through the router in
/// process: each with its method, any other method on its path refused with 405 naming it, and
/// every refusal with one of the contract's codes.
@Suite(.timeLimit(.minutes(1))) struct RouteContractTests {
    static let methods: [HTTPRequest.Method] = [.get, .put, .post, .delete, .patch]

    @Test func everyRouteIsServedWithItsMethod() async throws {
        try await TestServer.run(.inMemory) { server in
            let alice = server.alice()
            for route in SyncRoute.allCases {
                let path = route.template.replacingOccurrences(of: "{id}", with: String(repeating: "0a", count: DeviceTokenID.byteCount))
                let answer = try await alice.raw(HTTPRequest.Method(rawValue: route.method.rawValue)!, path, body: route.method == .get ? nil : "{}")
                let code = try? JSONDecoder().decode(ErrorResponse.self, from: answer.body).code
                #expect(answer.status != .notFound || code == .unknownDevice, "\(route): \(answer.status)")
                #expect(answer.status != .methodNotAllowed, "\(route)")
            }
        }
    }

    @Test func anotherMethodOnARoutesPathIs405NamingTheRightOnes() async throws {
        try await TestServer.run(.inMemory) { server in
            let alice = server.alice()
            for (path, served) in SyncRoute.methodsByPath {
                for method in Self.methods where !served.map(\.rawValue).contains(method.rawValue) {
                    let answer = try await alice.raw(method, path)
                    #expect(answer.status == .methodNotAllowed, "\(method) \(path): \(answer.status)")
                    #expect(try JSONDecoder().decode(ErrorResponse.self, from: answer.body).code == .methodNotAllowed)
                    #expect(answer.headers[.allow] == served.map(\.rawValue).joined(separator: ", "), "\(method) \(path)")
                }
            }
        }
    }

    @Test func everyRefusalCarriesOneOfTheContractsCodes() async throws {
        try await TestServer.run(.inMemory) { server in
            let refusals = [
                try await server.anonymous.raw(.get, SyncEndpoint.changes),
                try await server.alice().raw(.get, SyncEndpoint.changes + "?since=garbage"),
                try await server.alice().raw(.get, SyncEndpoint.changes + "?limit=0"),
                try await server.alice().raw(.post, SyncEndpoint.moods, body: "{"),
                try await server.alice().raw(.get, "/v2/nothing"),
                try await server.alice().raw(.get, SyncEndpoint.subscribe),
                try await server.alice().raw(.delete, SyncEndpoint.device(DeviceTokenID(tokenHash: Array(repeating: 1, count: 32)))),
            ]
            for refusal in refusals {
                let answer = try JSONDecoder().decode(ErrorResponse.self, from: refusal.body)
                #expect(answer.code != nil, "\(refusal.status) '\(answer.error)' is not in SyncErrorCode")
            }
        }
    }
}
