import Foundation
import MoodSealing
import MoodStore
import SyncProtocol

/// Taking a share someone made into a journal of its own (`moodtui share accept`).
public enum ShareSubscriptions {
    /// Checks `invitation` with its server (its token opens a share sealed with its key), then
    /// makes the new journal `store` hold the share. Nothing is kept when the check fails.
    /// - Throws: ``SyncStopped/shareKeyDiffers``, ``SyncStopped/shareEnded(_:)`` for a token the
    ///   server does not know (an ended or expired share), another ``RemoteError``, or a store error.
    public static func accept(_ invitation: ShareInvitation, trust: ServerTrust, store: JournalStore, remote: any MoodRemote) async throws {
        let info: AccountResponse
        do { info = try await remote.accountInfo() } catch {
            guard case .unauthorized = error else { throw error }
            throw SyncStopped.shareEnded(invitation.from)
        }
        guard info.keyID == invitation.key.id else { throw SyncStopped.shareKeyDiffers }
        let subscription = ShareSubscription(share: invitation.share, key: invitation.key, from: invitation.from)
        try await store.write(origin: .sync) { writer in
            try subscription.store(server: invitation.server, token: invitation.token, trust: trust, identity: info.id, in: writer)
        }
    }
}
