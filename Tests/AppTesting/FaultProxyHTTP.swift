import Foundation

/// The start of an HTTP/1.1 message, parsed just enough to find where the message ends: a fault
/// applies to one request, and clients send many on one keep-alive connection.
struct HTTPHead: Sendable {
    /// The first line's words: method, target, version; or version, status, reason.
    private let startLine: [String]
    private let headers: [(name: String, value: String)]

    /// Parses a head as ``MessageReader/nextHead()`` returns it (through the blank line); nil
    /// when it is not HTTP.
    init?(_ bytes: [UInt8]) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: true)
        guard let first = lines.first else { return nil }
        startLine = first.split(separator: " ", maxSplits: 2).map(String.init)
        guard startLine.count >= 2 else { return nil }
        headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
    }

    /// The head `bytes` without the header lines named `name` (in any case).
    static func dropping(_ name: String, from bytes: [UInt8]) -> [UInt8] {
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let kept = lines.filter { !$0.lowercased().hasPrefix(name.lowercased() + ":") }
        return Array(kept.joined(separator: "\r\n").utf8)
    }

    var method: String { startLine[0] }
    var target: String { startLine[1] }
    /// The status of a response; nil for a request.
    var status: Int? { startLine[0].hasPrefix("HTTP/") ? Int(startLine[1]) : nil }
    /// Whether a request asks to switch protocols (a WebSocket handshake).
    var asksUpgrade: Bool { header("upgrade") != nil }

    /// How the body of this head, a request's, is framed.
    var requestBody: BodyFraming {
        if isChunked { return .chunked }
        return .length(contentLength ?? 0)
    }

    /// How the body of this head, a response to a `method` request, is framed.
    func responseBody(toMethod method: String) -> BodyFraming {
        let status = status ?? 200
        if method == "HEAD" || (100..<200).contains(status) || status == 204 || status == 304 { return .length(0) }
        if isChunked { return .chunked }
        return contentLength.map(BodyFraming.length) ?? .untilClose
    }

    private var isChunked: Bool { header("transfer-encoding")?.lowercased().contains("chunked") == true }
    private var contentLength: Int? { header("content-length").flatMap { Int($0) } }

    private func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }
}

/// How a message's body is delimited.
enum BodyFraming: Sendable, Equatable {
    case length(Int)
    case chunked
    /// A response without length: it ends when the server closes.
    case untilClose
}

/// Finds where a body ends as its bytes arrive, without decoding it: the proxy forwards the
/// bytes as they came.
struct BodyScanner: Sendable {
    private enum Stage: Sendable, Equatable {
        case data(remaining: Int)
        case untilClose
        case chunkSize(Int, inExtension: Bool)
        case chunkData(remaining: Int)
        /// The CRLF after a chunk's data.
        case chunkEnd
        /// The trailer section after the last chunk; it ends with an empty line.
        case trailer(lineLength: Int)
        case done
        /// The chunked framing made no sense.
        case broken
    }

    private var stage: Stage

    init(_ framing: BodyFraming) {
        switch framing {
        case .length(let count): stage = count > 0 ? .data(remaining: count) : .done
        case .chunked: stage = .chunkSize(0, inExtension: false)
        case .untilClose: stage = .untilClose
        }
    }

    var isDone: Bool { stage == .done }
    var isBroken: Bool { stage == .broken }
    var endsWithStream: Bool { stage == .untilClose }

    /// How many of `bytes` (which follow what was scanned before) belong to the body.
    mutating func scan(_ bytes: ArraySlice<UInt8>) -> Int {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch stage {
            case .done, .broken: return index - bytes.startIndex
            case .untilClose: return bytes.count
            case .data(let remaining):
                let taken = min(remaining, bytes.endIndex - index)
                index += taken
                stage = taken == remaining ? .done : .data(remaining: remaining - taken)
                continue
            case .chunkData(let remaining):
                let taken = min(remaining, bytes.endIndex - index)
                index += taken
                stage = taken == remaining ? .chunkEnd : .chunkData(remaining: remaining - taken)
                continue
            case .chunkSize(let size, let inExtension): stage = Self.chunkSize(size, inExtension, then: bytes[index])
            case .chunkEnd: if bytes[index] == UInt8(ascii: "\n") { stage = .chunkSize(0, inExtension: false) }
            case .trailer(let length):
                switch bytes[index] {
                case UInt8(ascii: "\n"): stage = length == 0 ? .done : .trailer(lineLength: 0)
                case UInt8(ascii: "\r"): break
                default: stage = .trailer(lineLength: length + 1)
                }
            }
            index += 1
        }
        return index - bytes.startIndex
    }

    private static func chunkSize(_ size: Int, _ inExtension: Bool, then byte: UInt8) -> Stage {
        switch byte {
        case UInt8(ascii: "\n"): return size == 0 ? .trailer(lineLength: 0) : .chunkData(remaining: size)
        case UInt8(ascii: "\r"): return .chunkSize(size, inExtension: inExtension)
        case _ where inExtension: return .chunkSize(size, inExtension: true)
        case UInt8(ascii: ";"), UInt8(ascii: " "), UInt8(ascii: "\t"): return .chunkSize(size, inExtension: true)
        default:
            guard let digit = Int(String(UnicodeScalar(byte)), radix: 16), size < 1 << 40 else { return .broken }
            return .chunkSize(size * 16 + digit, inExtension: false)
        }
    }
}
