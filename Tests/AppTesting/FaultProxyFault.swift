extension FaultProxy {
    /// What goes wrong with one request, as a flaky network or a timed-out client would make it go
    /// wrong: each case is a way a sync client and server can disagree about what happened.
    public enum Fault: Sendable, Hashable {
        /// The client's connection is reset before any byte of the request reaches the server.
        case resetBeforeRequest
        /// Part of the request reaches the server, then both sides are reset: the server must not
        /// act on half a request.
        case resetMidRequest
        /// The server gets the whole request and answers, but the client's connection is reset
        /// instead: the work was done and the client does not know.
        case loseAnswer
        /// The request is forwarded after this delay.
        case delay(Duration)
        /// The request is held and nothing is forwarded or answered until ``FaultProxy/dropStalled()``
        /// (which resets the connection) or ``FaultProxy/close()``: the client's own timeout fires.
        case stall
        /// Part of the answer is delivered, then the connection is closed.
        case truncateAnswer
        /// The request is held (the client waits) and delivered only at ``FaultProxy/releaseHeld()``,
        /// after later requests on other connections went through; its answer then arrives normally.
        case holdForLateDelivery
        /// The answer arrives without this header, as from a server of a version that never
        /// sends it.
        case dropAnswerHeader(String)
        /// The request never reaches the server: the proxy answers it with this status, JSON
        /// body and extra headers (`Location`), as a hostile server (or anyone rewriting a
        /// plain-HTTP link) would.
        case forgeAnswer(status: Int, json: String, headers: [String: String] = [:])

        /// The fault without its parameter, for counting.
        public var kind: Kind {
            switch self {
            case .resetBeforeRequest: .resetBeforeRequest
            case .resetMidRequest: .resetMidRequest
            case .loseAnswer: .loseAnswer
            case .delay: .delay
            case .stall: .stall
            case .truncateAnswer: .truncateAnswer
            case .holdForLateDelivery: .holdForLateDelivery
            case .dropAnswerHeader: .dropAnswerHeader
            case .forgeAnswer: .forgeAnswer
            }
        }

        /// A ``Fault`` without its parameter.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            case resetBeforeRequest, resetMidRequest, loseAnswer, delay, stall, truncateAnswer, holdForLateDelivery, dropAnswerHeader
            case forgeAnswer
        }
    }

    /// Which requests a fault may apply to: a method, a path prefix, both or neither.
    public struct Match: Sendable, Hashable {
        public var method: String?
        public var pathPrefix: String?

        /// Every request.
        public static let any = Match()

        public init(method: String? = nil, pathPrefix: String? = nil) {
            self.method = method
            self.pathPrefix = pathPrefix
        }

        /// Whether a request with this method and target is one of those meant.
        public func matches(method: String, path: String) -> Bool {
            (self.method.map { $0.caseInsensitiveCompare(method) == .orderedSame } ?? true)
                && (pathPrefix.map { path.hasPrefix($0) } ?? true)
        }
    }

    /// One request the proxy saw, and the fault it chose for it (nil: passed through untouched).
    public struct Event: Sendable, Hashable, CustomStringConvertible {
        public let fault: Fault?
        public let method: String
        public let path: String

        public init(fault: Fault?, method: String, path: String) {
            self.fault = fault
            self.method = method
            self.path = path
        }

        public var description: String { "\(fault.map { "\($0.kind)" } ?? "passed") \(method) \(path)" }
    }

    /// How many requests the proxy saw, sent whole to the server, and hit with each kind of fault.
    public struct Counts: Sendable, Hashable {
        public var seen = 0
        /// Requests sent whole to the server, including late and delayed ones and those whose
        /// answer was lost or truncated.
        public var forwarded = 0
        public var faulted: [Fault.Kind: Int] = [:]

        /// Requests hit by a fault of `kind`.
        public subscript(kind: Fault.Kind) -> Int { faulted[kind, default: 0] }
    }
}
