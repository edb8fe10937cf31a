import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import SyncProtocol

/// A device talking the sync protocol to a server under test, through HummingbirdTesting's client
/// (in-process live app) or its `TestClient` (a `moodtui serve` process).
struct APIClient: Sendable {
    typealias Send = @Sendable (String, HTTPRequest.Method, HTTPFields, ByteBuffer?) async throws -> (HTTPResponse.Status, HTTPFields, ByteBuffer)
    let send: Send
    var token: String?
    var device: String?
    /// The protocol version the requests say they speak; `nil` sends no version, as protocol 1
    /// clients did.
    var protocolVersion: Int? = ProtocolVersion.current

    init(_ client: any TestClientProtocol, token: String?, device: String? = nil) {
        send = { uri, method, headers, body in
            let response = try await client.executeRequest(uri: uri, method: method, headers: headers, body: body)
            return (response.status, response.headers, response.body)
        }
        self.token = token
        self.device = device
    }

    init(_ client: TestClient, token: String?, device: String? = nil) {
        send = { uri, method, headers, body in
            let response = try await client.execute(.init(uri, method: method, headers: headers, body: body))
            return (response.status, response.headers, response.body ?? ByteBuffer())
        }
        self.token = token
        self.device = device
    }

    /// Sends a raw request with this device's headers.
    func raw(_ method: HTTPRequest.Method, _ uri: String, body: String? = nil, headers extra: HTTPFields = [:]) async throws
        -> (status: HTTPResponse.Status, body: Data, headers: HTTPFields)
    {
        var headers = extra
        if let token, headers[.authorization] == nil { headers[.authorization] = "Bearer \(token)" }
        if let device { headers[HTTPField.Name(SyncEndpoint.deviceHeader)!] = device }
        if let protocolVersion, headers[.syncProtocol] == nil { headers[.syncProtocol] = String(protocolVersion) }
        if body != nil { headers[.contentType] = "application/json" }
        let (status, fields, buffer) = try await send(uri, method, headers, body.map { ByteBuffer(string: $0) })
        return (status, Data(buffer: buffer), fields)
    }

    func upload(_ moods: [MoodUpload]) async throws -> UploadResponse {
        try await decode(.post, SyncEndpoint.moods, UploadRequest(moods: moods))
    }

    /// Deletes without proofs, as the devices of an account without a key do.
    func delete(_ ids: [UUID]) async throws -> DeletionResponse {
        try await delete(ids.map(MoodDeletion.unsigned))
    }

    func delete(_ deletions: [MoodDeletion]) async throws -> DeletionResponse {
        try await decode(.post, SyncEndpoint.deletions, DeletionRequest(deletions: deletions))
    }

    func changes(since token: ChangeToken? = nil, limit: Int? = nil) async throws -> ChangesResponse {
        var query: [String] = []
        if let token { query.append("since=\(token.rawValue)") }
        if let limit { query.append("limit=\(limit)") }
        return try await decode(.get, SyncEndpoint.changes + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), nil as String?)
    }

    /// Every change since `token`, page by page, and the final token.
    func allChanges(since token: ChangeToken? = nil, limit: Int) async throws -> (changes: [Change], token: ChangeToken) {
        var changes: [Change] = [], token = token
        while true {
            let page = try await self.changes(since: token, limit: limit)
            changes += page.changes
            token = page.token
            if !page.more { return (changes, page.token) }
        }
    }

    private func decode<Body: Encodable, Result: Decodable>(_ method: HTTPRequest.Method, _ uri: String, _ body: Body?) async throws -> Result {
        let text = try body.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let response = try await raw(method, uri, body: text)
        guard response.status == .ok else {
            throw UnexpectedResponse(status: response.status, body: String(decoding: response.body, as: UTF8.self))
        }
        return try JSONDecoder().decode(Result.self, from: response.body)
    }
}

/// A response that was not the 200 a test expected.
struct UnexpectedResponse: Error, CustomStringConvertible {
    var status: HTTPResponse.Status
    var body: String
    var description: String { "\(status.code): \(body)" }
}

extension HTTPField.Name {
    /// The header naming the ``ProtocolVersion`` a request speaks.
    static let syncProtocol = HTTPField.Name(ProtocolVersion.header)!
}

extension ProtocolVersion {
    /// The header line a raw request sends to speak this version.
    static let headerLine = "\(header): \(current)"
}
