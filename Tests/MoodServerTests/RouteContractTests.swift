import AppTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MoodServer
import ServerStorage
import SyncProtocol
import Testing

/// The server serves the contract's routes as `SyncRoute` names them, through the router in
/// process: each with its method, any other method on its path refused with 405 naming it, and
/// every refusal with one of the contract's codes.
@Suite(.hangGuard) struct RouteContractTests {
    static let methods: [HTTPRequest.Method] = [.get, .put, .post, .delete, .patch]

    @Test func everyRouteIsServedWithItsMethod() async throws {
        try await TestServer.run(.inMemory) { server in
            let alice = server.alice()
            for route in SyncRoute.allCases {
                let path = Self.path(of: route)
                let answer = try await alice.raw(HTTPRequest.Method(rawValue: route.method.rawValue)!, path, body: route.method == .get ? nil : "{}")
                let code = try? JSONDecoder().decode(ErrorResponse.self, from: answer.body).code
                #expect(answer.status != .notFound || code == .unknownDevice || code == .unknownShare, "\(route): \(answer.status)")
                #expect(answer.status != .methodNotAllowed, "\(route)")
            }
        }
    }

    @Test func anotherMethodOnARoutesPathIs405NamingTheRightOnes() async throws {
        try await TestServer.run(.inMemory) { server in
            let alice = server.alice()
            for route in SyncRoute.allCases {
                let path = Self.path(of: route)
                let served = SyncRoute.allCases.filter { $0.matches(path: path) }.map(\.method.rawValue)
                for method in Self.methods where !served.contains(method.rawValue) {
                    let answer = try await alice.raw(method, path)
                    #expect(answer.status == .methodNotAllowed, "\(method) \(path): \(answer.status)")
                    #expect(try JSONDecoder().decode(ErrorResponse.self, from: answer.body).code == .methodNotAllowed)
                    #expect(answer.headers[.allow] == served.joined(separator: ", "), "\(method) \(path)")
                }
            }
        }
    }

    @Test func metricsAreServedOnlyWhenAsked() async throws {
        let router = SyncServer.makeRouter(storage: InMemoryMoodServerStorage(), hub: PushHub(), rateLimits: TestServer.unlimited)
        try await Application(router: router).test(.router) { client in
            let answer = try await APIClient(client, token: nil).raw(.get, SyncEndpoint.metrics)
            #expect(answer.status == .notFound)
        }
    }

    /// The route's path with a device or share id where the template has a parameter.
    private static func path(of route: SyncRoute) -> String {
        let idBytes = route.template.hasPrefix(SyncEndpoint.shares) ? ShareID.byteCount : DeviceTokenID.byteCount
        return route.template.replacingOccurrences(of: "{id}", with: String(repeating: "0a", count: idBytes))
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
