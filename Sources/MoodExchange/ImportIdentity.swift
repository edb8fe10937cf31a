import Crypto
import Foundation

/// The id of an imported entry's mood: a name-based UUID (RFC 9562 version 5) of the source and
/// the entry's identity, so that importing the same entry again — here, or on another device of
/// the account after sync — finds the mood it made the first time and adds nothing.
enum ImportIdentity {
    /// moodtui's namespace for imported entries.
    private static let namespace = UUID(uuidString: "6d6f6f64-7475-4900-8000-696d706f7274")!

    /// The id for `identity`, or, when one of `derived` already has it, that of the identity's
    /// next occurrence (`identity`, a line feed and 1, 2, …); the id is added to `derived`.
    static func id(source: String, identity: String, unlike derived: inout Set<UUID>) -> UUID {
        var id = id(source: source, identity: identity)
        var occurrence = 0
        while derived.contains(id) {
            occurrence += 1
            id = self.id(source: source, identity: "\(identity)\n\(occurrence)")
        }
        derived.insert(id)
        return id
    }

    static func id(source: String, identity: String) -> UUID {
        var bytes = withUnsafeBytes(of: namespace.uuid) { Array($0) }
        bytes += Array("\(source)\n\(identity)".utf8)
        var digest = Array(Insecure.SHA1.hash(data: bytes).prefix(16))
        digest[6] = (digest[6] & 0x0F) | 0x50  // version 5
        digest[8] = (digest[8] & 0x3F) | 0x80  // the RFC's variant
        return digest.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
    }
}
