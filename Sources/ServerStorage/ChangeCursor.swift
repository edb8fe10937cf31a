import Foundation
import SyncProtocol

/// What a ``ChangeToken`` means to the server: a position in one account's change log of one
/// store. The token is this, as JSON, in base64url; clients treat it as opaque.
package struct ChangeCursor: Codable, Hashable, Sendable {
    /// The ``MoodServerStorage/storeID`` that issued it.
    package var store: String
    /// The account's ``Account/publicID``.
    package var account: String
    package var sequence: Int64
    /// Set while a device downloads its first snapshot: the tombstones at or before this
    /// sequence are left out (the device never had those moods), the ones after it are not
    /// (they delete moods the snapshot's earlier pages gave it).
    package var liveThrough: Int64?

    /// The tombstones this reader still needs: those after this sequence.
    package var tombstonesNeededAfter: Int64 { max(sequence, liveThrough ?? 0) }

    /// What a token turned out to be.
    package enum Reading: Hashable, Sendable {
        case cursor(ChangeCursor)
        /// A token an older server wrote, which named the account by its row number, in the store
        /// `store`: the client downloads again, as for any token this server no longer honours.
        case retired(store: String)
        /// Not a token any moodtui server wrote.
        case invalid
    }

    /// The largest token text read at all; real tokens are about 120 characters.
    private static let maximumTokenLength = 512

    package var token: ChangeToken {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys  // the same position is always the same token
        let json = (try? encoder.encode(self)) ?? Data()
        return ChangeToken(rawValue: json.base64URLEncodedString())
    }

    /// Reads a token.
    package static func read(_ token: ChangeToken) -> Reading {
        guard token.rawValue.utf8.count <= maximumTokenLength, let json = Data(base64URLEncoded: token.rawValue) else {
            return .invalid
        }
        if let cursor = try? JSONDecoder().decode(Self.self, from: json) { return .cursor(cursor) }
        if let old = try? JSONDecoder().decode(RowNumberCursor.self, from: json) { return .retired(store: old.store) }
        return .invalid
    }

    package init(store: String, account: String, sequence: Int64, liveThrough: Int64? = nil) {
        self.store = store
        self.account = account
        self.sequence = sequence
        self.liveThrough = liveThrough.flatMap { $0 > sequence ? $0 : nil }  // past it, every tombstone is listed
    }

    /// The shape of tokens before accounts had public ids.
    private struct RowNumberCursor: Decodable {
        var store: String
        var account: Int64
        var sequence: Int64
    }
}
