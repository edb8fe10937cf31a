import Foundation
import HTTPTypes
import Hummingbird
import SyncProtocol

/// A request the server refuses, as the status and JSON body the client gets.
struct ServerError: Error, HTTPResponseError {
    var status: HTTPResponse.Status
    var code: SyncErrorCode
    var message: String
    var headers: HTTPFields = [:]

    static func badRequest(_ message: String) -> Self { .init(status: .badRequest, code: .invalidRequest, message: message) }
    static let unauthorized = Self(
        status: .unauthorized, code: .unauthorized,
        message: "send a valid device token as 'Authorization: Bearer TOKEN' (moodtui account add NAME makes one)",
        headers: [.wwwAuthenticate: "Bearer"])
    static func tooLarge(_ message: String, code: SyncErrorCode = .bodyTooLarge) -> Self {
        .init(status: .contentTooLarge, code: code, message: message)
    }
    /// 409: the account's key is not the one the request assumed.
    /// 403 `read_only`: a share's token on a request it may not make.
    static let readOnly = ServerError(
        status: .forbidden, code: .readOnly, message: "a share's token reads the share and nothing else; it cannot write")

    static func keyChanged(_ message: String) -> Self {
        .init(status: .conflict, code: .keyChanged, message: message)
    }
    static let tokenExpired = Self(
        status: .gone, code: .tokenExpired,
        message: "this change token is not valid on this server any more: fetch again without 'since'")
    static let historyCompacted = Self(
        status: .gone, code: .historyCompacted,
        message: "this change token is older than deletions the server no longer keeps: fetch again without 'since', "
            + "then drop the moods the server acknowledged before that it no longer lists")

    /// 429: the client is over its rate; it may try again after `retryAfter` (whole seconds, at
    /// least one).
    static func rateLimited(retryAfter: Duration) -> Self {
        let seconds = max(1, Int(retryAfter.timeInterval.rounded(.up)))
        return .init(
            status: .tooManyRequests, code: .rateLimited,
            message: "too many requests; try again in \(seconds) s", headers: [.retryAfter: String(seconds)])
    }

    /// The JSON body clients get.
    var body: ErrorResponse { ErrorResponse(code: code, message: message) }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try JSONBody.response(body, status: status)
        for field in headers { response.headers.append(field) }
        return response
    }
}
