import Foundation
import MoodStore
import MoodSync

/// The account a command syncs with: the journal's login, with `MOODTUI_SERVER` and
/// `MOODTUI_TOKEN` replacing either part for one run. A journal that holds someone's share
/// takes neither: its server is the one the invitation named, and the person's own token must
/// never be sent there.
enum SyncAccountResolver {
    /// The account, or `nil` when the journal is not logged in and the environment does not say.
    static func account(for store: JournalStore) throws -> SyncAccount? {
        let stored = try SyncSettings.account(in: store)
        if try store.setting(.sharedBy) != nil { return stored }
        let serverText = Environment.server ?? stored?.server.absoluteString
        guard let serverText, let token = Environment.token ?? stored?.token else { return nil }
        // The stored trust (a private authority, --insecure) was given for the stored server only.
        let trust = Environment.server == nil ? stored?.trust ?? ServerTrust() : ServerTrust()
        return SyncAccount(server: try serverURL(serverText), token: token, trust: trust)
    }

    /// `text` as a server URL, or a failure in words.
    static func serverURL(_ text: String) throws -> URL {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw CommandFailure("'\(text)' is not a server URL: write it as http://HOST:PORT")
        }
        return url
    }
}
