import AppTesting
import Foundation
import Testing

/// Keys as terminals send them, in the real app in tmux (`TERM=xterm-256color` inside tmux, so
/// curses does not know tmux's own Home and End): none of them may cost a mood or the text
/// being typed.
@Suite(.serialized, .ownThread) struct TerminalInputTests {
    let subject = AppInTmux()

    /// Alt-d was Esc (the edit cancelled), `d` (delete?) and the `y` of "yes": a mood deleted.
    @Test func altDWhileEditingANoteDeletesAWordAndNeverAMood() throws {
        try subject.add("older", date: "2026-01-01T00:00:00Z")
        try subject.add("it went", date: "2026-02-01T00:00:00Z")
        let app = try subject.launch()
        #expect(try app.waitForScreen { $0.contains("it went") && $0.contains("older") })
        try app.press("e")
        #expect(try app.waitForScreen { $0.contains("Edit mood") }, "\(app.lastScreen)")
        try app.type(" and then")
        try app.press("M-b", "M-d")
        try app.type("yes it was fine")
        try app.press("Enter")
        #expect(try app.waitForScreen { $0.contains("it went and yes it was fine") && !$0.contains("Edit mood") }, "\(app.lastScreen)")
        #expect(try subject.notes() == ["it went and yes it was fine", "older"])
    }

    /// tmux sends Home and End as `ESC [1~` and `ESC [4~`, unknown to xterm's terminfo: they
    /// closed the form and lost the note.
    @Test func homeAndEndMoveInTheNoteAndKeepTheFormOpen() throws {
        let app = try subject.launchIntoAddForm()
        try app.type("middle")
        try app.press("Home")
        try app.type("start ")
        try app.press("End")
        try app.type(" end")
        try app.press("Enter")
        #expect(try app.waitForScreen { $0.contains("start middle end") && !$0.contains("New mood") }, "\(app.lastScreen)")
        #expect(try subject.notes() == ["start middle end"])
    }

    /// A pasted text with `e` and `q` in it opened a form and quit the app; now it goes into
    /// the note whole, and into the list it does nothing.
    @Test func aMultiLinePasteGoesIntoTheNoteAndIsNeverTakenAsCommands() throws {
        try subject.add("already here")
        let app = try subject.launch()
        #expect(try app.waitForScreen { $0.contains("already here") })
        try app.paste("d\ny\nq\n")
        try app.press("a")
        #expect(try app.waitForScreen { $0.contains("New mood") }, "the paste into the list did something: \(app.lastScreen)")
        try app.type("x")
        try app.paste("line one\nsecond e line\nq third")
        try app.press("Enter")
        #expect(try app.waitForScreen { $0.contains("2 moods") && !$0.contains("New mood") }, "\(app.lastScreen)")
        #expect(try subject.notes() == ["xline one\nsecond e line\nq third", "already here"])
        #expect(try app.exitStatus() == nil, "the app quit")
    }

    /// Where pastes are not marked, the same paste saved "Had a good day.nt to the gym" (the
    /// characters after the first line break lost) and the `q` of its last line quit the app.
    @Test func anUnmarkedMultiLinePasteGoesIntoTheNoteWholeAndIsNeverTakenAsCommands() throws {
        let pasted = "Had a good day.\nWent to the gym\nquiet evening"
        try subject.add("already here")
        let app = try subject.launch()
        #expect(try app.waitForScreen { $0.contains("already here") })
        try app.pasteUnmarked(pasted)
        #expect(try app.waitForScreen { $0.contains("A paste goes into a field") }, "\(app.lastScreen)")
        try app.press("a")
        #expect(try app.waitForScreen { $0.contains("New mood") }, "the paste into the list did something: \(app.lastScreen)")
        try app.pasteUnmarked(pasted)
        #expect(try app.waitForScreen { $0.contains("quiet evening") }, "\(app.lastScreen)")
        try app.press("Enter")
        #expect(try app.waitForScreen { $0.contains("2 moods") && !$0.contains("New mood") }, "\(app.lastScreen)")
        #expect(try subject.notes() == [pasted, "already here"])
        #expect(try app.exitStatus() == nil, "the app quit")
    }

    /// Ctrl-\ sent SIGQUIT (a backtrace, a spinning process, a terminal never given back); Ctrl-S
    /// froze the screen until Ctrl-Q.
    @Test func ctrlBackslashAndCtrlSAreHarmlessKeys() throws {
        let app = try subject.launchIntoAddForm()
        try app.type("abc")
        try app.press("C-\\", "C-s")
        try app.type("def")
        #expect(try app.waitForScreen { $0.contains("abcdef") }, "the screen froze or the app died: \(app.lastScreen)")
        try app.press("C-q", "Enter")
        #expect(try app.waitForScreen { $0.contains("1 mood") }, "\(app.lastScreen)")
        #expect(try subject.notes() == ["abcdef"])
    }

    /// After Ctrl-Z and `fg`, the form is still open with its text, and the first arrow (sent in
    /// the terminal's normal cursor mode until curses sets its mode again) does not close it.
    @Test func ctrlZAndFgKeepTheFormAndItsText() throws {
        let shell = try TmuxSession(command: "bash --norc --noprofile -i")
        #expect(try shell.waitForScreen { $0.contains("$") || $0.contains("#") }, "\(shell.lastScreen)")
        try shell.type(try subject.command())
        try shell.press("Enter")
        #expect(try shell.waitForScreen { $0.contains("No moods yet") }, "\(shell.lastScreen)")
        try shell.press("a")
        try shell.type("before")
        #expect(try shell.waitForScreen { $0.contains("before") })
        let modes = "#{mouse_standard_flag}#{mouse_sgr_flag}"
        #expect(try shell.paneFormat(modes) == "11", "the mouse, asked for")
        try shell.press("C-z")
        #expect(try shell.waitForScreen { $0.contains("Stopped") }, "\(shell.lastScreen)")
        #expect(try shell.paneFormat(modes) == "00", "the stopped app left the shell its mouse")
        try shell.type("fg")
        try shell.press("Enter")
        #expect(try shell.waitForScreen { $0.contains("New mood") && $0.contains("before") }, "\(shell.lastScreen)")
        #expect(try shell.paneFormat(modes) == "11", "asked for again")
        try shell.press("Up")
        try shell.type(" after")
        try shell.press("Enter")
        #expect(try shell.waitForScreen { $0.contains("before after") && !$0.contains("New mood") }, "\(shell.lastScreen)")
        #expect(try subject.notes() == ["before after"])
    }
}
