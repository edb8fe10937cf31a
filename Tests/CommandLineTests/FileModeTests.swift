import AppTesting
import Foundation
import LocalProcesses
import Testing

/// A journal holds a person's moods and, once logged in, their sync token; the log says what
/// happened to it. Only their owner may read them: files 0600, the folders made for them 0700.
@Suite(.serialized, .ownThread) struct FileModeTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-modes-\(UUID().uuidString)")

    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    private func moodtui(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        try ProcessResult.moodtui(arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    }

    @Test func aNewJournalAndTheFoldersMadeForItArePrivate() throws {
        let journal = folder.appendingPathComponent("a/b/journal.sqlite").path
        let added = try moodtui(["add", "--journal", journal, "--level", "good", "--note", "private"])
        #expect(added.status == 0, "\(added.standardError)")
        #expect(try mode(folder.appendingPathComponent("a").path) == 0o700)
        #expect(try mode(folder.appendingPathComponent("a/b").path) == 0o700)
        for file in ["journal.sqlite", "journal.sqlite-wal", "journal.sqlite-shm"] {
            let path = folder.appendingPathComponent("a/b/\(file)").path
            if FileManager.default.fileExists(atPath: path) { #expect(try mode(path) == 0o600, "\(file)") }
        }
        #expect(try mode(journal) == 0o600)
    }

    @Test func anExistingJournalReadableByOthersIsTightenedAndSaidButItsFolderIsLeftAlone() throws {
        let journal = folder.appendingPathComponent("journal.sqlite").path
        #expect(try moodtui(["add", "--journal", journal, "--level", "good"]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: journal)

        let listed = try moodtui(["list", "--journal", journal])
        #expect(listed.status == 0)
        #expect(listed.standardError.contains("made \(journal) private (mode 644 → 600)"), "\(listed.standardError)")
        #expect(try mode(journal) == 0o600)
        #expect(try mode(folder.path) == 0o755, "a folder the person chose is theirs")
    }

    @Test func aJournalPathThatIsASymbolicLinkIsRefusedNotFollowed() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let elsewhere = folder.appendingPathComponent("readable-by-all").path
        #expect(FileManager.default.createFile(atPath: elsewhere, contents: nil, attributes: [.posixPermissions: 0o644]))
        let journal = folder.appendingPathComponent("journal.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: journal, withDestinationPath: elsewhere)

        let added = try moodtui(["add", "--journal", journal, "--level", "good", "--note", "private"])
        #expect(added.status == 1)
        #expect(added.standardError.contains("\(journal) is a symbolic link; moodtui keeps private data only in a real file there"), "\(added.standardError)")
        #expect(try mode(elsewhere) == 0o644 && FileManager.default.contents(atPath: elsewhere)?.isEmpty == true, "nothing written through it")
    }

    @Test func theDefaultJournalsFolderIsMoodtuisOwnAndMadePrivate() throws {
        let data = folder.appendingPathComponent("data")
        let own = data.appendingPathComponent("moodtui")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let added = try moodtui(["add", "--level", "good"], environment: ["XDG_DATA_HOME": data.path])
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.standardError.contains("made \(own.path) private (mode 755 → 700)"), "\(added.standardError)")
        #expect(try mode(own.path) == 0o700)
        #expect(try mode(own.appendingPathComponent("journal.sqlite").path) == 0o600)
    }

    /// `$HOME` was ignored: the journal went to the account's home folder whatever it said.
    @Test func withoutXDGFoldersTheJournalGoesUnderHOME() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = nil
        environment["HOME"] = folder.path
        let added = try ProcessResult.moodtui(["add", "--level", "good"], environment: environment)
        #expect(added.status == 0, "\(added.standardError)")
        let journal = folder.appendingPathComponent(".local/share/moodtui/journal.sqlite").path
        #expect(FileManager.default.fileExists(atPath: journal))
        #expect(try mode(journal) == 0o600)
    }

    /// The log is opened before the screen: without a terminal the app stops right after.
    @Test func theLogAndItsFoldersArePrivate() throws {
        let state = folder.appendingPathComponent("state")
        let opened = try moodtui(["open", "--journal", folder.appendingPathComponent("j.sqlite").path], environment: ["XDG_STATE_HOME": state.path])
        #expect(opened.status != 0, "there is no terminal here")
        #expect(try mode(state.appendingPathComponent("moodtui").path) == 0o700)
        #expect(try mode(state.appendingPathComponent("moodtui/moodtui.log").path) == 0o600)

        let chosen = folder.appendingPathComponent("logs/today/app.log").path
        _ = try moodtui(["open", "--journal", folder.appendingPathComponent("j.sqlite").path, "--log-file", chosen])
        #expect(try mode(folder.appendingPathComponent("logs").path) == 0o700)
        #expect(try mode(chosen) == 0o600)
    }
}
