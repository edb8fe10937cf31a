import AppTesting
import Foundation
import LocalProcesses
import MoodKit
import MoodSealing
import MoodStore
import MoodSync
import Testing

/// `moodtui login` and `moodtui key` for an account whose moods are end-to-end encrypted, as a
/// person types them against a real server: the first device makes the key and shows its
/// phrase; another device is refused, in words and before anything is stored or downloaded,
/// until it gives that phrase.
@Suite(.serialized, .hangGuard, .ownThread) struct KeyLoginCommandLineTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-key-cli-\(UUID().uuidString)")
    var laptop: String { folder.appendingPathComponent("laptop.sqlite").path }
    var phone: String { folder.appendingPathComponent("phone.sqlite").path }

    private func moodtui(_ arguments: String...) throws -> ProcessResult { try ProcessResult.moodtui(arguments) }

    private func keyFile(_ text: String) throws -> String {
        let file = folder.appendingPathComponent("phrase-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// A one-character typo of `phrase` that its checksum catches (all but one in 65,536 are).
    private func typo(of phrase: String) throws -> String {
        var characters = Array(phrase)
        for replacement in "0123456789ABCDEFGHJKMNPQRSTVWXYZ" where replacement != characters[6] {
            characters[6] = replacement
            if case .checksumMismatch? = Result(catching: { try RecoveryPhrase.key(from: String(characters)) }).failure as? RecoveryPhraseError {
                return String(characters)
            }
        }
        throw SetupError("no typo of \(phrase) is caught")
    }

    @Test func theFirstDeviceShowsThePhraseAndAnotherIsRefusedUntilItGivesIt() async throws {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        let first = try moodtui("login", server.url.absoluteString, try server.addDevice("alice"), "--journal", laptop)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("the moods cannot be recovered"), "\(first.standardOutput)")
        let shown = try moodtui("key", "show", "--journal", laptop)
        let phrase = try #require(shown.standardOutput.split(separator: "\n").last.map(String.init))
        #expect(first.standardOutput.split(separator: "\n").last.map(String.init) == phrase, "the phrase alone on the last line, both times")
        let stored = try await JournalStore(path: laptop).read { try SyncSettings.accountKey(in: $0) }
        #expect(try RecoveryPhrase.key(from: phrase) == stored)
        #expect(try moodtui("add", "--journal", laptop, "--level", "good", "--note", "on the laptop").status == 0)
        #expect(try moodtui("sync", "--once", "--journal", laptop).status == 0)

        let token = try server.addDevice("alice")
        let refusals: [(String?, String)] = [
            (RecoveryPhrase.phrase(for: AccountKey()), "is not alice's key"),
            (try typo(of: phrase), "a character is mistyped"),
            ("correct horse battery staple", "a recovery phrase has 55 (11 groups of 5)"),
            (nil, "give the account's recovery phrase"),  // and no terminal to ask on
        ]
        for (given, words) in refusals {
            let arguments = ["login", server.url.absoluteString, token, "--journal", phone] + (try given.map { ["--key-file", try keyFile($0)] } ?? [])
            let refused = try ProcessResult.moodtui(arguments)
            #expect(refused.status == 1)
            #expect(refused.standardError.contains(words), "\(given ?? "no phrase"): \(refused.standardError)")
            let journal = try JournalStore(path: phone)
            #expect(try SyncSettings.account(in: journal) == nil, "not logged in")
            #expect(try await journal.read { try $0.count(MoodFilter()) } == 0, "nothing downloaded")
        }

        let typedLoosely = phrase.lowercased().replacingOccurrences(of: "-", with: " ")
        let second = try moodtui("login", server.url.absoluteString, token, "--journal", phone, "--key-file", try keyFile(typedLoosely + "\n"))
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardOutput.contains("end-to-end encrypted with the account's key"))
        #expect(try moodtui("sync", "--once", "--journal", phone).status == 0)
        #expect(try moodtui("list", "--journal", phone).standardOutput.contains("on the laptop"))
        await server.stop()
    }

    @Test func theTokenComesFromAFileAndAFileOthersCanReadIsNamed() async throws {
        let server = try await ServerProcess.start(data: folder.appendingPathComponent("server"))
        let none = try moodtui("login", server.url.absoluteString, "--journal", laptop)
        #expect(none.status == 1)
        #expect(none.standardError.contains("give the device token `moodtui account add` printed: with --token-file FILE"), "\(none.standardError)")

        let tokenFile = try keyFile(try server.addDevice("alice") + "\n")
        #expect(chmod(tokenFile, 0o644) == 0)
        let login = try moodtui("login", server.url.absoluteString, "--token-file", tokenFile, "--journal", laptop)
        #expect(login.status == 0, "\(login.standardError)")
        #expect(login.standardError.contains("\(tokenFile) holds a device token and other users may read it (mode 644); make it private"))
        let phrase = try #require(try moodtui("key", "show", "--journal", laptop).standardOutput.split(separator: "\n").last.map(String.init))

        let phraseFile = try keyFile(phrase)
        let privateToken = try keyFile(try server.addDevice("alice"))
        #expect(chmod(phraseFile, 0o640) == 0 && chmod(privateToken, 0o600) == 0)
        let second = try moodtui("login", server.url.absoluteString, "--token-file", privateToken, "--key-file", phraseFile, "--journal", phone)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardError == "moodtui: warning: \(phraseFile) holds a recovery phrase and other users may read it (mode 640); make it private with `chmod 600 \(phraseFile)`\n")
        await server.stop()
    }

    @Test func keyShowOnAJournalWithoutAKeySaysSo() throws {
        let shown = try moodtui("key", "show", "--journal", laptop)
        #expect(shown.status == 1)
        #expect(shown.standardError.contains("there is no journal"), "\(shown.standardError)")
        #expect(try moodtui("add", "--journal", laptop, "--level", "good").status == 0)
        let keyless = try moodtui("key", "show", "--journal", laptop)
        #expect(keyless.status == 1)
        #expect(keyless.standardError.contains("holds no account key"), "\(keyless.standardError)")
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
