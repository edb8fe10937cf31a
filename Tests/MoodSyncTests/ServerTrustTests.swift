import Foundation
@testable import MoodSync
import Testing

/// Which servers a device sends to, and how it checks them.
@Suite struct ServerTrustTests {
    @Test func plainHTTPGoesOnlyToThisMachineUnlessAllowed() throws {
        let trust = ServerTrust()
        for local in ["http://127.0.0.1:8080", "http://127.8.0.1", "http://localhost:9", "http://[::1]:8080", "https://moods.example.org"] {
            #expect(trust.refusal(of: URL(string: local)!) == nil, "\(local)")
        }
        for remote in ["http://moods.example.org", "http://10.0.0.2:8080", "http://127.0.0.1.example.org", "http://[::2]:8080"] {
            #expect(trust.refusal(of: URL(string: remote)!)?.contains("plain HTTP to another machine") == true, "\(remote)")
            #expect(ServerTrust(allowsPlainHTTP: true).refusal(of: URL(string: remote)!) == nil, "--insecure: \(remote)")
        }
    }

    @Test func anAuthorityThatHoldsNoCertificateIsSaidInWords() {
        #expect(throws: ServerTrustError.self) { try ServerTrust(certificateAuthority: "not PEM").tlsConfiguration() }
    }
}
