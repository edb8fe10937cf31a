import Hummingbird
import SyncProtocol

/// What a route answers to its call: a value of the call's answer type, so that a route cannot
/// answer with another type than the one the client decodes.
struct SyncReply<Answer: Codable & Sendable>: Sendable {
    let response: Response

    /// `answer` as JSON, with `status` (200 unless said).
    static func answer(_ answer: Answer, status: HTTPResponse.Status = .ok) throws -> Self {
        Self(response: try JSONBody.response(answer, status: status))
    }

    /// `answer` as JSON written by an encoder of its own: the change feed's pages, the largest
    /// answers, are written without building them through `JSONEncoder`.
    static func answer(_ answer: Answer, encodedBy encode: (Answer) -> ByteBuffer) -> Self {
        Self(response: JSONBody.response(json: encode(answer)))
    }
}

extension SyncReply where Answer == NoContent {
    /// 204: done, nothing to say.
    static var noContent: Self { Self(response: Response(status: .noContent)) }
}
