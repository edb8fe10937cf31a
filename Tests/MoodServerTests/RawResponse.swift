import Foundation
import SyncProtocol

/// An HTTP/1.1 response read off a ``RawConnection``: its status, headers and body, and whether
/// it is complete (the body as long as `Content-Length` says).
struct RawResponse: CustomStringConvertible {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]

    /// The first response in `bytes`, or `nil` when they do not start with a whole head.
    init?(_ bytes: [UInt8]) {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = (0...max(0, bytes.count - separator.count)).first(where: { bytes[$0..<min($0 + 4, bytes.count)].elementsEqual(separator) })
        else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = lines.first, let code = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        status = code
        headers = Dictionary(lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }, uniquingKeysWith: { first, _ in first })
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        body = Array(bytes[(end + separator.count)...].prefix(length))
    }

    /// Whether the body is as long as `Content-Length` says.
    var isComplete: Bool { headers["content-length"].flatMap { Int($0) } == body.count }

    /// The protocol's JSON error, if the body is one.
    var error: ErrorResponse? { try? JSONDecoder().decode(ErrorResponse.self, from: Data(body)) }

    var description: String { "\(status) \(headers) \(String(decoding: body, as: UTF8.self))" }
}
