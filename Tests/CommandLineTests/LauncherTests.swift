import AppTesting
import Foundation
import LocalProcesses
import Testing

/// The `moodtui` a person runs answers `prompt` alone and hands every other command to the
/// `moodtui-core` beside it; without it, it says what is missing.
@Suite(.ownThread) struct LauncherTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-launcher-\(UUID().uuidString)")

    /// The launcher copied into a folder of its own, without `moodtui-core`. The copy is
    /// written through a descriptor closed on exec: a process another test starts meanwhile
    /// would otherwise hold it open for writing, and running the copy would fail (ETXTBSY).
    private func launcherAlone() throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("moodtui")
        let bytes = try Data(contentsOf: try BuiltProducts.moodtui)
        let descriptor = open(copy.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o700)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        try #require(written == bytes.count)
        return copy
    }

    @Test func withoutMoodtuiCoreBesideItTheLauncherSaysSoAndStillAnswersThePrompt() throws {
        let launcher = try launcherAlone()
        let journal = folder.appendingPathComponent("journal.sqlite").path
        let listed = try ProcessResult.run(launcher, ["list", "--journal", journal])
        #expect(listed.status == 127)
        #expect(listed.standardError.contains("cannot run \(folder.path)/moodtui-core"), "\(listed.standardError)")
        #expect(listed.standardError.contains("moodtui and moodtui-core belong in one folder"))

        #expect(try ProcessResult.moodtui(["add", "--level", "good", "--date", "2020-01-01 12:00", "--journal", journal]).status == 0)
        let prompt = try ProcessResult.run(launcher, ["prompt", "--journal", journal])
        #expect(prompt.status == 0 && prompt.standardOutput == "no mood today · moodtui a\n", "\(prompt)")
        let equals = try ProcessResult.run(launcher, ["prompt", "--journal=\(journal)"])
        #expect(equals.standardOutput == "no mood today · moodtui a\n", "\(equals)")
    }

    @Test func everyOtherCommandRunsInMoodtuiCoreWithItsArgumentsAndStatus() throws {
        let version = try ProcessResult.moodtui(["--version"])
        #expect(version.status == 0 && version.standardOutput == "0.1.0\n")
        let mistake = try ProcessResult.moodtui(["prompt", "--journal"])
        #expect(mistake.status == 64 && mistake.standardError.contains("(see 'moodtui prompt --help')"), "\(mistake.standardError)")
        let help = try ProcessResult.moodtui(["prompt", "--help"])
        #expect(help.status == 0 && help.standardOutput.contains("for a shell prompt"), "\(help.standardOutput)")
    }
}
