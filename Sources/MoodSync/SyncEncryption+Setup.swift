import MoodSealing
import SyncProtocol

/// The account's setup, sealed and opened as moods are.
extension SyncEncryption {
    /// What to store on the server for `content`.
    /// - Throws: ``SetupSealError/tooLarge(bytes:)``.
    func payload(for content: SetupContent) throws(SetupSealError) -> SetupPayload {
        switch self {
        case .plain: .plain(content)
        case .sealed(let key, let account): .sealed(try SetupSeal.seal(content, account: account, key: key))
        }
    }

    /// `upload` with the key's signature over it, in a sealed account: the server stores a setup
    /// only with it.
    func signed(_ upload: SetupUpload) -> SetupUpload {
        guard case .sealed(let key, let account) = self, let statement = upload.statement(account: account) else { return upload }
        var signed = upload
        signed.proof = key.sign(statement)
        return signed
    }

    /// The server's setup, opened; why it cannot be used when it cannot (sealed with a key the
    /// account left, plain in a sealed account, changed on the way).
    func open(_ payload: SetupPayload) -> Result<SetupContent, SetupUnreadable> {
        switch (self, payload) {
        case (.plain, .plain(let content)): return .success(content)
        case (.sealed(let key, let account), .sealed(let sealed)):
            do { return .success(try SetupSeal.open(sealed, account: account, key: key)) } catch {
                return .failure(SetupUnreadable(reason: error.description))
            }
        case (.sealed, .plain): return .failure(SetupUnreadable(reason: "the account's scales are not sealed in an account with a key"))
        case (.plain, .sealed): return .failure(SetupUnreadable(reason: "the account's scales are sealed in an account without a key"))
        }
    }
}

/// Why the server's setup cannot be used, in words.
struct SetupUnreadable: Error, Sendable {
    var reason: String
}
