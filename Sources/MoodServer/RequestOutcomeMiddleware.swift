import HTTPTypes
import Hummingbird
import MoodKit
import SyncProtocol

/// Observes each request's outcome, outside every other middleware so that it sees the status
/// the client gets (errors included): counts and times it in ``ServerMetrics``, logs it at debug
/// level with the request id Hummingbird gives every request (in every log line of the request),
/// and returns that id in `SyncEndpoint/requestIDHeader` so that a report from a user can be
/// matched with the server's logs.
///
/// It logs the method, the route template and the status, never the query (which carries change
/// tokens) nor the headers (which carry the device token).
struct RequestOutcomeMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        do {
            var response = try await next(request, context)
            record(request, context, status: response.status, since: started)
            response.headers[.requestID] = context.id
            return response
        } catch var error as ServerError {  // every error is one by now (JSONErrorMiddleware)
            record(request, context, status: error.status, since: started)
            error.headers[.requestID] = context.id
            throw error
        } catch {
            record(request, context, status: (error as? any HTTPResponseError)?.status ?? .internalServerError, since: started)
            throw error
        }
    }

    private func record(_ request: Request, _ context: Context, status: HTTPResponse.Status, since started: ContinuousClock.Instant) {
        let duration = ContinuousClock.now - started
        // A path no route has (Hummingbird names it "NotFound") shares one label, so that a
        // scanner's guesses do not each make a series; one a route has, with another method, is
        // named by that route's template.
        let route = context.endpointPath.flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? SyncRoute.allCases.first { $0.matches(path: request.uri.path) }?.template ?? "unmatched"
        metrics.requestAnswered(route: route, method: request.method, status: status, duration: duration)
        context.logger.debug("request", metadata: [
            "method": "\(request.method.rawValue)", "route": "\(route)", "status": "\(status.code)",
            "milliseconds": "\(Int((duration.timeInterval * 1000).rounded()))",
        ])
    }
}

extension HTTPField.Name {
    /// `SyncEndpoint/requestIDHeader`, made once.
    static let requestID = HTTPField.Name(SyncEndpoint.requestIDHeader)!
}
