import Logging
import MoodSealing
import SyncProtocol

/// Makes sure the server checks this account's proofs with the signing key of the key this
/// device holds, before the engine sends or believes anything.
///
/// An account sealed before signing keys existed has none on the server: the first device that
/// syncs with its key registers it, which the server takes once. One that differs from this
/// key's was registered by someone without the key (a stolen token, or the server itself):
/// the server would refuse this device's deletions, so sync stops and says so.
enum SigningKeyRegistration {
    /// - Throws: ``SyncStopped/signingKeyDiffers`` or a ``RemoteError``.
    static func ensure(for encryption: SyncEncryption, account: AccountResponse, remote: any MoodRemote, logger: Logger) async throws {
        guard case .sealed(let key, let accountID) = encryption else { return }
        switch account.signingKey {
        case key.signingKey?: return
        case .some: throw SyncStopped.signingKeyDiffers
        case nil:
            let registration = KeyChangeRequest(keyID: key.id, signingKey: key.signingKey, replaces: key.id, since: nil, proof: nil)
            do { _ = try await remote.changeKey(registration) } catch {
                guard case .proofRequired = error else { throw error }
                throw SyncStopped.signingKeyDiffers  // another registration came first
            }
            logger.notice("registered this account key's signing key with the server", metadata: ["account": "\(accountID)"])
        }
    }
}
