import Foundation
import MoodSealing
import SyncProtocol
import Testing

/// The signing key an account key carries: every device given the phrase signs alike, and a
/// signature vouches for one statement about one account, nothing else.
@Suite struct AccountSigningTests {
    let key = AccountKey()
    let mood = UUID()

    @Test func everyDeviceGivenThePhraseSignsWithTheSameKey() throws {
        let again = try RecoveryPhrase.key(from: RecoveryPhrase.phrase(for: key))
        #expect(again.signingKey == key.signingKey)
        let statement = SignedStatement.deletion(account: "acct", mood: mood, key: key.id)
        #expect(key.signingKey.signed(statement, with: again.sign(statement)))
        #expect(AccountKey().signingKey != key.signingKey)
    }

    @Test func aSignatureVouchesForItsStatementAloneAndOnlyUnderItsKey() throws {
        let statement = SignedStatement.deletion(account: "acct", mood: mood, key: key.id)
        let signature = key.sign(statement)
        let others: [SignedStatement] = [
            .deletion(account: "other", mood: mood, key: key.id),
            .deletion(account: "acct", mood: UUID(), key: key.id),
            .deletion(account: "acct", mood: mood, key: AccountKey().id),
            .revocation(account: "acct", device: DeviceTokenID(tokenHash: Array(repeating: 1, count: 32))),
            .keyChange(account: "acct", key: key.id, signingKey: key.signingKey, replaces: nil),
        ]
        for other in others { #expect(!key.signingKey.signed(other, with: signature), "\(other)") }
        #expect(!AccountKey().signingKey.signed(statement, with: signature), "another key's signing key")
        var flipped = signature.bytes
        flipped[5] ^= 1
        #expect(!key.signingKey.signed(statement, with: try #require(AccountSignature(bytes: flipped))))
        let notAPoint = try #require(AccountSigningKey(bytes: Array(repeating: 0xFF, count: AccountSigningKey.byteCount)))
        #expect(!notAPoint.signed(statement, with: signature), "bytes that are no key check nothing")
    }

    @Test func statementsOfDifferentKindsNeverShareTheirBytes() {
        let device = DeviceTokenID(tokenHash: Array(repeating: 1, count: 32))
        let statements: [SignedStatement] = [
            .deletion(account: "acct", mood: mood, key: key.id),
            .revocation(account: "acct", device: device),
            .keyChange(account: "acct", key: key.id, signingKey: key.signingKey, replaces: nil),
            .keyChange(account: "acct", key: key.id, signingKey: key.signingKey, replaces: key.id),
        ]
        #expect(Set(statements.map(\.bytes)).count == statements.count)
    }
}
