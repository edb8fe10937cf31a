import Crypto
import Foundation
import MoodKit

/// What a device that holds an account's key vouches the account held at one point of its log:
/// how many moods were live and a digest of them (``LiveSetDigest``), signed with the key. The
/// server keeps the latest and sends it with the change feed; it cannot make one.
///
/// Devices check the moods the server sends against it, so that a server that leaves moods out
/// of a download, or hands a device an older copy of a mood, is noticed and named; and they check
/// that its `counter` only moves forward, so that the server cannot bring back an older head.
///
/// `{"counter": 4, "sequence": 812, "count": 96, "digest": "…", "keyID": "…", "signature": "…"}`.
public struct AccountHead: Hashable, Sendable, StoredAsJSON {
    /// Grows by one with each head the account is given.
    public var counter: Int64
    /// The account's change number (``ChangesResponse/sequence``) the head describes.
    public var sequence: Int64
    /// How many moods were live.
    public var count: Int
    public var digest: LiveSetDigest
    /// The key that signed it.
    public var keyID: AccountKeyID
    public var signature: AccountSignature

    public init(counter: Int64, sequence: Int64, count: Int, digest: LiveSetDigest, keyID: AccountKeyID, signature: AccountSignature) {
        self.counter = counter
        self.sequence = sequence
        self.count = count
        self.digest = digest
        self.keyID = keyID
        self.signature = signature
    }

    /// What the signature is over, for the account `account`.
    public func statement(account: String) -> SignedStatement {
        .head(account: account, counter: counter, sequence: sequence, count: count, digest: digest, key: keyID)
    }
}

/// A SHA-256 digest of a set of live moods, each as its id and the stamps of its fields,
/// activities and scale values: every change of a mood gives it new stamps, so a mood held back, or an older copy
/// of one, changes the digest. Devices compute it alike from the moods they hold and from the
/// moods the server sends; on the wire 64 lower-case hex digits.
public struct LiveSetDigest: HexIdentifier {
    public static let byteCount = 32
    public static let kindName = "a live-set digest"

    public let bytes: [UInt8]

    public init(checkedBytes: [UInt8]) { bytes = checkedBytes }

    /// Builds a digest from moods given in ascending order of their ids' text, one at a time,
    /// so that a journal of a million moods is read as a stream.
    public struct Builder {
        private var hash = SHA256()
        /// How many moods were added.
        public private(set) var count = 0

        public init() {}

        /// Adds the mood `id` with these fields' stamps; ids come in ascending order of
        /// `uuidString` (the order of their bytes). Scale values count only when the mood has
        /// some entry, so that a head signed before moods had them still matches.
        public mutating func add(_ id: UUID, creatorID: String, stamps: MoodStamps, activities: ActivitySet, scales: ScaleValues) {
            var parts = [creatorID, stamps.storedText(creatorID: ""), activities.storedText(creatorID: "")]
            if !scales.entries.isEmpty { parts.append(scales.storedText(creatorID: "")) }
            let element = parts.joined(separator: "\u{1}")
            withUnsafeBytes(of: id.uuid) { hash.update(bufferPointer: $0) }
            hash.update(data: Array(SHA256.hash(data: Data(element.utf8))))
            count += 1
        }

        public func finalize() -> LiveSetDigest { LiveSetDigest(checkedBytes: Array(hash.finalize())) }
    }
}
