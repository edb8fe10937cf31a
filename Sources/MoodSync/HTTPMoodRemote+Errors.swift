import AsyncHTTPClient
import Foundation
import NIOSSL
import SyncProtocol

/// What a failed request means for the device: an error answer by its code or status, a
/// connection error in words.
extension HTTPMoodRemote {
    /// What an error answer means for the device: by its code when it carries one of ours
    /// (every code is handled: a new one does not compile until it is), else by status (an
    /// answer a proxy made, or an older server's).
    static func error(status: Int, path: String, body: Data, retryAfter: String?) -> RemoteError {
        let answer = try? JSONDecoder().decode(ErrorResponse.self, from: body)
        let message = answer?.message ?? "HTTP \(status)"
        // Whole seconds (the HTTP-date form is not used by moodtui servers), within an hour.
        let wait = Duration.seconds(retryAfter.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { min(max($0, 1), 3_600) } ?? 1)
        guard let code = answer?.code else {
            switch status {
            case 429: return .rateLimited(retryAfter: wait)
            case 400, 413, 422: return .rejected(message)
            case 401, 403: return .unauthorized(message)
            case 410: return .tokenExpired
            case 408, 500...: return .unavailable(message)
            default: return .incompatible("HTTP \(status) for \(path)")
            }
        }
        switch code {
        case .protocolMismatch: return .protocolMismatch(message)
        case .keyChanged: return .keyChanged(message)
        case .changesSince: return .changesSince(message)
        case .unknownDevice: return .unknownDevice(message)
        case .unknownShare: return .unknownShare(message)
        case .readOnly: return .readOnly(message)
        case .proofRequired: return .proofRequired(message)
        case .headMoved: return .headMoved(message)
        case .historyCompacted: return .historyCompacted
        case .tokenExpired: return .tokenExpired
        case .unauthorized: return .unauthorized(message)
        case .invalidRequest, .invalidToken, .bodyTooLarge, .tooManyMoods, .shareExists, .tooManyShares: return .rejected(message)
        case .internal, .serverBusy: return .unavailable(message)
        case .rateLimited: return .rateLimited(retryAfter: wait)
        case .notFound, .methodNotAllowed, .webSocketRequired, .headerTooLarge, .unsupportedRequest: return .incompatible("HTTP \(status) for \(path): \(message)")
        }
    }

    /// A connection error in words ("connection refused", not a NIO type dump).
    static func describe(_ error: any Error) -> String {
        if case PushSocketError.connection(let cause) = error { return describe(cause) }
        if error is NIOSSLError || error is BoringSSLError {
            let cause = "\(error)".contains("CERTIFICATE_VERIFY_FAILED")
                ? "the server's certificate is not from an authority this device trusts" : "\(error)"
            return "the secure connection failed: \(cause) (for a self-hosted server's own authority, log in with --ca-file FILE)"
        }
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
