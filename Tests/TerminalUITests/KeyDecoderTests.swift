import CNCurses
import Testing
@testable import TerminalUI

/// The decoder from bytes, as terminals send them when curses does not know the sequence (its
/// terminfo entry is another terminal's, as with `TERM=xterm-256color` inside tmux).
@Suite struct KeyDecoderTests {
    /// A key as one terminal sends it.
    struct Sent: Sendable, CustomTestStringConvertible {
        let terminal: String
        let key: String
        let bytes: String
        /// What it must mean; `nil`: a key the app has no use for, consumed without a trace.
        let meaning: KeyEvent?

        var testDescription: String { "\(terminal) \(key)" }
    }

    static let esc = "\u{1B}"

    static let table: [Sent] = [
        // xterm, cursor keys in normal mode, and its modifiers.
        Sent(terminal: "xterm", key: "Up", bytes: "\(esc)[A", meaning: .up),
        Sent(terminal: "xterm", key: "Down", bytes: "\(esc)[B", meaning: .down),
        Sent(terminal: "xterm", key: "Right", bytes: "\(esc)[C", meaning: .right),
        Sent(terminal: "xterm", key: "Left", bytes: "\(esc)[D", meaning: .left),
        Sent(terminal: "xterm", key: "Home", bytes: "\(esc)[H", meaning: .home),
        Sent(terminal: "xterm", key: "End", bytes: "\(esc)[F", meaning: .end),
        Sent(terminal: "xterm", key: "Delete", bytes: "\(esc)[3~", meaning: .delete),
        Sent(terminal: "xterm", key: "Insert", bytes: "\(esc)[2~", meaning: nil),
        Sent(terminal: "xterm", key: "PageUp", bytes: "\(esc)[5~", meaning: .pageUp),
        Sent(terminal: "xterm", key: "PageDown", bytes: "\(esc)[6~", meaning: .pageDown),
        Sent(terminal: "xterm", key: "Ctrl-Up", bytes: "\(esc)[1;5A", meaning: .up),
        Sent(terminal: "xterm", key: "Shift-End", bytes: "\(esc)[1;2F", meaning: .end),
        Sent(terminal: "xterm", key: "Alt-Delete", bytes: "\(esc)[3;3~", meaning: .delete),
        Sent(terminal: "xterm", key: "Shift-Tab", bytes: "\(esc)[Z", meaning: .backTab),
        Sent(terminal: "xterm", key: "F1", bytes: "\(esc)OP", meaning: nil),
        Sent(terminal: "xterm", key: "F5", bytes: "\(esc)[15~", meaning: nil),
        Sent(terminal: "xterm", key: "Ctrl-F12", bytes: "\(esc)[24;5~", meaning: nil),
        Sent(terminal: "xterm", key: "focus in", bytes: "\(esc)[I", meaning: nil),
        Sent(terminal: "xterm", key: "focus out", bytes: "\(esc)[O", meaning: nil),
        Sent(terminal: "xterm", key: "Alt-d", bytes: "\(esc)d", meaning: .alt("d")),
        Sent(terminal: "xterm", key: "Alt-Shift-B", bytes: "\(esc)B", meaning: .alt("B")),
        Sent(terminal: "xterm", key: "Alt-Backspace", bytes: "\(esc)\u{7F}", meaning: .altBackspace),
        Sent(terminal: "xterm", key: "Alt-Enter", bytes: "\(esc)\r", meaning: .altEnter),
        Sent(terminal: "xterm", key: "Alt-d (modifyOtherKeys)", bytes: "\(esc)[27;3;100~", meaning: .alt("d")),
        // xterm in application cursor and keypad modes (what curses' smkx asks for).
        Sent(terminal: "xterm app mode", key: "Up", bytes: "\(esc)OA", meaning: .up),
        Sent(terminal: "xterm app mode", key: "Left", bytes: "\(esc)OD", meaning: .left),
        Sent(terminal: "xterm app mode", key: "Home", bytes: "\(esc)OH", meaning: .home),
        Sent(terminal: "xterm app mode", key: "End", bytes: "\(esc)OF", meaning: .end),
        Sent(terminal: "xterm app mode", key: "keypad Enter", bytes: "\(esc)OM", meaning: .enter),
        Sent(terminal: "xterm app mode", key: "keypad 5", bytes: "\(esc)Ou", meaning: .character("5")),
        Sent(terminal: "xterm app mode", key: "keypad -", bytes: "\(esc)Om", meaning: .character("-")),
        // tmux and screen.
        Sent(terminal: "tmux", key: "Home", bytes: "\(esc)[1~", meaning: .home),
        Sent(terminal: "tmux", key: "End", bytes: "\(esc)[4~", meaning: .end),
        Sent(terminal: "tmux", key: "Delete", bytes: "\(esc)[3~", meaning: .delete),
        Sent(terminal: "tmux", key: "F1", bytes: "\(esc)OP", meaning: nil),
        Sent(terminal: "screen", key: "Home", bytes: "\(esc)[1~", meaning: .home),
        Sent(terminal: "screen", key: "End", bytes: "\(esc)[4~", meaning: .end),
        Sent(terminal: "screen", key: "Up", bytes: "\(esc)OA", meaning: .up),
        // The Linux console.
        Sent(terminal: "linux", key: "Home", bytes: "\(esc)[1~", meaning: .home),
        Sent(terminal: "linux", key: "End", bytes: "\(esc)[4~", meaning: .end),
        Sent(terminal: "linux", key: "F1", bytes: "\(esc)[[A", meaning: nil),
        Sent(terminal: "linux", key: "F5", bytes: "\(esc)[[E", meaning: nil),
        // rxvt.
        Sent(terminal: "rxvt", key: "Home", bytes: "\(esc)[7~", meaning: .home),
        Sent(terminal: "rxvt", key: "End", bytes: "\(esc)[8~", meaning: .end),
        Sent(terminal: "rxvt", key: "Shift-Up", bytes: "\(esc)[a", meaning: .up),
        Sent(terminal: "rxvt", key: "Ctrl-Left", bytes: "\(esc)Od", meaning: .left),
        // PuTTY.
        Sent(terminal: "PuTTY", key: "Home", bytes: "\(esc)[1~", meaning: .home),
        Sent(terminal: "PuTTY", key: "End", bytes: "\(esc)[4~", meaning: .end),
        Sent(terminal: "PuTTY", key: "F1", bytes: "\(esc)[11~", meaning: nil),
        Sent(terminal: "PuTTY", key: "Ctrl-Up", bytes: "\(esc)OA", meaning: .up),
        // kitty, including its own key protocol.
        Sent(terminal: "kitty", key: "Home", bytes: "\(esc)[H", meaning: .home),
        Sent(terminal: "kitty", key: "End", bytes: "\(esc)[F", meaning: .end),
        Sent(terminal: "kitty", key: "Ctrl-Right", bytes: "\(esc)[1;5C", meaning: .right),
        Sent(terminal: "kitty", key: "Enter (CSI u)", bytes: "\(esc)[13u", meaning: .enter),
        Sent(terminal: "kitty", key: "Escape (CSI u)", bytes: "\(esc)[27u", meaning: .escape),
        Sent(terminal: "kitty", key: "Alt-d (CSI u)", bytes: "\(esc)[100;3u", meaning: .alt("d")),
        Sent(terminal: "kitty", key: "Ctrl-a (CSI u)", bytes: "\(esc)[97;5u", meaning: .control("a")),
        Sent(terminal: "kitty", key: "Shift-Tab (CSI u)", bytes: "\(esc)[9;2u", meaning: .backTab),
        // Mouse reports, SGR (1006): the cell counted from 1; `m` is a release.
        Sent(terminal: "xterm", key: "left press", bytes: "\(esc)[<0;10;5M", meaning: .mouse(MouseEvent(.click, row: 4, column: 9))),
        Sent(terminal: "xterm", key: "left release", bytes: "\(esc)[<0;10;5m", meaning: nil),
        Sent(terminal: "xterm", key: "Ctrl-click", bytes: "\(esc)[<16;300;2M", meaning: .mouse(MouseEvent(.click, row: 1, column: 299))),
        Sent(terminal: "xterm", key: "right press", bytes: "\(esc)[<2;10;5M", meaning: nil),
        Sent(terminal: "xterm", key: "drag", bytes: "\(esc)[<32;11;5M", meaning: nil),
        Sent(terminal: "xterm", key: "wheel up", bytes: "\(esc)[<64;1;1M", meaning: .mouse(MouseEvent(.wheelUp, row: 0, column: 0))),
        Sent(terminal: "xterm", key: "wheel down", bytes: "\(esc)[<65;1;1M", meaning: .mouse(MouseEvent(.wheelDown, row: 0, column: 0))),
        Sent(terminal: "xterm", key: "mouse report without a cell", bytes: "\(esc)[<0;0;0M", meaning: nil),
        Sent(terminal: "xterm", key: "mouse report off any screen", bytes: "\(esc)[<0;-9223372036854775808;1M", meaning: nil),
        // Mouse reports, X10: three bytes, each value + 32, the cell counted from 1.
        Sent(terminal: "rxvt", key: "X10 left press", bytes: "\(esc)[M #%", meaning: .mouse(MouseEvent(.click, row: 4, column: 2))),
        Sent(terminal: "rxvt", key: "X10 release", bytes: "\(esc)[M##%", meaning: nil),
        Sent(terminal: "rxvt", key: "X10 wheel down", bytes: "\(esc)[Ma!!", meaning: .mouse(MouseEvent(.wheelDown, row: 0, column: 0))),
    ]

