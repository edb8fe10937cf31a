import MoodKit
import SyncProtocol

/// A conflict with the server's copy opened, or the reason it could not be.
struct OpenedConflict: Sendable {
    var id: Mood.ID
    var reason: MoodConflict.Reason
    var server: ServerMood?
    var unreadableServerCopy: String?
    /// Why a `deleted` answer is not believed, if it is not: the mood then stays.
    var unprovenDeletion: UnprovenDeletion?

    init(_ conflict: MoodConflict, encryption: SyncEncryption) {
        id = conflict.id
        reason = conflict.reason
        unreadableServerCopy = conflict.unreadableServerCopy
        if let copy = conflict.server {
            do { server = try encryption.open(copy) } catch { unreadableServerCopy = error.description }
        }
        if reason == .deleted {
            do { try encryption.check(MoodDeletion(id: id, proof: conflict.deletion)) } catch { unprovenDeletion = error }
        }
    }
}
