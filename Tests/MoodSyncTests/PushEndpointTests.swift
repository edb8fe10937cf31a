import Foundation
@testable import MoodSync
import Testing

/// Where the push socket connects, for the server URLs people log in with.
@Suite struct PushEndpointTests {
    @Test func plainHTTPOnAPortKeepsThePortInTheHostHeader() throws {
        let endpoint = try #require(PushEndpoint(server: URL(string: "http://127.0.0.1:8080")!, path: "/v1/subscribe"))
        #expect((endpoint.host, endpoint.port, endpoint.usesTLS, endpoint.path) == ("127.0.0.1", 8080, false, "/v1/subscribe"))
        #expect(endpoint.hostHeader == "127.0.0.1:8080")
    }

    @Test func httpsUsesTLSOnPort443AndLeavesTheDefaultPortOut() throws {
        let endpoint = try #require(PushEndpoint(server: URL(string: "https://moods.example.org")!, path: "/sync/v1/subscribe"))
        #expect((endpoint.host, endpoint.port, endpoint.usesTLS, endpoint.path) == ("moods.example.org", 443, true, "/sync/v1/subscribe"))
        #expect(endpoint.hostHeader == "moods.example.org")
    }

    @Test func anIPv6AddressIsConnectedToBareAndBracketedInTheHostHeader() throws {
        let endpoint = try #require(PushEndpoint(server: URL(string: "http://[::1]:9000")!, path: "/v1/subscribe"))
        #expect(endpoint.host == "::1")
        #expect(endpoint.hostHeader == "[::1]:9000")
    }

    @Test func aURLWithoutAHostIsNoEndpoint() {
        #expect(PushEndpoint(server: URL(string: "file:///tmp/x")!, path: "/v1/subscribe") == nil)
    }
}