    private func keys(_ text: String, decoder: inout KeyDecoder) -> [KeyEvent] {
        decoder.decode(text.unicodeScalars.map { .scalar($0.value) })
    }

    private func keys(_ reads: String...) -> [KeyEvent] {
        var decoder = KeyDecoder()
        return reads.flatMap { keys($0, decoder: &decoder) }
    }

    /// `ESC [ M` is an X10 mouse report only while the app asked for the mouse, and only with the
    /// bytes one has: otherwise what follows is typed.
    @Test func anX10ReportIsOneOnlyWhileTheMouseIsOnAndItsBytesFit() {
        var off = KeyDecoder(mouseReports: false)
        #expect(keys("\(Self.esc)[M #%", decoder: &off) == [" ", "#", "%"].map(KeyEvent.character))
        var on = KeyDecoder()
        #expect(keys("\(Self.esc)[M \r", decoder: &on) == [.enter], "a control ends it and is a key")
    }

    @Test(arguments: table)
    func everyKnownSequenceIsOneKeyAndLeavesTheTextAroundItAlone(_ sent: Sent) {
        let expected: [KeyEvent] = [.character("a")] + (sent.meaning.map { [$0] } ?? []) + [.character("b")]
        #expect(keys("a" + sent.bytes + "b") == expected)
    }

