import Foundation
import SyncProtocol

/// What a ``ChangeToken`` means to the server: a position in one account's change log of one
/// store. The token is this, as JSON, in base64url; clients treat it as opaque.
struct ChangeCursor: Codable, Hashable, Sendable {
    /// The ``MoodServerStorage/storeID`` that issued it.
    var store: String
    var account: Int64
    var sequence: Int64

    var token: ChangeToken {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys  // the same position is always the same token
        let json = (try? encoder.encode(self)) ?? Data()
        return ChangeToken(rawValue: json.base64URLEncodedString())
    }

    /// Reads a token; `nil` when it is not one this server could have written.
    init?(_ token: ChangeToken) {
        guard token.rawValue.utf8.count <= 512, let json = Data(base64URLEncoded: token.rawValue),
            let cursor = try? JSONDecoder().decode(Self.self, from: json)
        else { return nil }
        self = cursor
    }

    init(store: String, account: Int64, sequence: Int64) {
        self.store = store
        self.account = account
        self.sequence = sequence
    }
}
