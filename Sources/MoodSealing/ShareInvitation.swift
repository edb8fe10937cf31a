import Foundation
import MoodKit
import SyncProtocol

/// Everything a share's recipient needs, as one line the owner sends them: the server, the share,
/// its token and its key, and the owner's name to show. `moodtui-share:` and the JSON of these in
/// base64url. Whoever holds it reads the share (until it is ended), as whoever holds a recovery
/// phrase reads an account: it is shown once, and sent privately.
public struct ShareInvitation: Equatable, Sendable {
    public var server: URL
    public var share: ShareID
    public var token: String
    public var key: AccountKey
    /// The owner's account name, as the recipient's header shows it ("shared by alice").
    public var from: String

    /// What every invitation starts with.
    public static let prefix = "moodtui-share:"
    /// The longest invitation read, in characters after ``prefix``: moodtui writes far shorter
    /// ones, and longer text is refused before it is decoded.
    public static let maximumEncodedLength = 4_096

    public init(server: URL, share: ShareID, token: String, key: AccountKey, from: String) {
        self.server = server
        self.share = share
        self.token = token
        self.key = key
        self.from = from
    }

    /// The invitation as one line.
    public var text: String {
        let wire = Wire(v: 1, server: server.absoluteString, share: share, token: token, key: RecoveryPhrase.phrase(for: key), from: from)
        let json = try! JSONEncoder().encode(wire)  // strings and a hex id always encode
        return Self.prefix + json.base64URLEncodedString()
    }

    /// The invitation `text` spells, spaces and line breaks around and inside it ignored (a mail
    /// client may have wrapped it).
    /// - Throws: ``ShareInvitationError`` saying what is wrong, before anything is stored or sent.
    public init(text: String) throws(ShareInvitationError) {
        let compact = text.filter { !$0.isWhitespace }
        guard compact.hasPrefix(Self.prefix) else { throw .notAnInvitation }
        let encoded = String(compact.dropFirst(Self.prefix.count))
        guard encoded.utf8.count <= Self.maximumEncodedLength, let json = Data(base64URLEncoded: encoded) else { throw .damaged("it is not base64url") }
        let wire: Wire
        do { wire = try JSONDecoder().decode(Wire.self, from: json) } catch { throw .damaged("it does not hold an invitation") }
        guard wire.v == 1 else { throw .newerVersion(wire.v) }
        guard let server = URL(string: wire.server), ["http", "https"].contains(server.scheme?.lowercased() ?? ""), server.host != nil else {
            throw .damaged("its server is not a URL")
        }
        guard !wire.token.isEmpty, wire.token.utf8.count <= 200, wire.token.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw .damaged("its token is not one")
        }
        do { key = try RecoveryPhrase.key(from: wire.key) } catch { throw .damaged("its key does not check (\(error))") }
        self.server = server
        share = wire.share
        token = wire.token
        from = TerminalSafeText.singleLine(wire.from)
    }

    private struct Wire: Codable {
        var v: Int
        var server: String
        var share: ShareID
        var token: String
        var key: String
        var from: String
    }
}

/// Why text is not an invitation, in words.
public enum ShareInvitationError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAnInvitation
    case damaged(String)
    case newerVersion(Int)

    public var description: String {
        switch self {
        case .notAnInvitation: "this is not a share invitation: one starts with \(ShareInvitation.prefix)"
        case .damaged(let why): "the invitation is damaged (\(why)): copy it again, whole"
        case .newerVersion(let version): "the invitation is of version \(version), newer than this moodtui reads: update moodtui"
        }
    }
}