    /// Cut anywhere after its second byte: an ESC alone at the end of a read is a lone Escape
    /// (curses has waited its escape delay for more by then).
    @Test(arguments: table)
    func aSequenceSplitBetweenTwoReadsIsStillOneKey(_ sent: Sent) {
        for cut in 2..<sent.bytes.unicodeScalars.count {
            let scalars = Array(sent.bytes.unicodeScalars)
            let first = String(String.UnicodeScalarView(scalars[..<cut]))
            let rest = String(String.UnicodeScalarView(scalars[cut...]))
            #expect(keys(first, rest) == (sent.meaning.map { [$0] } ?? []), "cut after \(cut)")
        }
    }

    /// The issue's report: Alt-d in a note was Esc (the edit cancelled), `d` (delete?) and the
    /// `y` of the next word (yes).
    @Test func altDInTypedTextIsOneKeyNotEscapeAndLetters() {
        let typed = keys(" and then\(Self.esc)dyes")
        #expect(typed == Array(" and then").map(KeyEvent.character) + [.alt("d")] + Array("yes").map(KeyEvent.character))
        #expect(!typed.contains(.escape))
    }

    @Test func anEscapeAtTheEndOfAReadIsALoneEscapeAtOnce() {
        var decoder = KeyDecoder()
        #expect(keys("x\(Self.esc)", decoder: &decoder) == [.character("x"), .escape])
        #expect(decoder.pendingTimeout == nil)
        #expect(keys("\(Self.esc)\(Self.esc)") == [.escape, .escape])
    }

