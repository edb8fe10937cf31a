import Hummingbird
import HTTPTypes
import SyncProtocol

/// Negotiates ``ProtocolVersion`` on every request but the operator's (`SyncEndpoint/operatorPaths`): every answer, an
/// error as much as a success, names the version this server speaks, and a request of another
/// version is refused before anything is read or written (before the token is even checked), in
/// words that say which side to update. It sits outside ``JSONErrorMiddleware``, whose errors it
/// sees already translated.
///
/// The refusal is a 503 with `Retry-After`: the one answer a protocol 1 client (which sends no
/// version) shows in words and retries later without marking any mood failed, so that nothing it
/// holds is lost or merged wrongly until it is updated. Clients from version 2 on recognise the
/// code (``SyncErrorCode/protocolMismatch``) and stop syncing with the message.
struct ProtocolVersionMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !SyncEndpoint.operatorPaths.contains(request.uri.path) else { return try await next(request, context) }
        let spoken = ProtocolVersion.spoken(byHeader: request.headers[.syncProtocolVersion])
        do {
            guard spoken == ProtocolVersion.current else { throw ServerError.protocolMismatch(spoken: spoken) }
            var response = try await next(request, context)
            response.headers[.syncProtocolVersion] = String(ProtocolVersion.current)
            return response
        } catch var error as ServerError {  // every error is one by now (JSONErrorMiddleware)
            error.headers[.syncProtocolVersion] = String(ProtocolVersion.current)
            throw error
        }
    }
}

extension HTTPField.Name {
    /// ``ProtocolVersion/header``, made once.
    static let syncProtocolVersion = HTTPField.Name(ProtocolVersion.header)!
}

extension ServerError {
    /// A request of a protocol version this server does not speak (`nil`: not a number).
    static func protocolMismatch(spoken: Int?) -> Self {
        Self(
            status: .serviceUnavailable, code: .protocolMismatch,
            message: ProtocolVersion.mismatch(server: ProtocolVersion.current, device: spoken),
            headers: [.retryAfter: "3600"])
    }
}
