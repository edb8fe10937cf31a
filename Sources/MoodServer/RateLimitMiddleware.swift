import Hummingbird
import SyncProtocol

/// Answers 429 with `Retry-After` when the request's client is over its rate (``RateLimiter``):
/// by address on every route but the operator's (`/healthz`, `/metrics`), by device token behind `BearerAuthMiddleware`.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = MoodRequestContext
    let limiter: RateLimiter
    /// Whose bucket a request takes from; `nil`: not counted.
    let key: @Sendable (Request, Context) -> RateLimiter.Key?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let key = key(request, context), let wait = limiter.admit(key) { throw ServerError.rateLimited(retryAfter: wait) }
        return try await next(request, context)
    }

    /// Counts every request but the operator's by the client's IP address.
    static func byAddress(_ limiter: RateLimiter) -> Self {
        Self(limiter: limiter) { request, context in
            guard !SyncEndpoint.operatorPaths.contains(request.uri.path),
                let address = ClientAddress.of(request, peer: context.channel.remoteAddress, trusting: limiter.limits.trustedProxies)
            else { return nil }
            return .address(address)
        }
    }

    /// Counts authenticated requests by device token.
    static func byToken(_ limiter: RateLimiter) -> Self {
        Self(limiter: limiter) { _, context in context.credential.map { .token($0.tokenHash) } }
    }
}
