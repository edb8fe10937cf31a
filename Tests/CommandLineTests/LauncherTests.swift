import AppTesting
import Foundation
import LocalProcesses
import Testing

/// The `moodtui` a person runs answers `prompt` alone and hands every other command to the
/// `moodtui-core` beside it; without it, it says what is missing.
@Suite(.ownThread) struct LauncherTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moodtui-launcher-\(UUID().uuidString)")

    /// The launcher copied into a folder of its own, without `moodtui-core`.
    private func launcherAlone() throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("moodtui")
        try ExecutableFile.write(try Data(contentsOf: try BuiltProducts.moodtui), to: copy)
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
