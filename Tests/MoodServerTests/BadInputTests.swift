import AppTesting
import Foundation
import HTTPTypes
import MoodServer
import ServerStorage
import SyncProtocol
import Testing

/// Every kind of bad request gets the right status, the JSON error shape, and writes nothing.
@Suite(.hangGuard) struct BadInputTests {
    /// A request and the status and error code it must get.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var method: HTTPRequest.Method = .post
        var path = SyncEndpoint.moods
        var body: String?
        var authorization: String??  // nil: alice's token; .some(nil): none; .some(x): x
        var status: HTTPResponse.Status
        var code: String
        var testDescription: String { name }
    }

    static let id = UUID().uuidString
    static func mood(_ fields: String) -> String {
        #"{"moods": [{"id": "\#(id)", "date": 1795000000000, "activities": {}, "stamps": {"date": "1795000000000.0@laptop", "level": "1795000000000.0@laptop", "note": "1795000000000.0@laptop"}, \#(fields)}]}"#
    }

    static let cases: [Case] = [
        Case(name: "no token", body: mood(#""level": 3, "creatorID": "x""#), authorization: .some(nil), status: .unauthorized, code: "unauthorized"),
        Case(name: "wrong token", body: mood(#""level": 3, "creatorID": "x""#), authorization: "Bearer nope", status: .unauthorized, code: "unauthorized"),
        Case(name: "not bearer", body: mood(#""level": 3, "creatorID": "x""#), authorization: "Basic YTpi", status: .unauthorized, code: "unauthorized"),
        Case(name: "no token on changes", method: .get, path: SyncEndpoint.changes, authorization: .some(nil), status: .unauthorized, code: "unauthorized"),
        Case(name: "malformed JSON", body: #"{"moods": [{"id": "#, status: .badRequest, code: "invalid_request"),
        Case(name: "empty body", body: "", status: .badRequest, code: "invalid_request"),
        Case(name: "level 7", body: mood(#""level": 7, "creatorID": "x""#), status: .badRequest, code: "invalid_request"),
        Case(name: "level as text", body: mood(#""level": "4", "creatorID": "x""#), status: .badRequest, code: "invalid_request"),
        Case(name: "date as text", body: #"{"moods": [{"id": "\#(id)", "date": "today", "activities": {}, "stamps": {"date": "1.0@laptop", "level": "1.0@laptop", "note": "1.0@laptop"}, "level": 3, "creatorID": "x"}]}"#,
             status: .badRequest, code: "invalid_request"),
        Case(name: "note too long", body: mood(#""level": 3, "creatorID": "x", "note": "\#(String(repeating: "n", count: 1_001))""#),
             status: .badRequest, code: "invalid_request"),
        Case(name: "invalid UUID", body: #"{"moods": [{"id": "nope", "date": 1, "activities": {}, "stamps": {"date": "1.0@laptop", "level": "1.0@laptop", "note": "1.0@laptop"}, "level": 3, "creatorID": "x"}]}"#,
             status: .badRequest, code: "invalid_request"),
        Case(name: "one bad mood among good ones",
             body: #"{"moods": [{"id": "\#(UUID().uuidString)", "date": 1, "activities": {}, "stamps": {"date": "1.0@laptop", "level": "1.0@laptop", "note": "1.0@laptop"}, "level": 3, "creatorID": "x"}, {"id": "\#(id)", "date": 1, "activities": {}, "stamps": {"date": "1.0@laptop", "level": "1.0@laptop", "note": "1.0@laptop"}, "level": 9, "creatorID": "x"}]}"#,
             status: .badRequest, code: "invalid_request"),
        Case(name: "duplicate ids", body: #"{"moods": [\#([1, 2].map { _ in #"{"id": "\#(id)", "date": 1, "activities": {}, "stamps": {"date": "1.0@laptop", "level": "1.0@laptop", "note": "1.0@laptop"}, "level": 3, "creatorID": "x"}"# }.joined(separator: ","))]}"#,
             status: .badRequest, code: "invalid_request"),
        Case(name: "deletion ids not UUIDs", path: SyncEndpoint.deletions, body: #"{"ids": [42]}"#, status: .badRequest, code: "invalid_request"),
        Case(name: "limit zero", method: .get, path: SyncEndpoint.changes + "?limit=0", status: .badRequest, code: "invalid_request"),
        Case(name: "garbage token", method: .get, path: SyncEndpoint.changes + "?since=garbage", status: .badRequest, code: "invalid_token"),
        Case(name: "body past 1 MiB", body: mood(#""level": 3, "creatorID": "x", "note": "\#(String(repeating: " ", count: 1 << 20))""#),
             status: .contentTooLarge, code: "body_too_large"),
        Case(name: "too many moods", body: #"{"moods": [\#((0...SyncLimits.maximumUploadBatch).map { _ in #"{"id": "\#(UUID().uuidString)", "date": 1, "activities": {}, "stamps": {"date": "1.0@laptop", "level": "1.0@laptop", "note": "1.0@laptop"}, "level": 3, "creatorID": "x"}"# }.joined(separator: ","))]}"#,
             status: .contentTooLarge, code: "too_many_moods"),
        Case(name: "a date that traps a Double-to-Int64 conversion",
             body: #"{"moods": [{"id": "\#(id)", "date": 9223372036854775296, "activities": {}, "stamps": {"date": "1.0@laptop", "level": "1.0@laptop", "note": "1.0@laptop"}, "level": 3, "creatorID": "x"}]}"#,
             status: .badRequest, code: "invalid_request"),
        Case(name: "a stamp past 2^53 ms",
             body: #"{"moods": [{"id": "\#(id)", "date": 1, "activities": {}, "stamps": {"date": "9007199254740993.0@laptop", "level": "9007199254740993.0@laptop", "note": "9007199254740993.0@laptop"}, "level": 3, "creatorID": "x"}]}"#,
             status: .badRequest, code: "invalid_request"),
        Case(name: "a date before 1970", body: #"{"moods": [{"id": "\#(id)", "date": -1, "activities": {}, "stamps": {"date": "1.0@laptop", "level": "1.0@laptop", "note": "1.0@laptop"}, "level": 3, "creatorID": "x"}]}"#,
             status: .badRequest, code: "invalid_request"),
        Case(name: "a stamp that is not one",
             body: #"{"moods": [{"id": "\#(id)", "date": 1, "activities": {}, "stamps": {"date": "1.0@x", "level": "yesterday", "note": "1.0@x"}, "level": 3, "creatorID": "x"}]}"#,
             status: .badRequest, code: "invalid_request"),
        Case(name: "a stamp without its device",
             body: #"{"moods": [{"id": "\#(id)", "date": 1, "activities": {}, "stamps": {"date": "1.0@x", "level": "1.0@", "note": "1.0@x"}, "level": 3, "creatorID": "x"}]}"#,
             status: .badRequest, code: "invalid_request"),
        Case(name: "no stamps", body: #"{"moods": [{"id": "\#(id)", "date": 1, "level": 3, "creatorID": "x"}]}"#,
             status: .badRequest, code: "invalid_request"),
        Case(name: "a NUL in a note", body: mood(#""level": 3, "creatorID": "x", "note": "a\u0000b""#), status: .badRequest, code: "invalid_request"),
        Case(name: "a NUL in a creator id", body: mood(#""level": 3, "creatorID": "\u0000evil""#), status: .badRequest, code: "invalid_request"),
        Case(name: "an escape sequence in a note", body: mood(#""level": 3, "creatorID": "x", "note": "\u001b]0;owned\u0007""#),
             status: .badRequest, code: "invalid_request"),
        Case(name: "one character of 100,000 combining marks",
             body: mood(#""level": 3, "creatorID": "x", "note": "e\#(String(repeating: "\u{301}", count: 100_000))""#),
             status: .badRequest, code: "invalid_request"),
        Case(name: "an untrimmed note", body: mood(#""level": 3, "creatorID": "x", "note": " padded ""#), status: .badRequest, code: "invalid_request"),
        Case(name: "a lower-case mood id",
             body: #"{"moods": [{"id": "\#(id.lowercased())", "date": 1, "activities": {}, "stamps": {"date": "1.0@laptop", "level": "1.0@laptop", "note": "1.0@laptop"}, "level": 3, "creatorID": "x"}]}"#,
             status: .badRequest, code: "invalid_request"),
        Case(name: "a lower-case deletion id", path: SyncEndpoint.deletions, body: #"{"ids": ["\#(id.lowercased())"]}"#,
             status: .badRequest, code: "invalid_request"),
        Case(name: "unknown route", method: .get, path: "/v1/nothing-here", status: .notFound, code: "not_found"),
        Case(name: "unknown route without token", method: .get, path: "/admin", authorization: .some(nil), status: .notFound, code: "not_found"),
        Case(name: "wrong method", method: .get, path: SyncEndpoint.moods, status: .methodNotAllowed, code: "method_not_allowed"),
        Case(name: "subscribe without upgrade", method: .get, path: SyncEndpoint.subscribe, status: .upgradeRequired, code: "websocket_required"),
    ]

    @Test(arguments: cases)
    func aBadRequestGetsAJSONErrorAndWritesNothing(_ bad: Case) async throws {
        try await TestServer.run(.sqlite) { server in
            var client = server.alice()
            var headers: HTTPFields = [:]
            switch bad.authorization {
            case .none: break
            case .some(.none): client.token = nil
            case .some(.some(let value)): headers[.authorization] = value
            }
            let response = try await client.raw(bad.method, bad.path, body: bad.body, headers: headers)
            #expect(response.status == bad.status)
            let error = try JSONDecoder().decode(ErrorResponse.self, from: response.body)
            #expect(error.error == bad.code)
            #expect(!error.message.isEmpty)
            #expect(try await server.logSizes() == [0, 0])
        }
    }

    @Test func aRevokedTokenIsRefusedAtOnce() async throws {
        try await TestServer.run(.sqlite) { server in
            let alice = server.alice()
            _ = try await alice.changes()
            _ = try await server.storage.revokeToken(hash: DeviceToken.hash(server.aliceToken))
            let response = try await alice.raw(.get, SyncEndpoint.changes)
            #expect(response.status == .unauthorized)
            #expect(try JSONDecoder().decode(ErrorResponse.self, from: response.body).error == "unauthorized")
        }
    }
}
