import AsyncHTTPClient
import Foundation
import Logging
import MoodKit
import NIOCore
import NIOHTTP1
import SyncProtocol

/// The live ``MoodRemote``: the sync protocol over HTTP (async-http-client) and the push
/// WebSocket (``PushSocket``).
///
/// Every request carries the device token, the device id (so that the server does not push a
/// device's own writes back to it) and the ``SyncProtocolVersion`` it speaks; an answer from a
/// server of another version is refused before its body is read. Failures are sorted into
/// ``RemoteError`` cases by status.
public struct HTTPMoodRemote: MoodRemote {
    public let account: SyncAccount
    public let deviceID: String
    private let client: HTTPClient
    private let logger: Logger
    /// How long one request may take before the server counts as unreachable.
    private let timeout: TimeAmount = .seconds(30)
    private let pushTiming: PushSocketTiming

    /// - Parameter pushTiming: how long the push socket may take to open, and how often it
    ///   checks that the server is still there; tests shorten them.
    public init(
        account: SyncAccount, deviceID: String, client: HTTPClient = HTTPMoodRemote.sharedClient,
        pushTiming: PushSocketTiming = PushSocketTiming(), logger: Logger
    ) {
        self.account = account
        self.deviceID = deviceID
        self.client = client
        self.pushTiming = pushTiming
        self.logger = logger
    }

