@testable import MoodSync
import Foundation
import SyncProtocol
import Testing

/// How the device reads the server's refusals: every code of the contract has its meaning, and
/// an answer without one (a proxy's, an older server's) is read by its status.
@Suite struct ErrorAnswerTests {
    /// What each code means to the device, with the status the server sends it with.
    static let meanings: [(SyncErrorCode, status: Int, meaning: String)] = [
        (.invalidRequest, 400, "rejected"), (.unsupportedRequest, 415, "incompatible"), (.invalidToken, 400, "rejected"), (.unauthorized, 401, "unauthorized"),
        (.notFound, 404, "incompatible"), (.unknownDevice, 404, "unknownDevice"), (.methodNotAllowed, 405, "incompatible"),
        (.proofRequired, 403, "proofRequired"), (.keyChanged, 409, "keyChanged"), (.headMoved, 409, "headMoved"), (.changesSince, 409, "changesSince"), (.tokenExpired, 410, "tokenExpired"),
        (.historyCompacted, 410, "historyCompacted"), (.bodyTooLarge, 413, "rejected"), (.tooManyMoods, 413, "rejected"),
        (.webSocketRequired, 426, "incompatible"), (.rateLimited, 429, "rateLimited"), (.headerTooLarge, 431, "incompatible"),
        (.internal, 500, "unavailable"), (.serverBusy, 503, "unavailable"), (.protocolMismatch, 503, "protocolMismatch"),
        (.unknownShare, 404, "unknownShare"), (.readOnly, 403, "readOnly"), (.shareExists, 409, "rejected"), (.tooManyShares, 409, "rejected"),
    ]

    @Test func everyCodeOfTheContractHasAMeaningHere() {
        #expect(Set(Self.meanings.map(\.0)) == Set(SyncErrorCode.allCases))
    }

    @Test(arguments: meanings.map { ($0.0, $0.status, $0.meaning) })
    func aCodeIsReadAsWhatItMeans(_ code: SyncErrorCode, status: Int, meaning: String) throws {
        let body = try JSONEncoder().encode(ErrorResponse(code: code, message: "the server's words"))
        let error = HTTPMoodRemote.error(status: status, path: "/v1/moods", body: body, retryAfter: "3")
        #expect(Self.kind(of: error) == meaning, "\(error)")
        if case .rateLimited(let wait) = error { #expect(wait == .seconds(3)) }
    }

    @Test(arguments: [(400, "rejected"), (401, "unauthorized"), (410, "tokenExpired"), (429, "rateLimited"), (502, "unavailable"), (418, "incompatible")])
    func anAnswerWithoutOurCodeIsReadByItsStatus(_ status: Int, meaning: String) {
        let error = HTTPMoodRemote.error(status: status, path: "/v1/moods", body: Data("<html>Bad Gateway</html>".utf8), retryAfter: nil)
        #expect(Self.kind(of: error) == meaning, "\(error)")
    }

    /// The case's name, for comparing kinds without their words.
    private static func kind(of error: RemoteError) -> String {
        switch error {
        case .unreachable: "unreachable"
        case .unavailable: "unavailable"
        case .rateLimited: "rateLimited"
        case .unauthorized: "unauthorized"
        case .tokenExpired: "tokenExpired"
        case .historyCompacted: "historyCompacted"
        case .rejected: "rejected"
        case .incompatible: "incompatible"
        case .untrustedServer: "untrustedServer"
        case .protocolMismatch: "protocolMismatch"
        case .keyChanged: "keyChanged"
        case .changesSince: "changesSince"
        case .unknownDevice: "unknownDevice"
        case .proofRequired: "proofRequired"
        case .headMoved: "headMoved"
        case .unknownShare: "unknownShare"
        case .readOnly: "readOnly"
        }
    }
}
