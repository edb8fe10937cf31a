import AsyncHTTPClient
import Foundation
import Logging
import MoodKit
import MoodSealing
import NIOCore
import NIOHTTP1
import NIOSSL
import SyncProtocol

/// The live ``MoodRemote``: the sync protocol over HTTP (async-http-client) and the push
/// WebSocket (`PushSocket`).
///
/// Every request carries the device token, the device id (so that the server does not push a
/// device's own writes back to it) and the `ProtocolVersion` it speaks; an answer from a
/// server of another version is refused before its body is read. Failures are sorted into
/// ``RemoteError`` cases by their `SyncErrorCode`, or by status when they carry none.
public struct HTTPMoodRemote: MoodRemote {
    public let account: SyncAccount
    public let deviceID: String
    private let client: HTTPClient
    private let logger: Logger
    /// How long one request may take before the server counts as unreachable.
    private let timeout: TimeAmount = .seconds(30)
    private let pushTiming: PushSocketTiming
    /// How requests reach the server (the TLS trust), or why none may be sent.
    private let transport: Result<TLSConfiguration, RemoteError>

    /// - Parameters:
    ///   - account: the server, the device's token and the trust the server is checked against.
    ///   - deviceID: this device's id, which the device header is derived from.
    ///   - client: the HTTP client requests go through; one is shared by the whole process.
    ///   - pushTiming: how long the push socket may take to open, and how often it
    ///     checks that the server is still there; tests shorten them.
    ///   - logger: the remote's log; never given a token.
    public init(
        account: SyncAccount, deviceID: String, client: HTTPClient = HTTPMoodRemote.sharedClient,
        pushTiming: PushSocketTiming = PushSocketTiming(), logger: Logger
    ) {
        self.account = account
        self.deviceID = deviceID
        self.client = client
        if let refusal = account.trust.refusal(of: account.server) {
            transport = .failure(.untrustedServer(refusal))
        } else {
            do { transport = .success(try account.trust.tlsConfiguration()) } catch { transport = .failure(.untrustedServer(error.description)) }
        }
        self.pushTiming = pushTiming
        self.logger = logger
    }

