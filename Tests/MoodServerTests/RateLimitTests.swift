import AppTesting
import Foundation
import HTTPTypes
import LocalProcesses
import MoodServer
import Synchronization
import SyncProtocol
import Testing

/// Over its rate, a device or an address is answered 429 with `Retry-After`; the rates refill
/// with time (a clock the test moves), and other devices and health checks are not held up.
@Suite(.hangGuard, .ownThread) struct RateLimitTests {
    /// A monotonic time the test moves by hand.
    final class ManualClock: Sendable {
        private let elapsed = Mutex(Duration.zero)
        var now: @Sendable () -> Duration { { [self] in elapsed.withLock { $0 } } }
        func advance(by duration: Duration) { elapsed.withLock { $0 += duration } }
    }

    @Test func aDeviceOverItsRateIsAnswered429WithRetryAfterAndAnotherDeviceIsNot() async throws {
        let clock = ManualClock()
        try await TestServer.run(.inMemory, rateLimits: RateLimits(perToken: 2, perAddress: 1_000), rateClock: clock.now) { server in
            let alice = server.alice(), bob = server.bob()
            for _ in 0..<4 { #expect(try await alice.raw(.get, SyncEndpoint.changes).status == .ok) }  // a burst: two seconds' worth
            let refused = try await alice.raw(.get, SyncEndpoint.changes)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "1")
            let body = try JSONDecoder().decode(ErrorResponse.self, from: refused.body)
            #expect(body.error == SyncErrorCode.rateLimited.rawValue && body.message == "too many requests; try again in 1 s")
            #expect(try await bob.raw(.get, SyncEndpoint.changes).status == .ok, "another device has a rate of its own")

            clock.advance(by: .milliseconds(500))  // one request's worth
            #expect(try await alice.raw(.get, SyncEndpoint.changes).status == .ok)
            #expect(try await alice.raw(.get, SyncEndpoint.changes).status == .tooManyRequests)
        }
    }

    @Test func anAddressOverItsRateIs429WhateverTheTokenAndHealthChecksAreNotCounted() async throws {
        let clock = ManualClock()
        try await TestServer.run(.inMemory, over: .socket, rateLimits: RateLimits(perToken: 1_000, perAddress: 1), rateClock: clock.now) { (server: TestServer) async throws in
            for _ in 0..<5 { #expect(try await server.anonymous.raw(.get, SyncEndpoint.health).status == .ok) }
            #expect(try await server.alice().raw(.get, SyncEndpoint.changes).status == .ok)
            #expect(try await server.bob().raw(.get, SyncEndpoint.changes).status == .ok)
            #expect(try await server.anonymous.raw(.get, SyncEndpoint.changes).status == .tooManyRequests, "before the token is looked up")
            #expect(try await server.bob().raw(.get, SyncEndpoint.changes).status == .tooManyRequests)
            clock.advance(by: .seconds(1))
            #expect(try await server.bob().raw(.get, SyncEndpoint.changes).status == .ok)
        }
    }

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    @Test func behindATrustedProxyEachClientTheProxyNamesHasARateOfItsOwn() async throws {
        let clock = ManualClock()
        let limits = RateLimits(perToken: 1_000, perAddress: 1, trustedProxies: ["127.0.0.1"])
        try await TestServer.run(.inMemory, over: .socket, rateLimits: limits, rateClock: clock.now) { (server: TestServer) async throws in
            let alice = server.alice()
            func from(_ hops: String) async throws -> HTTPResponse.Status {
                try await alice.raw(.get, SyncEndpoint.changes, headers: [Self.forwardedFor: hops]).status
            }
            for _ in 0..<2 { #expect(try await from("203.0.113.5") == .ok) }  // a burst: two seconds' worth
            #expect(try await from("203.0.113.5") == .tooManyRequests)
            #expect(try await from("203.0.113.6") == .ok, "another client behind the same proxy")
            #expect(try await from("203.0.113.6:4711") == .ok, "the same client, its port written too")
            #expect(try await from("203.0.113.6") == .tooManyRequests)
            // What the client wrote before the proxy's entry is not believed.
            #expect(try await from("198.51.100.1, 203.0.113.5") == .tooManyRequests)
            #expect(try await alice.raw(.get, SyncEndpoint.changes).status == .ok, "the proxy's own requests count as its own")
        }
    }

    @Test func fromAnUntrustedPeerXForwardedForIsIgnored() async throws {
        let clock = ManualClock()
        try await TestServer.run(.inMemory, over: .socket, rateLimits: RateLimits(perToken: 1_000, perAddress: 1), rateClock: clock.now) {
            (server: TestServer) async throws in
            let alice = server.alice()
            for hops in ["203.0.113.5", "203.0.113.6"] {
                #expect(try await alice.raw(.get, SyncEndpoint.changes, headers: [Self.forwardedFor: hops]).status == .ok)
            }
            #expect(try await alice.raw(.get, SyncEndpoint.changes, headers: [Self.forwardedFor: "203.0.113.7"]).status == .tooManyRequests)
        }
    }

    @Test func anAddressHasOneSpellingWhateverFormItIsWrittenIn() {
        #expect(ClientAddress.canonical("::ffff:10.0.0.5") == "10.0.0.5")
        #expect(ClientAddress.canonical("2001:DB8:0:0::1") == ClientAddress.canonical("2001:db8::1"))
        #expect(ClientAddress.canonical("balancer.local") == nil)
    }

    @Test func serveRefusesATrustedProxyThatIsNotAnAddress() throws {
        let refused = try ProcessResult.moodtui(["serve", "--trusted-proxy", "balancer.local", "--data", StorageBackEnd.temporaryFolder().path])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("--trusted-proxy 'balancer.local' is not an IP address"), "\(refused.standardError)")
    }

    @Test func serveRefusesARateOfNothing() throws {
        let refused = try ProcessResult.moodtui(["serve", "--rate-limit", "0", "--data", StorageBackEnd.temporaryFolder().path])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("rate limits must be 1–1000000 requests a second"), "\(refused.standardError)")
    }
}