    @Test func anUnfinishedSequenceWaitsAndIsEndedByFlush() {
        var decoder = KeyDecoder()
        #expect(keys("\(Self.esc)[1", decoder: &decoder) == [])
        #expect(decoder.pendingTimeout != nil)
        #expect(decoder.flush() == [])
        #expect(keys("~", decoder: &decoder) == [.character("~")])

        #expect(keys("\(Self.esc)[", decoder: &decoder) == [])
        #expect(decoder.flush() == [.alt("[")])
        #expect(keys("\(Self.esc)O", decoder: &decoder) == [])
        #expect(decoder.flush() == [.alt("O")])
        #expect(decoder.pendingTimeout == nil)
    }

    @Test func unknownAndOverlongSequencesAreDroppedWhole() {
        #expect(keys("a\(Self.esc)[99;1x\(Self.esc)[?1049hb") == [.character("a"), .character("b")])
        let overlong = "\(Self.esc)[" + String(repeating: "1;", count: 40) + "~"
        #expect(keys("a" + overlong + "b") == [.character("a"), .character("b")])
    }

    @Test func aControlCharacterBreaksASequenceOffAndIsReadItself() {
        #expect(keys("\(Self.esc)[1\r") == [.enter])
        #expect(keys("\(Self.esc)[1\(Self.esc)[A") == [.up])
    }

    @Test func keysCursesDecodedPassThrough() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([.keyCode(moodtui_key_up()), .scalar(0x71), .keyCode(moodtui_key_home())]) == [.up, .character("q"), .home])
        #expect(decoder.decode([.scalar(27), .keyCode(moodtui_key_left())]) == [.left])
    }

    @Test func aBracketedPasteIsTextWithItsLineBreaksNeverKeys() {
        let pasted = keys("\(Self.esc)[200~first line\rsecond\r\nthird\tq\u{7}e\nlast\(Self.esc)[201~x")
        #expect(pasted == [.paste("first line\nsecond\nthird\tqe\nlast"), .character("x")])
    }

    @Test func aPasteSpreadOverManyReadsIsOnePaste() {
        var decoder = KeyDecoder()
        #expect(keys("\(Self.esc)[200~one\r", decoder: &decoder) == [])
        #expect(decoder.pendingTimeout != nil)
        #expect(keys("two\(Self.esc)[20", decoder: &decoder) == [])
        #expect(keys("1~", decoder: &decoder) == [.paste("one\ntwo")])
    }

    @Test func textThatLooksLikeTheEndMarkerButIsNotStaysInThePaste() {
        #expect(keys("\(Self.esc)[200~a[201~b\(Self.esc)[201~") == [.paste("a[201~b")])
    }

    @Test func aPasteWhoseEndNeverComesIsDeliveredByFlush() {
        var decoder = KeyDecoder()
        #expect(keys("\(Self.esc)[200~no end", decoder: &decoder) == [])
        #expect(decoder.flush() == [.paste("no end")])
        #expect(keys("q", decoder: &decoder) == [.character("q")])
    }

    @Test func scalarsOfOneGraphemeAreOneCharacter() {
        #expect(keys("👩\u{200D}💻👍🏽") == [.character("👩‍💻"), .character("👍🏽")])
    }
}