    /// The client every remote shares unless told otherwise. Unlike `HTTPClient.shared` it does
    /// not keep retrying to connect until the request's deadline: the engine has its own backoff,
    /// and a server that is down must read as "offline" at once, not after 30 seconds.
    public static let sharedClient: HTTPClient = {
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(5), read: .seconds(30)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    public func upload(_ moods: [MoodUpload]) async throws(RemoteError) -> UploadResponse {
        try await send(.POST, SyncEndpoint.moods, body: UploadRequest(moods: moods))
    }

    public func delete(_ ids: [Mood.ID]) async throws(RemoteError) -> DeletionResponse {
        try await send(.POST, SyncEndpoint.deletions, body: DeletionRequest(ids: ids))
    }

    public func changes(since token: ChangeToken?, limit: Int) async throws(RemoteError) -> ChangesResponse {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let token { query.append(URLQueryItem(name: "since", value: token.rawValue)) }
        return try await send(.GET, SyncEndpoint.changes, query: query, body: Optional<String>.none)
    }

    public func accountInfo() async throws(RemoteError) -> AccountResponse {
        try await send(.GET, SyncEndpoint.account, body: Optional<String>.none)
    }

    public func changeKey(_ request: KeyChangeRequest) async throws(RemoteError) -> AccountResponse {
        try await send(.PUT, SyncEndpoint.accountKey, body: request)
    }

    public func devices() async throws(RemoteError) -> [ListedDevice] {
        let answer: DeviceListResponse = try await send(.GET, SyncEndpoint.devices, body: Optional<String>.none)
        return answer.devices
    }

    public func revokeDevice(_ id: DeviceTokenID) async throws(RemoteError) {
        _ = try await exchange(.DELETE, SyncEndpoint.device(id), body: Optional<String>.none)
    }

    public func listenForPushes(connected: @escaping @Sendable () -> Void, pushed: @escaping @Sendable () -> Void)
        async throws(RemoteError)
    {
        guard let endpoint = PushEndpoint(server: account.server, path: basePath + SyncEndpoint.subscribe) else {
            throw .incompatible("'\(account.server)' is not a server URL")
        }
        var headers = HTTPHeaders()
        headers.add(name: "Authorization", value: "Bearer \(account.token)")
        headers.add(name: SyncEndpoint.deviceHeader, value: deviceID)
        headers.add(name: SyncProtocolVersion.header, value: String(SyncProtocolVersion.current))
        let socket = PushSocket(endpoint: endpoint, headers: headers, timing: pushTiming, logger: logger)
        do {
            try await socket.listen(connected: connected, pushed: pushed)
        } catch {
            throw .unreachable(Self.describe(error))
        }
    }

    /// The server URL's path without a trailing slash, so `http://host/sync/` works as well.
    private var basePath: String {
        var path = account.server.path
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// One request whose answer is JSON of type `Response`.
    private func send<Body: Encodable, Response: Decodable>(
        _ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], body: Body?
    ) async throws(RemoteError) -> Response {
        let data = try await exchange(method, path, query: query, body: body)
        do { return try JSONDecoder().decode(Response.self, from: data) } catch {
            throw .incompatible("the answer to \(path) could not be read: \(error)")
        }
    }

    /// One request; returns the body of a successful answer.
    private func exchange<Body: Encodable>(
        _ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [], body: Body?
    ) async throws(RemoteError) -> Data {
        var components = URLComponents(url: account.server, resolvingAgainstBaseURL: false)
        components?.path = basePath + path
        components?.queryItems = query.isEmpty ? nil : query
        guard let url = components?.string else { throw .incompatible("'\(account.server)' is not a server URL") }
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers.add(name: "Authorization", value: "Bearer \(account.token)")
        request.headers.add(name: SyncEndpoint.deviceHeader, value: deviceID)
        request.headers.add(name: SyncProtocolVersion.header, value: String(SyncProtocolVersion.current))
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            do { request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body))) } catch {
                throw .incompatible("cannot encode the request: \(error)")
            }
        }
        let status: Int
        let bytes: ByteBuffer
        let serverVersion: String?
        let retryAfter: String?
        do {
            let response = try await client.execute(request, timeout: timeout, logger: logger)
            status = Int(response.status.code)
            serverVersion = response.headers.first(name: SyncProtocolVersion.header)
            retryAfter = response.headers.first(name: "Retry-After")
            bytes = try await response.body.collect(upTo: 64 << 20)
        } catch {
            throw .unreachable(Self.describe(error))
        }
        let data = Data(bytes.readableBytesView)
        // An answer is only read in the version this device speaks: one without the header comes
        // from a server that predates the negotiation, whose moods carry no stamps. Besides
        // successes, that holds for the refusals that would mark moods failed; other failures
        // (a 503 the connection layer makes, before any route) are sorted by status.
        let answered = SyncProtocolVersion.spoken(byHeader: serverVersion)
        if answered != SyncProtocolVersion.current, (200..<300).contains(status) || [400, 413, 422].contains(status) {
            throw .protocolMismatch(SyncProtocolVersion.mismatch(server: answered, device: SyncProtocolVersion.current))
        }
        guard (200..<300).contains(status) else { throw Self.error(status: status, path: path, body: data, retryAfter: retryAfter) }
        return data
    }

    private static func error(status: Int, path: String, body: Data, retryAfter: String?) -> RemoteError {
        let answer = try? JSONDecoder().decode(ErrorResponse.self, from: body)
        let message = answer?.message ?? "HTTP \(status)"
        if answer?.error == SyncProtocolVersion.mismatchCode { return .protocolMismatch(message) }
        if status == 429 {
            // Whole seconds (the HTTP-date form is not used by moodtui servers), within an hour.
            let seconds = retryAfter.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { min(max($0, 1), 3_600) } ?? 1
            return .rateLimited(retryAfter: .seconds(seconds))
        }
        switch answer.flatMap({ SyncErrorCode(rawValue: $0.error) }) {
        case .keyChanged: return .keyChanged(message)
        case .changesSince: return .changesSince(message)
        case .unknownDevice: return .unknownDevice(message)
        case .historyCompacted: return .historyCompacted
        case .rateLimited, nil: break
        }
        switch status {
        case 400, 413, 422: return .rejected(message)
        case 401, 403: return .unauthorized(message)
        case 410: return .tokenExpired
        case 408, 500...: return .unavailable(message)
        default: return .incompatible("HTTP \(status) for \(path)")
        }
    }

    /// A connection error in words ("connection refused", not a NIO type dump).
    private static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout, .deadlineExceeded, .readTimeout: return "timed out"
            case .remoteConnectionClosed: return "the connection was closed"
            default: return "\(error)"
            }
        }
        let text = "\(error)"
        if text.localizedCaseInsensitiveContains("connection refused") { return "connection refused" }
        return text
    }
}
