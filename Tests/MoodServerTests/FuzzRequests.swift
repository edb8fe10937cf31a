import AppTesting
import Foundation
import HTTPTypes
import NIOCore
import SyncProtocol

/// Random and mutated requests for every route, from a seed: valid requests bent by a few
/// mutations (hostile values in any JSON field, keys dropped or added, bytes flipped, cut or
/// inserted), garbage query strings and headers, and unknown paths and methods.
struct FuzzRequests {
    /// One request, and how to show it when it fails.
    struct Request: CustomStringConvertible {
        var method: HTTPRequest.Method
        var uri: String
        var headers: HTTPFields
        var body: [UInt8]?

        var description: String {
            let text = body.map { String(decoding: $0.prefix(300), as: UTF8.self).debugDescription } ?? "no body"
            return "\(method) \(uri.prefix(200)) \(headers.map { "\($0.name): \($0.value.prefix(60))" }) \(text)"
        }
    }

    private var random: SeededGenerator
    let token: String
    let changeToken: ChangeToken

    init(seed: UInt64, token: String, changeToken: ChangeToken) {
        random = SeededGenerator(seed: seed)
        self.token = token
        self.changeToken = changeToken
    }

    mutating func next() -> Request {
        var request: Request
        switch Int.random(in: 0..<12, using: &random) {
        case 0..<4: request = Request(method: .post, uri: SyncEndpoint.moods, headers: [:], body: mutatedJSON(uploadBody()))
        case 4..<6: request = Request(method: .post, uri: SyncEndpoint.deletions, headers: [:], body: mutatedJSON(["ids": (0..<pick(1...3)).map { _ in uuid() }]))
        case 6..<8: request = Request(method: .get, uri: SyncEndpoint.changes + query(), headers: [:], body: nil)
        case 8: request = Request(method: .get, uri: pick([SyncEndpoint.account, SyncEndpoint.health, SyncEndpoint.subscribe]), headers: [:], body: nil)
        case 9: request = shareRequest()
        case 10: request = keyRequest()
        default: request = Request(method: pick(Self.methods), uri: path(), headers: [:], body: chance(0.5) ? bytes(upTo: 64) : nil)
        }
        request.headers = headers(hasBody: request.body != nil)
        return request
    }

    // MARK: - Bodies

    private mutating func moodObject() -> [String: Any] {
        ["id": uuid(), "date": 1_795_000_000_000, "level": 3,
         "activities": [String: Any](), "stamps": ["date": "1795000000000.0@fuzzer", "level": "1795000000000.0@fuzzer", "note": "1795000000000.0@fuzzer"],
         "note": "fuzzed", "creatorID": "fuzzer", "baseVersion": NSNull()]
    }

    /// One of the share routes, with a share id that is real-looking, or not an id at all.
    private mutating func shareRequest() -> Request {
        let id = chance(0.7) ? ShareID.random().description : pick(["therapist", "", "00", String(repeating: "a", count: 300)])
        switch pick(0...4) {
        case 0:
            let body: [String: Any] = [
                "id": id, "readerTokenHash": String(repeating: "ab", count: 32), "keyID": "0123456789abcdef",
                "signingKey": String(repeating: "cd", count: 32), "expiresAt": 1_795_000_000_000, "record": Data(count: 60).base64EncodedString(),
            ]
            return Request(method: .post, uri: SyncEndpoint.shares, headers: [:], body: mutatedJSON(body))
        case 1: return Request(method: .get, uri: SyncEndpoint.shares, headers: [:], body: nil)
        case 2: return Request(method: .post, uri: SyncEndpoint.shares + "/\(id)/moods", headers: [:], body: mutatedJSON(uploadBody()))
        case 3: return Request(method: .get, uri: SyncEndpoint.shares + "/\(id)/changes" + query(), headers: [:], body: nil)
        default: return Request(method: .delete, uri: SyncEndpoint.shares + "/\(id)", headers: [:], body: nil)
        }
    }

    /// A device's key registration, or a rotation carrying hand-overs and share records.
    private mutating func keyRequest() -> Request {
        let signature = String(repeating: "ef", count: 64)
        if chance(0.5) {
            let body: [String: Any] = ["publicKey": String(repeating: "12", count: 32), "keyID": "0123456789abcdef", "proof": signature]
            return Request(method: .put, uri: SyncEndpoint.deviceKey, headers: [:], body: mutatedJSON(body))
        }
        let body: [String: Any] = [
            "keyID": "fedcba9876543210", "signingKey": String(repeating: "cd", count: 32), "replaces": "0123456789abcdef", "proof": signature,
            "handOvers": (0..<pick(0...3)).map { _ in ["device": "0011223344556677", "wrapped": String(repeating: "9a", count: 80)] },
            "shareRecords": (0..<pick(0...2)).map { _ in ["share": ShareID.random().description, "record": Data(count: 60).base64EncodedString()] },
        ]
        return Request(method: .put, uri: SyncEndpoint.accountKey, headers: [:], body: mutatedJSON(body))
    }

    private mutating func uploadBody() -> [String: Any] {
        ["moods": (0..<pick(1...3)).map { _ in moodObject() }]
    }

