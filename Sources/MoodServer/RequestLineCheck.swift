import NIOCore

/// Answers 400 at once to a connection whose first request line names no HTTP version
/// (`GET /healthz` and a line feed, HTTP/0.9's form), which the HTTP parser would wait on for
/// more until the header timeout closed the connection without a word.
///
/// It reads the socket's bytes between ``ConnectionGuard`` and the HTTP decoder, passing each
/// on, until the first line ends; then it leaves the pipeline.
final class RequestLineCheck: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The longest first line looked at: beyond it the parser's own limits decide.
    static let longestLine = 8_192
    private var line: [UInt8] = []

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data).readableBytesView
        let end = bytes.firstIndex(of: UInt8(ascii: "\n"))
        line += bytes[..<(end ?? bytes.endIndex)].prefix(Self.longestLine - line.count)
        switch end {
        case nil:
            context.fireChannelRead(data)
            guard line.count >= Self.longestLine else { return }
        case .some where Self.namesAVersion(line) || line.count >= Self.longestLine || line.allSatisfy({ $0 == UInt8(ascii: "\r") }):
            // A version, a line too long to judge here, or an empty line before the request
            // (RFC 9112 lets a server skip it): the parser decides.
            context.fireChannelRead(data)
        case .some:
            context.triggerUserOutboundEvent(ConnectionEvent.answer(.noHTTPVersion), promise: nil)
        }
        // Only after passing the bytes on: a handler that left the pipeline passes nothing on.
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    /// Whether a request line (without its line feed) ends in ` HTTP/`, a digit, `.` and a digit.
    static func namesAVersion(_ line: [UInt8]) -> Bool {
        var line = line[...]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        let suffix = Array(line.suffix(9))
        guard suffix.count == 9, Array(suffix.prefix(6)) == Array(" HTTP/".utf8) else { return false }
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        return digits.contains(suffix[6]) && suffix[7] == UInt8(ascii: ".") && digits.contains(suffix[8])
    }
}
