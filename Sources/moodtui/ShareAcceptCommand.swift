import ArgumentParser
import Foundation
import Logging
import MoodSealing
import MoodStore
import MoodSync
import PrivateFiles

/// `moodtui share accept INVITATION`: keeps a share someone made in a journal of its own.
struct ShareAcceptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept", abstract: "Keep a share someone sent you, in a journal of its own.",
        discussion: """
            Checks the invitation with the server, downloads the share into its own journal (by \
            default in the shares folder beside your own journal), and prints how to open it. No \
            account is needed. The share is read-only and stays live: `moodtui --journal PATH` shows \
            it as its owner's devices write, and `list`, `stats`, `watch` and `export` read it. If \
            its owner ends it, what was downloaded stays.
            """)

    @Argument(help: ArgumentHelp(
        "The invitation (moodtui-share:…). Better left out: you are asked for it, or give --invitation-file "
            + "(on the command line it shows in `ps` and stays in shell history).", valueName: "invitation"))
    var invitation: String?

    @Option(help: ArgumentHelp("A file holding the invitation (- for standard input).", valueName: "file"))
    var invitationFile: String?

    @Option(name: .long, help: ArgumentHelp(
        "Where to keep the share: a new journal file.", discussion: "Default: $XDG_DATA_HOME/moodtui/shares/OWNER.sqlite.",
        valueName: "path"))
    var journal: String?

    @OptionGroup var trustOptions: ServerTrustOptions

    func validate() throws {
        guard invitation == nil || invitationFile == nil else { throw ValidationError("give the invitation once: as an argument or with --invitation-file") }
    }

    func run() async throws {
        let invitation = try CommandFailure.wrapping { try ShareInvitation(text: try invitationText()) }
        let trust = try trustOptions.trust(for: invitation.server, refusal: "not accepted")
        let path = try journalPath(for: invitation)
        let store = try open(path)
        let account = SyncAccount(server: invitation.server, token: invitation.token, trust: trust)
        let logger = Logger(label: "moodtui.share") { StreamLogHandler.standardError(label: $0) }
        let remote = HTTPMoodRemote(account: account, deviceID: try store.deviceID(), logger: logger)
        do {
            try await ShareSubscriptions.accept(invitation, trust: trust, store: store, remote: remote)
        } catch {
            // The journal was made for the share: nothing of it stays when there is none.
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            throw CommandFailure("not accepted: \(error)")
        }
        let downloaded: Int
        do { downloaded = try await SyncCoordinator(store: store, remote: remote, logger: logger).syncOnce().downloaded } catch {
            throw CommandFailure("accepted into \(path), but the first download failed (\(error)); `moodtui sync --once --journal \(path)` tries again")
        }
        print("""
            Accepted \(invitation.from)'s share: \(downloaded) mood\(downloaded == 1 ? "" : "s") so far, kept in \(path). \
            It is read-only and live: `moodtui --journal \(path)` shows it as \(invitation.from) writes \
            (in the app, `J` switches between your journal and the shares you hold).
            """)
    }

    private func invitationText() throws -> String {
        if let invitation { return invitation }
        if let invitationFile { return try SecretInput.read(file: invitationFile, what: "share invitation") }
        guard let typed = try SecretInput.ask("Invitation", what: "share invitation"), !typed.isEmpty else {
            throw CommandFailure("give the invitation you were sent: as an argument, with --invitation-file FILE, or pasted at the prompt")
        }
        return typed
    }

    /// `--journal`, or a new file named after the owner in the shares folder.
    private func journalPath(for invitation: ShareInvitation) throws -> String {
        if let journal {
            let path = (journal as NSString).expandingTildeInPath
            if FileManager.default.fileExists(atPath: path) {
                throw CommandFailure("not accepted: \(path) exists already; a share is kept in a journal of its own")
            }
            return path
        }
        let folder = ShareJournals.folder
        let base = ShareJournals.fileName(for: invitation.from)
        for number in 1...1_000 {
            let path = folder.appendingPathComponent(number == 1 ? "\(base).sqlite" : "\(base)-\(number).sqlite").path
            if !FileManager.default.fileExists(atPath: path) { return path }
        }
        throw CommandFailure("not accepted: the shares folder \(folder.path) is full of \(base) journals")
    }

    private func open(_ path: String) throws -> JournalStore {
        do {
            let changes = try PrivateFiles.prepareFolder(Environment.dataHome.appendingPathComponent("moodtui"))
                + PrivateFiles.prepareFolder(ShareJournals.folder)
            let store = try JournalStore(path: path)
            (changes + store.permissionChanges).report()
            return store
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}

/// Where shares someone made for this person are kept by default: beside the person's own
/// journal, one journal each, which the app switches between.
enum ShareJournals {
    static var folder: URL { Environment.dataHome.appendingPathComponent("moodtui/shares") }

    /// A file name from an owner's name: letters, digits, `-`, `_` and `.` kept, the rest `-`.
    static func fileName(for owner: String) -> String {
        let kept = owner.lowercased().map { character -> Character in
            character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character)) ? character : "-"
        }
        let name = String(kept.prefix(40)).trimmingCharacters(in: CharacterSet(charactersIn: "-."))
        return name.isEmpty ? "share" : name
    }
}
