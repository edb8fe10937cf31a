import Foundation

/// The version of what requests and answers mean, negotiated on every exchange: a client sends
/// the version it speaks in ``header``; the server answers requests of the version it speaks
/// (saying so in the same header) and refuses every other one in words, so that devices of two
/// versions never merge each other's moods wrongly. (Not `SyncProtocolVersion`: the symbol
/// graph tools take a type named after its module and `Version` for the module's own version
/// number and leave it out of the documentation.)
///
/// - 1: whole moods, ordered by their `modifiedAt` (no header).
/// - 2: every field carries the clock stamp of its last change (``MoodContent/stamps``); answers
///   carry the server's time.
/// - 3: moods carry their activities, a set with the history of each (``MoodContent/activities``).
/// - 4: an account may have a key: its moods travel sealed (``MoodPayload``), and the server
///   keeps only their ids, versions and tombstones in the clear. A device can list the
///   account's devices and revoke one (``SyncEndpoint/devices``), as key rotation does.
/// - 5: the key's authority needs the key: a deletion, a key change and a revocation in an
///   account with a key carry a signature of its signing key (``SignedStatement``), which the
///   server checks before acting and devices check before dropping a mood
///   (``MoodDeletion``); the account has a signed head (``AccountHead``) that devices hold the
///   server's moods to.
/// - 6: an account may share its moods read-only (``SyncEndpoint/shares``); each device registers
///   a key of its own (``DeviceKeyRegistration``), and a key rotation hands the new key to the
///   devices kept (``KeyHandOver``) and seals every share's record anew, or is refused.
/// - 7: moods carry the values of the journal's scales, each with its own stamp
///   (``MoodContent/scales``); a device of version 6 would drop them when it merges.
/// - 8: the account has a setup, its scales' definitions, that devices merge and keep on the
///   server (``SyncEndpoint/setup``); change pages say its version (``ChangesResponse/setupVersion``).
/// - 9: the setup carries the account's words for the levels (``SetupContent/levels``); a device
///   of version 8 would store the setup without them.
/// - 10: the setup names the shares the owner ended (``SetupContent/endedShares``), which a device
///   of version 9 would store the setup without; storing a setup in an account with a key needs
///   the key's signature (``SetupUpload/proof``).
public enum ProtocolVersion {
    /// The version this module describes.
    public static let current = 10
    /// `Moodtui-Protocol: 10`; a request without it speaks version 1.
    public static let header = "Moodtui-Protocol"

    /// Words for a server and a device that speak different versions (`nil`: not a number),
    /// naming the side to update; both sides say it the same way.
    public static func mismatch(server: Int?, device: Int?) -> String {
        func name(_ version: Int?) -> String { version.map { "protocol \($0)" } ?? "an unknown protocol" }
        let update = (device ?? 0) < (server ?? 0) ? "update moodtui on this device" : "update moodtui serve on the server"
        return "the server speaks moodtui sync \(name(server)) and this device \(name(device)): \(update)"
    }

    /// The version a request's header value names: 1 when there is none, `nil` when it is not a
    /// number.
    public static func spoken(byHeader value: String?) -> Int? {
        guard let value else { return 1 }
        return Int(value.trimmingCharacters(in: .whitespaces))
    }
}