    /// The client every remote shares unless told otherwise. Unlike `HTTPClient.shared` it does
    /// not keep retrying to connect until the request's deadline: the engine has its own backoff,
    /// and a server that is down must read as "offline" at once, not after 30 seconds.
    public static let sharedClient: HTTPClient = {
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(5), read: .seconds(30)))
        configuration.connectionPool.retryConnectionEstablishment = false
        // A redirect is not followed: it could lead to plain HTTP or another host, around the
        // checks of the server this device was logged in to.
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    public func upload(_ moods: [MoodUpload]) async throws(RemoteError) -> UploadResponse {
        try await send(SyncCalls.upload, UploadRequest(moods: moods))
    }

    public func delete(_ deletions: [MoodDeletion]) async throws(RemoteError) -> DeletionResponse {
        try await send(SyncCalls.delete, DeletionRequest(deletions: deletions))
    }

    public func changes(since token: ChangeToken?, limit: Int) async throws(RemoteError) -> ChangesResponse {
        try await send(SyncCalls.changes, NoContent(), query: Self.pageQuery(since: token, limit: limit))
    }

    public func createShare(_ request: ShareCreationRequest) async throws(RemoteError) -> ListedShare {
        try await send(SyncCalls.createShare, request)
    }

    public func shares() async throws(RemoteError) -> [ListedShare] {
        try await send(SyncCalls.listShares, NoContent()).shares
    }

    public func revokeShare(_ id: ShareID, proof: AccountSignature?) async throws(RemoteError) {
        let headers = proof.map { [SyncEndpoint.proofHeader: $0.description] } ?? [:]
        _ = try await send(SyncCalls.revokeShare, NoContent(), path: SyncEndpoint.share(id), headers: headers)
    }

    public func upload(_ entries: [MoodUpload], toShare id: ShareID) async throws(RemoteError) -> UploadResponse {
        try await send(SyncCalls.uploadToShare, UploadRequest(moods: entries), path: SyncEndpoint.shareMoods(id))
    }

    public func changes(ofShare id: ShareID, since token: ChangeToken?, limit: Int) async throws(RemoteError) -> ChangesResponse {
        try await send(SyncCalls.shareChanges, NoContent(), path: SyncEndpoint.shareChanges(id), query: Self.pageQuery(since: token, limit: limit))
    }

    /// `limit=N&since=TOKEN`, for any change feed.
    private static func pageQuery(since token: ChangeToken?, limit: Int) -> [URLQueryItem] {
        [URLQueryItem(name: "limit", value: String(limit))] + (token.map { [URLQueryItem(name: "since", value: $0.rawValue)] } ?? [])
    }

    public func accountInfo() async throws(RemoteError) -> AccountResponse {
        try await send(SyncCalls.account, NoContent())
    }

    public func changeKey(_ request: KeyChangeRequest) async throws(RemoteError) -> AccountResponse {
        try await send(SyncCalls.changeKey, request)
    }

    public var tokenID: DeviceTokenID { DeviceTokenID(token: account.token) }

    public func registerDeviceKey(_ registration: DeviceKeyRegistration) async throws(RemoteError) {
        _ = try await send(SyncCalls.registerDeviceKey, registration)
    }

    public func publishHead(_ head: AccountHead) async throws(RemoteError) -> Bool {
        do {
            _ = try await send(SyncCalls.publishHead, head)
            return true
        } catch {
            guard case .headMoved = error else { throw error }
            return false
        }
    }

    public func setup() async throws(RemoteError) -> SetupResponse {
        try await send(SyncCalls.setup, NoContent())
    }

    public func storeSetup(_ upload: SetupUpload) async throws(RemoteError) -> Int64? {
        do { return try await send(SyncCalls.storeSetup, upload).version } catch {
            guard case .changesSince = error else { throw error }
            return nil
        }
    }

    public func devices() async throws(RemoteError) -> [ListedDevice] {
        try await send(SyncCalls.listDevices, NoContent()).devices
    }

    public func revokeDevice(_ id: DeviceTokenID, proof: AccountSignature?) async throws(RemoteError) {
        let headers = proof.map { [SyncEndpoint.proofHeader: $0.description] } ?? [:]
        _ = try await send(SyncCalls.revokeDevice, NoContent(), path: SyncEndpoint.device(id), headers: headers)
    }

    public func listenForPushes(connected: @escaping @Sendable () -> Void, pushed: @escaping @Sendable () -> Void)
        async throws(RemoteError)
    {
        guard let endpoint = PushEndpoint(server: account.server, path: basePath + SyncRoute.subscribe.template) else {
            throw .incompatible("'\(account.server)' is not a server URL")
        }
        var headers = HTTPHeaders()
        headers.add(name: "Authorization", value: "Bearer \(account.token)")
        headers.add(name: SyncEndpoint.deviceHeader, value: deviceTag)
        headers.add(name: ProtocolVersion.header, value: String(ProtocolVersion.current))
        let socket = PushSocket(endpoint: endpoint, headers: headers, tls: try transport.get(), timing: pushTiming, logger: logger)
        do {
            try await socket.listen(connected: connected, pushed: pushed)
        } catch {
            throw .unreachable(Self.describe(error))
        }
    }

    /// What the device header carries: not the id, which sealed stamps keep from the server.
    private var deviceTag: String { DeviceTag.tag(deviceID: deviceID, token: account.token) }

    /// The server URL's path without a trailing slash, so `http://host/sync/` works as well.
    private var basePath: String {
        var path = account.server.path
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// Sends `call` with `body` (none for ``NoContent``) and reads its answer.
    /// - Parameter path: the call's path with its `{…}` filled in; its template when `nil`.
    private func send<Body, Answer>(
        _ call: SyncCall<Body, Answer>, _ body: Body, path: String? = nil, query: [URLQueryItem] = [], headers: [String: String] = [:]
    ) async throws(RemoteError) -> Answer {
        let path = path ?? call.route.template
        let data = try await exchange(call.route, path: path, query: query, headers: headers, body: body is NoContent ? nil : body)
        if let none = NoContent() as? Answer { return none }
        do { return try JSONDecoder().decode(Answer.self, from: data) } catch {
            // The decoder's words quote the answer's keys: the server's text, made safe to show.
            throw .incompatible("the answer to \(path) could not be read: \(TerminalSafeText.singleLine("\(error)"))")
        }
    }

    /// One request of `route` to `path` (its template, filled in); returns the body of a
    /// successful answer.
    private func exchange(
        _ route: SyncRoute, path: String, query: [URLQueryItem], headers: [String: String], body: (any Encodable)?
    ) async throws(RemoteError) -> Data {
        var components = URLComponents(url: account.server, resolvingAgainstBaseURL: false)
        components?.path = basePath + path
        components?.queryItems = query.isEmpty ? nil : query
        guard let url = components?.string else { throw .incompatible("'\(account.server)' is not a server URL") }
        var request = HTTPClientRequest(url: url)
        request.tlsConfiguration = try transport.get()
        request.method = HTTPMethod(rawValue: route.method.rawValue)
        request.headers.add(name: "Authorization", value: "Bearer \(account.token)")
        request.headers.add(name: SyncEndpoint.deviceHeader, value: deviceTag)
        request.headers.add(name: ProtocolVersion.header, value: String(ProtocolVersion.current))
        for (name, value) in headers { request.headers.add(name: name, value: value) }
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
            serverVersion = response.headers.first(name: ProtocolVersion.header)
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
        let answered = ProtocolVersion.spoken(byHeader: serverVersion)
        if answered != ProtocolVersion.current, (200..<300).contains(status) || [400, 413, 422].contains(status) {
            throw .protocolMismatch(ProtocolVersion.mismatch(server: answered, device: ProtocolVersion.current))
        }
        guard (200..<300).contains(status) else { throw Self.error(status: status, path: path, body: data, retryAfter: retryAfter) }
        return data
    }
}
