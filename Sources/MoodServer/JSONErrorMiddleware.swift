import Hummingbird
import Logging
import ServerStorage
import SyncProtocol

/// Turns every error into the protocol's JSON shape, `{"error", "message"}`: our own errors as
/// they are (a storage's ``KeyMismatch`` as 409 `key_changed`), Hummingbird's by status (404 for an unknown route, 405 for a known path with the
/// wrong method, 413 for a body past the limit, any other 4xx as `unsupported_request`), a body the HTTP parser refused as 400, a
/// connection lost mid-request as 400 (logged at debug: the client's doing), anything else as a
/// 500 logged as an error.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The routes the router serves, for 405 and its `Allow` header.
    let routes: [SyncRoute]


    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ServerError {
            throw error
        } catch let mismatch as KeyMismatch {
            throw ServerError.keyChanged(mismatch.message)
        } catch let error as any HTTPResponseError {
            throw translate(error.status, request: request)
        } catch {
            if let answer = ServerError.clientFault(error) {
                context.logger.debug("request could not be read", metadata: ["error": "\(error)"])
                throw answer
            }
            context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
            throw ServerError(status: .internalServerError, code: .internal, message: "the server failed; try again later")
        }
    }

    private func translate(_ status: HTTPResponse.Status, request: Request) -> ServerError {
        switch status {
        case .notFound:
            let methods = routes.filter { $0.matches(path: request.uri.path) }.map(\.method.rawValue).joined(separator: ", ")
            if !methods.isEmpty {
                return ServerError(
                    status: .methodNotAllowed, code: .methodNotAllowed, message: "\(request.uri.path) takes \(methods)",
                    headers: [.allow: methods])
            }
            return ServerError(status: .notFound, code: .notFound, message: "no such endpoint: \(request.uri.path)")
        case .contentTooLarge:
            return .tooLarge("the request body is larger than \(SyncLimits.maximumBodySize) bytes")
        default:
            let code: SyncErrorCode = switch status.code {
            case 400: .invalidRequest
            case 500...: .internal
            default: .unsupportedRequest
            }
            return ServerError(status: status, code: code, message: status.reasonPhrase)
        }
    }
}