    /// `object` as JSON after 0–3 mutations of its values, and maybe of its bytes.
    private mutating func mutatedJSON(_ object: [String: Any]) -> [UInt8] {
        var value: Any = object
        for _ in 0..<pick(0...3) { value = mutate(value) }
        var bytes = Array((try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])) ?? Data("{}".utf8))
        if chance(0.2) { bytes = mutate(bytes: bytes) }
        return bytes
    }

    /// Replaces, drops or adds one value somewhere in a JSON tree.
    private mutating func mutate(_ value: Any) -> Any {
        switch value {
        case var object as [String: Any] where !object.isEmpty && chance(0.8):
            let key = pick(Array(object.keys))
            switch Int.random(in: 0..<12, using: &random) {
            case 0: object[key] = nil
            case 1: object[pick(["x", "", "moods", "ids", "\u{0}", "level"])] = hostileValue()
            case 2..<5: object[key] = hostileValue()
            default: object[key] = mutate(object[key]!)
            }
            return object
        case var array as [Any] where !array.isEmpty && chance(0.8):
            let index = Int.random(in: array.indices, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: array.remove(at: index)
            case 1: array.append(array[index])  // the same id twice
            case 2: array[index] = hostileValue()
            default: array[index] = mutate(array[index])
            }
            return array
        default:
            return hostileValue()
        }
    }

    private mutating func hostileValue() -> Any {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return pick(Self.hostileNumbers)
        case 1: return pick(Self.hostileStrings)
        case 2: return pick([NSNull(), true, false, [Any](), [String: Any]()] as [Any])
        default: return nested(depth: pick([2, 50, 600]))
        }
    }

    private func nested(depth: Int) -> Any { (0..<depth).reduce(1 as Any) { inner, _ in [inner] } }

    private mutating func mutate(bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        guard !bytes.isEmpty else { return self.bytes(upTo: 16) }
        let index = Int.random(in: bytes.indices, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: bytes[index] = UInt8.random(in: 0 ... .max, using: &random)
        case 1: bytes.removeSubrange(index...)
        case 2: bytes.insert(contentsOf: self.bytes(upTo: 8), at: index)
        default: bytes.insert(contentsOf: bytes[index...].prefix(40), at: index)
        }
        return bytes
    }

    private mutating func bytes(upTo count: Int) -> [UInt8] {
        (0..<Int.random(in: 0...count, using: &random)).map { _ in UInt8.random(in: 0 ... .max, using: &random) }
    }

    // MARK: - URIs and headers

    private mutating func query() -> String {
        var items: [String] = []
        if chance(0.7) {
            let since = pick([
                changeToken.rawValue, String(changeToken.rawValue.dropLast()), changeToken.rawValue + "A", "", "garbage",
                "%00", "%ZZ", String(repeating: "A", count: 10_000), "eyJhY2NvdW50IjoxfQ", changeToken.rawValue.uppercased(),
            ])
            items.append("since=" + since)
        }
        if chance(0.6) { items.append("limit=" + pick(["1", "0", "-1", "1000", "1001", "99999999999999999999", "abc", "1e3", "", "%20"])) }
        if chance(0.1) { items.append(pick(["limit=1&limit=2", "since", "&&", "=x"])) }
        return items.isEmpty ? "" : "?" + items.joined(separator: "&")
    }

    private mutating func path() -> String {
        pick([
            "/", "/v1", "/v1/", "/v1/moods/", "/v2/moods", "/v1/moods/../account", "/v1/%00", "/%2e%2e/%2e%2e/etc/passwd",
            "/" + String(repeating: "a", count: 4_000), "/v1/changes?since=%", "/healthz?x=%FF", SyncEndpoint.moods, SyncEndpoint.subscribe,
        ])
    }

    private mutating func headers(hasBody: Bool) -> HTTPFields {
        var headers: HTTPFields = [.syncProtocol: pick([String(ProtocolVersion.current), String(ProtocolVersion.current), "1", "x"])]
        let authorization = pick([
            "Bearer \(token)", "Bearer \(token)", "Bearer \(token)", "bearer   \(token)  ", "Bearer \(token)x", "Bearer", "Bearer ",
            "Basic YTpi", "Bearer mt_" + String(repeating: "A", count: 5_000), "",
        ])
        if !authorization.isEmpty { headers[.authorization] = authorization }
        if hasBody && chance(0.9) { headers[.contentType] = pick(["application/json", "text/plain", "application/json; charset=latin1", ""]) }
        if chance(0.3) {
            headers[HTTPField.Name(SyncEndpoint.deviceHeader)!] = pick(["phone", "", String(repeating: "d", count: 3_000), "é🙂"])
        }
        return headers
    }

    // MARK: - Choosing

    /// A UUID from the seed, so that a failing run replays exactly.
    private mutating func uuid() -> String {
        let (high, low) = (random.next(), random.next())
        let bytes = (0..<16).map { UInt8(truncatingIfNeeded: ($0 < 8 ? high : low) >> (8 * UInt64($0 % 8))) }
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15])).uuidString
    }

    private mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }
    private mutating func pick<T>(_ options: [T]) -> T { options[Int.random(in: options.indices, using: &random)] }
    private mutating func pick(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    private static let methods: [HTTPRequest.Method] = [.get, .post, .put, .delete, .patch, .head, .options, .trace]

    private static var hostileNumbers: [Any] {
        [Int64.max, Int64.min, UInt64(9_223_372_036_854_775_296), UInt64.max, Int64(1) << 53 + 1, -1, 0, 253_402_300_800_000,
         1e308, -1e308, 1.5, Double.leastNonzeroMagnitude, 6, 5, 1]
    }

    private static let hostileStrings: [String] = [
        "", "\u{0}", "a\u{0}b", "\u{0}evil", "\u{1B}[2J\u{1B}]0;owned\u{7}", "\u{9B}31m", "\u{202E}gnp.exe", " padded ",
        "e" + String(repeating: "\u{301}", count: 20_000), String(repeating: "🙂", count: 1_001), String(repeating: "x", count: 300),
        "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "{3F2504E0-4F89-11D3-9A0C-0305E82C3301}", "1795000000000", "null", "\u{FEFF}", "\u{10FFFF}",
    ]
}
