/// Reads one direction of a relayed connection message by message: a head, then its body as it
/// arrives; after an upgrade, whatever comes.
struct MessageReader {
    let socket: ProxySocket
    /// Bytes received and not handed out yet: the start of the next message.
    private var pending: [UInt8] = []

    /// A head longer than this is not the HTTP the proxy relays.
    private static let longestHead = 64 * 1024

    init(socket: ProxySocket) { self.socket = socket }

    /// The next message's head, through its blank line; nil when the stream ends first.
    mutating func nextHead() -> [UInt8]? {
        var searched = 0
        while true {
            if let end = Self.endOfHead(in: pending, from: searched) {
                defer { pending.removeFirst(end) }
                return Array(pending[..<end])
            }
            searched = max(0, pending.count - 3)
            guard pending.count <= Self.longestHead, socket.receive(into: &pending) else { return nil }
        }
    }

    /// Hands the body's bytes to `sink` as they arrive; true once the whole body went, false
    /// when the stream ended first or `sink` failed.
    mutating func readBody(_ framing: BodyFraming, into sink: (ArraySlice<UInt8>) -> Bool) -> Bool {
        var scanner = BodyScanner(framing)
        while true {
            let count = scanner.scan(pending[...])
            if count > 0 {
                guard sink(pending[..<count]) else { return false }
                pending.removeFirst(count)
            }
            if scanner.isDone { return true }
            guard !scanner.isBroken, socket.receive(into: &pending) else { return scanner.endsWithStream }
        }
    }

    /// The whole body, or nil when the stream ended first.
    mutating func wholeBody(_ framing: BodyFraming) -> [UInt8]? {
        var body: [UInt8] = []
        return readBody(framing) { body += $0; return true } ? body : nil
    }

    /// Index just past the first CRLFCRLF in `bytes`, looking from `start`.
    private static func endOfHead(in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in start...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 4
        }
        return nil
    }
}
