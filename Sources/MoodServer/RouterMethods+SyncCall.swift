import HTTPTypes
import Hummingbird
import SyncProtocol

extension HTTPRequest.Method {
    /// The protocol's method as Hummingbird names it.
    init(_ method: SyncRoute.Method) {
        switch method {
        case .get: self = .get
        case .put: self = .put
        case .post: self = .post
        case .delete: self = .delete
        }
    }
}

extension RouterMethods {
    /// Serves `route` at its path with its method, and no other.
    @discardableResult
    func on(_ route: SyncRoute, use handler: @escaping @Sendable (Request, Context) async throws -> some ResponseGenerator) -> Self {
        on(RouterPath(route.template), method: HTTPRequest.Method(route.method), use: handler)
    }

    /// Serves `call`: reads its body (none for ``NoContent``, without reading the request's),
    /// and answers with what `handler` makes of it.
    @discardableResult
    func on<Body, Answer>(
        _ call: SyncCall<Body, Answer>, use handler: @escaping @Sendable (Body, Request, Context) async throws -> SyncReply<Answer>
    ) -> Self {
        on(call.route) { request, context in
            let body: Body
            if let none = NoContent() as? Body { body = none } else { body = try await JSONBody.decode(Body.self, from: request) }
            return try await handler(body, request, context).response
        }
    }
}
