import Foundation
import Hummingbird
import SyncProtocol

/// Reading request bodies and writing responses as JSON, with errors in the protocol's shape.
enum JSONBody {
    /// Collects at most ``SyncLimits/maximumBodySize`` bytes and decodes them.
    /// - Throws: 413 past the limit; 400 naming the field for malformed JSON or invalid values.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: SyncLimits.maximumBodySize)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw ServerError.tooLarge("the request body is larger than \(SyncLimits.maximumBodySize) bytes")
        }
        do {
            return try JSONDecoder().decode(type, from: Data(buffer: buffer))
        } catch let error as DecodingError {
            throw ServerError.badRequest(DecodingErrorText.describe(error))
        } catch {
            throw ServerError.badRequest("the body is not valid JSON")
        }
    }

    /// The `Content-Type` of every body the server writes.
    static let contentType = "application/json; charset=utf-8"

    /// `value` as the server writes JSON: sorted keys (stable bodies), slashes as they are.
    static func encode(_ value: some Encodable) throws -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ByteBuffer(bytes: try encoder.encode(value))
    }

    /// A 200 (or `status`) response with `value` as JSON.
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        response(json: try encode(value), status: status)
    }

    /// A 200 (or `status`) response with a body that is JSON already.
    static func response(json: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: contentType], body: .init(byteBuffer: json))
    }
}
