import ArgumentParser
import Foundation
import Logging
import MoodSealing
import MoodStore
import MoodSync
import SyncProtocol

/// `moodtui login URL TOKEN`: connects the journal to an account on a sync server.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sync this journal with an account on a moodtui server.",
        discussion: """
            Checks the token with the server, then stores the URL, the token and the account's key in \
            the journal. Moods are end-to-end encrypted: the first device of an account makes its key \
            and shows its recovery phrase; every other device needs that phrase (asked on a terminal, \
            or --key-file FILE). A journal belongs to one account: if its moods belong to another one, \
            choose --keep-moods (upload them to the new account) or --discard-moods (delete them here); \
            on a terminal you are asked.
            """)

    @Argument(help: ArgumentHelp("The server, such as http://127.0.0.1:8080. Default: server in config.toml.", valueName: "url"))
    var url: String?

    @Argument(help: ArgumentHelp(
        "The device token `moodtui account add` printed. Better left out: you are asked for it, or give --token-file "
            + "(on the command line it shows in `ps` and stays in shell history).", valueName: "token"))
    var token: String?

    @Option(help: ArgumentHelp("A file holding the device token (- for standard input), for scripts.", valueName: "file"))
    var tokenFile: String?

    @OptionGroup var trustOptions: ServerTrustOptions

    @OptionGroup var journal: JournalOptions

    @OptionGroup var phrase: RecoveryPhraseInput

    @Flag(help: "Moods of another account: upload them to this one.")
    var keepMoods = false

    @Flag(help: "Moods of another account: delete them from this journal.")
    var discardMoods = false

    @Flag(help: ArgumentHelp(
        "An account whose moods the server can read (made before moodtui sealed moods): sync it unencrypted without being "
            + "asked. A server that lies could say this of any account, so it is never assumed."))
    var allowPlain = false

    /// The server, and the token given as an argument: with a server in config.toml the URL may
    /// be left out, and a lone argument that is not a URL is then the token.
    private var serverAndToken: (url: String, token: String?) {
        get throws {
            if let url, url.contains("://") || token != nil { return (url, token) }
            guard let configured = Settings.config.server else {
                throw ValidationError(url == nil ? "give the server's URL (or set server in config.toml)" : "'\(url!)' is not a server URL")
            }
            return (configured, url)
        }
    }

    func validate() throws {
        _ = try serverAndToken
        guard !(keepMoods && discardMoods) else { throw ValidationError("choose --keep-moods or --discard-moods, not both") }
        guard try serverAndToken.token == nil || tokenFile == nil else { throw ValidationError("give the token once: as an argument or with --token-file") }
    }

    /// The token from the argument, `--token-file` or a prompt, in that order.
    private func deviceToken() throws -> String {
        if let token = try serverAndToken.token { return token }
        if let tokenFile { return try SecretInput.read(file: tokenFile, what: "device token") }
        guard let typed = try SecretInput.ask("Device token", what: "device token")?.trimmingCharacters(in: .whitespaces), !typed.isEmpty else {
            throw CommandFailure("give the device token `moodtui account add` printed: with --token-file FILE, or typed at the prompt on a terminal")
        }
        return typed
    }

    func run() async throws {
        let url = try serverAndToken.url
        let server = try SyncAccountResolver.serverURL(url)
        let trust = try trustOptions.trust(for: server, refusal: "not logged in")  // before the token is asked for: a refused URL needs none
        let account = SyncAccount(server: server, token: try deviceToken(), trust: trust)
        let store = try journal.open()
        if let owner = try store.setting(.sharedBy) {
            throw CommandFailure("not logged in: this journal holds \(owner)'s share; log in with your own journal (the default one, or another --journal)")
        }
        let remote = HTTPMoodRemote(account: account, deviceID: try store.deviceID(), logger: Logger(label: "moodtui.login"))
        let info: AccountResponse
        do { info = try await remote.accountInfo() } catch {
            throw CommandFailure("cannot log in to \(url): \(error)")
        }
        var choice: SyncSettings.ExistingMoods = discardMoods ? .discard : .keep
        let atStake = try SyncSettings.moodsOfAnotherAccount(in: store, identity: info.id)
        if atStake > 0 && !keepMoods && !discardMoods {
            choice = try ask(moods: atStake, account: info.name)
        }
        let key = try await phrase.settle(info, remote: remote, store: store, refusal: "not logged in")
        if case .plainAccount = key, !allowPlain { try confirmPlain(account: info.name) }
        try SyncSettings.logIn(account, identity: info.id, key: key.key, existingMoods: choice, in: store)
        print("Logged in to \(info.name) at \(url). Moods sync while moodtui runs, or now with `moodtui sync --once`.")
        switch key {
        case .made(let made):
            print("""
                Moods are end-to-end encrypted: the server keeps them but cannot read them. Below is the account's \
                recovery phrase. Write it down and keep it safe: another device needs it to log in, and if the \
                phrase and every device are lost, the moods cannot be recovered. `moodtui key show` prints it again.

                \(RecoveryPhrase.phrase(for: made))
                """)
        case .known: print("Moods are end-to-end encrypted with the account's key.")
        case .plainAccount:
            print("""
                This account's moods are not end-to-end encrypted: it was made before moodtui sealed moods, and the server \
                can read them. `moodtui key enable` seals them from now on; until then the header says "not encrypted".
                """)
        }
    }

    /// Asks on the terminal before syncing an account whose moods the server says it reads;
    /// without one, fails in words.
    private func confirmPlain(account: String) throws {
        let claim = "the server says \(account)'s moods are not end-to-end encrypted and takes no key for them"
        guard isatty(STDIN_FILENO) == 1 else {
            throw CommandFailure(
                "not logged in: \(claim). If that is so (an account made before moodtui sealed moods), log in again with "
                    + "--allow-plain; a server that lies could say this of any account")
        }
        print("\(claim.prefix(1).uppercased() + claim.dropFirst()): it can read them. Sync without encryption? [y/N] ", terminator: "")
        guard readLine()?.lowercased().first == "y" else { throw CommandFailure("not logged in: nothing changed") }
    }

    /// Asks on the terminal what to do with another account's moods; without one, fails in words.
    private func ask(moods: Int, account: String) throws -> SyncSettings.ExistingMoods {
        let what = moods == 1 ? "1 mood" : "\(moods) moods"
        guard isatty(STDIN_FILENO) == 1 else {
            throw CommandFailure(
                "this journal holds \(what) of another account: add --keep-moods to upload them to \(account), or --discard-moods to delete them here")
        }
        while true {
            print("This journal holds \(what) of another account. [k]eep them and upload to \(account), [d]iscard them, or [c]ancel? ", terminator: "")
            switch readLine()?.lowercased().first {
            case "k": return .keep
            case "d": return .discard
            case "c", nil: throw CommandFailure("not logged in: nothing changed")
            default: continue
            }
        }
    }
}

/// `moodtui logout`: stops syncing this journal.
struct LogoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Stop syncing this journal (its moods stay).",
        discussion: "Moods not yet uploaded stay waiting; logging in again to the same account uploads them.")

    @OptionGroup var journal: JournalOptions

    func run() throws {
        let store = try journal.open()
        guard try SyncSettings.account(in: store) != nil else { throw CommandFailure("this journal is not logged in") }
        do { try SyncSettings.logOut(of: store) } catch { throw CommandFailure("\(error)") }
        print("Logged out. The moods stay in \(store.path).")
    }
}
