import Crypto
import Foundation
import MoodSealing
import SyncProtocol
import Testing

/// A new account key handed over to one device: it opens there, as the key the old one signed
/// for, and nowhere else; anything the server could make or change is refused in words.
@Suite struct KeyHandOverSealTests {
    let old = AccountKey(), new = AccountKey()
    let phone = DeviceKey()
    let phoneID = DeviceTokenID(tokenHash: Array(repeating: 1, count: 32))
    let account = "acct"

    /// The hand-over a rotating device makes: `new` wrapped for the phone, the change signed by `signer`.
    private func handOver(of key: AccountKey? = nil, for device: DeviceTokenID? = nil, signedBy signer: AccountKey? = nil) throws -> KeyHandOver {
        let key = key ?? new
        let statement = SignedStatement.keyChange(account: account, key: key.id, signingKey: key.signingKey, replaces: old.id)
        let wrapped = try KeyHandOverSeal.wrap(key, for: phone.publicKey, device: device ?? phoneID, account: account)
        return KeyHandOver(keyID: key.id, signingKey: key.signingKey, replaces: old.id, proof: (signer ?? old).sign(statement), wrapped: wrapped)
    }

    private func open(_ handOver: KeyHandOver, with key: DeviceKey? = nil, holding held: AccountKey? = nil, account: String? = nil) throws(KeyHandOverError) -> AccountKey {
        try KeyHandOverSeal.open(handOver, with: key ?? phone, device: phoneID, account: account ?? self.account, holding: held ?? old)
    }

    @Test func theDeviceItWasWrappedForOpensTheSignedKey() throws {
        #expect(try open(try handOver()) == new)
        let stored = try DeviceKey(stored: phone.stored)
        #expect(stored.publicKey == phone.publicKey, "the journal's copy is the same key")
        #expect(try open(try handOver(), with: stored) == new)
    }

    @Test func anythingTheServerCouldMakeOrChangeIsRefused() throws {
        let valid = try handOver()
        #expect(throws: KeyHandOverError.notFromHeldKey) { try open(valid, holding: AccountKey()) }
        #expect(throws: KeyHandOverError.unsigned, "signed by a key that is not the one held") { try open(try handOver(signedBy: AccountKey())) }
        #expect(throws: KeyHandOverError.unsigned, "another account's change") { try open(valid, account: "other") }
        #expect(throws: KeyHandOverError.doesNotOpen, "wrapped for another device id") { try open(try handOver(for: DeviceTokenID(tokenHash: Array(repeating: 2, count: 32)))) }
        #expect(throws: KeyHandOverError.doesNotOpen, "another device's key") { try open(valid, with: DeviceKey()) }
        var flipped = valid
        var bytes = flipped.wrapped.bytes
        bytes[40] ^= 1
        flipped.wrapped = WrappedAccountKey(bytes: bytes)!
        #expect(throws: KeyHandOverError.doesNotOpen, "a changed byte") { try open(flipped) }

        // The server wraps a key of its own for the phone (anyone can: the public key is public),
        // bound exactly as a device binds the signed key: what opens is not that key.
        var swapped = valid
        swapped.wrapped = try serversOwnKey(wrappedAs: valid)
        #expect(throws: KeyHandOverError.notTheSignedKey) { try open(swapped) }
    }

    /// 32 random bytes wrapped for the phone with the binding a device would use for `handOver`.
    private func serversOwnKey(wrappedAs handOver: KeyHandOver) throws -> WrappedAccountKey {
        let recipient = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: phone.publicKey.bytes)
        var sender = try HPKE.Sender(recipientKey: recipient, ciphersuite: .Curve25519_SHA256_ChachaPoly, info: Data("moodtui key hand-over 1".utf8))
        let binding = ["moodtui key hand-over 1", account, phoneID.description, handOver.keyID.description].joined(separator: "\n")
        let sealed = try sender.seal((0..<32).map { _ in UInt8.random(in: 0...255) }, authenticating: Data(binding.utf8))
        return try #require(WrappedAccountKey(bytes: Array(sender.encapsulatedKey) + Array(sealed)))
    }

    @Test func aRegistrationVouchesForOneKeyOfOneDeviceOfOneAccount() {
        let registration = phone.registration(device: phoneID, account: account, signedWith: old)
        #expect(registration.keyID == old.id && registration.publicKey == phone.publicKey)
        #expect(registration.isSigned(by: old.signingKey, account: account, device: phoneID))
        #expect(!registration.isSigned(by: new.signingKey, account: account, device: phoneID))
        #expect(!registration.isSigned(by: old.signingKey, account: "other", device: phoneID))
        #expect(!registration.isSigned(by: old.signingKey, account: account, device: DeviceTokenID(tokenHash: Array(repeating: 2, count: 32))))
        var moved = registration
        moved.publicKey = DeviceKey().publicKey
        #expect(!moved.isSigned(by: old.signingKey, account: account, device: phoneID))
    }

    @Test func storedTextThatIsNotAKeyIsRefusedInWords() {
        for text in ["", "zz", String(repeating: "0", count: 63), String(repeating: "G", count: 64)] {
            let error = #expect(throws: DeviceKeyError.self) { try DeviceKey(stored: text) }
            #expect(error.map { "\($0)" } == "the device key stored in this journal cannot be read")
        }
    }
}
