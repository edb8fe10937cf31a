import MoodKit
import Testing

/// The one rule for putting a note on a terminal: nothing in it may steer the terminal or
/// reorder the text, and nothing disappears without a mark.
@Suite struct TerminalSafeTextTests {
    @Test func plainTextIsShownAsItIs() {
        let text = "non\u{A0}breaking © é 東京 👍🏽 👩‍💻 🇩🇪 e\u{301}"
        #expect(TerminalSafeText.singleLine(text) == text)
    }

    @Test func lineFeedsAreMarkedAndTabsAreSpaces() {
        #expect(TerminalSafeText.singleLine("one\ntwo\tthree") == "one↵two three")
    }

    @Test(arguments: [
        ("escape", "a\u{1B}[31mb", "a�[31mb"),
        ("OSC title", "\u{1B}]0;pwned\u{07}x", "�]0;pwned�x"),
        ("C1 CSI", "a\u{9B}2Jb", "a�2Jb"),
        ("NUL", "a\u{0}b", "a�b"),
        ("DEL", "a\u{7F}b", "a�b"),
        ("carriage return", "a\rb", "a�b"),
        ("right-to-left override", "invoice\u{202E}fdp.exe", "invoice�fdp.exe"),
        ("isolates", "\u{2066}a\u{2069}", "�a�"),
        ("line separator", "a\u{2028}b", "a�b"),
    ])
    func everyControlAndBidiOverrideIsAVisibleMark(_ name: String, _ text: String, _ shown: String) {
        #expect(TerminalSafeText.singleLine(text) == shown, "\(name)")
    }

    @Test func everyC0AndC1ControlIsReplaced() {
        for value in Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F) where value != 0x09 && value != 0x0A {
            let scalar = Unicode.Scalar(value)!
            #expect(TerminalSafeText.singleLine("a" + String(scalar) + "b") == "a\u{FFFD}b", "\(ControlCharacters.name(scalar))")
        }
    }
}
