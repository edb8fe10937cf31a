import AppTesting
import Foundation
import GRDB
import LocalProcesses
import MoodKit
import Testing

/// Text drawn as it is: emoji sequences whole, and a hostile note shown the same safe way by the
/// app, `moodtui list` and `moodtui watch`.
@Suite(.serialized, .ownThread) struct TextOnScreenTests {
    let subject = AppInTmux()

    /// 👩‍💻 was drawn as 👩 (the emoji after the joiner lost to the next character).
    @Test func anEmojiZWJSequenceIsOnScreenWhole() throws {
        try subject.add("coding 👩‍💻 done")
        let app = try subject.launch()
        #expect(try app.waitForScreen { $0.contains("coding 👩‍💻 done") }, "\(app.lastScreen)")
    }

    /// Notes that could steer a terminal, as a journal written by an older version or by hand may
    /// hold them (validation keeps them out of new notes). A NUL is not among them: SQLite's
    /// reader ends the text at it, so no way of showing can see past it (`TerminalSafeTextTests`
    /// shows it as a mark).
    static let hostileNotes = [
        "esc \u{1B}[31mred\u{1B}[0m del \u{7F} end",
        "osc \u{1B}]0;pwned\u{07} c1 \u{9B}2J end",
        "bidi invoice\u{202E}fdp.exe tab\tgap end",
    ]

    @Test func theAppListAndWatchShowHostileNotesTheSameSafeWay() throws {
        for (index, _) in Self.hostileNotes.enumerated() {
            try subject.add("placeholder \(index)", date: "2026-01-0\(index + 1)T00:00:00Z")
        }
        let queue = try DatabaseQueue(path: subject.journal)
        try queue.write { db in
            for (index, note) in Self.hostileNotes.enumerated() {
                try db.execute(sql: "UPDATE mood SET note = ? WHERE note = ?", arguments: [note, "placeholder \(index)"])
            }
        }
        try queue.close()
        let shown = Self.hostileNotes.map(TerminalSafeText.singleLine)
        for line in shown { #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" }) }

        let list = try ProcessResult.moodtui(["list", "--journal", subject.journal])
        try #require(list.status == 0, "\(list.standardError)")
        for line in shown { #expect(list.standardOutput.contains(line), "list: \(list.standardOutput)") }
        #expect(!list.standardOutput.contains("\u{1B}"))

        let watch = try RunningProcess(moodtui: ["watch", "--journal", subject.journal])
        defer { watch.terminate() }
        #expect(Deadline.wait(upTo: .seconds(20)) { watch.outputLines.count > shown.count }, "\(watch.outputLines)")
        for line in shown { #expect(watch.outputLines.contains { $0.hasSuffix(line) }, "watch: \(watch.outputLines)") }

        let app = try subject.launch(columns: 100)
        #expect(try app.waitForScreen { screen in shown.allSatisfy(screen.contains) }, "\(app.lastScreen)")
        #expect(app.lastScreen.contains("3 moods"))
    }
}
