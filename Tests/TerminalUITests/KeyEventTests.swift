import Testing
@testable import TerminalUI

/// Raw values from ncurses' curses.h, spelled out so the mapping is checked independently.
private enum RawKey {
    static let down: Int32 = 0o402, up: Int32 = 0o403, left: Int32 = 0o404, right: Int32 = 0o405
    static let home: Int32 = 0o406, backspace: Int32 = 0o407, delete: Int32 = 0o512
    static let pageDown: Int32 = 0o522, pageUp: Int32 = 0o523, enter: Int32 = 0o527
    static let end: Int32 = 0o550, resize: Int32 = 0o632
}

@Suite struct KeyEventTests {
    @Test func functionKeysMapToTheirEvents() {
        let expected: [(Int32, KeyEvent)] = [
            (RawKey.up, .up), (RawKey.down, .down), (RawKey.left, .left), (RawKey.right, .right),
            (RawKey.pageUp, .pageUp), (RawKey.pageDown, .pageDown), (RawKey.home, .home),
            (RawKey.end, .end), (RawKey.enter, .enter), (RawKey.backspace, .backspace),
            (RawKey.delete, .delete), (RawKey.resize, .resize),
        ]
        for (code, event) in expected {
            #expect(KeyEvent(code: code, isKeyCode: true) == event, "code \(code)")
        }
    }

    @Test func unknownFunctionKeysAreKept() {
        #expect(KeyEvent(code: 0o410 + 5, isKeyCode: true) == .unknown(0o415))
    }

    @Test func backspaceArrivesAsDelOrControlH() {
        #expect(KeyEvent(code: 127, isKeyCode: false) == .backspace)
        #expect(KeyEvent(code: 8, isKeyCode: false) == .backspace)
    }

    @Test func carriageReturnAndLineFeedAreEnter() {
        #expect(KeyEvent(code: 13, isKeyCode: false) == .enter)
        #expect(KeyEvent(code: 10, isKeyCode: false) == .enter)
    }

    @Test func escapeAndTabHaveTheirOwnEvents() {
        #expect(KeyEvent(code: 27, isKeyCode: false) == .escape)
        #expect(KeyEvent(code: 9, isKeyCode: false) == .tab)
    }

    @Test func otherControlLettersAreReportedAsLowercaseLetters() {
        #expect(KeyEvent(code: 4, isKeyCode: false) == .control("d"))
        #expect(KeyEvent(code: 1, isKeyCode: false) == .control("a"))
        #expect(KeyEvent(code: 26, isKeyCode: false) == .control("z"))
    }

    @Test func printableCharactersIncludingWideOnesAreCharacters() {
        #expect(KeyEvent(code: 0x71, isKeyCode: false) == .character("q"))
        #expect(KeyEvent(code: 0x20, isKeyCode: false) == .character(" "))
        #expect(KeyEvent(code: 0x65E5, isKeyCode: false) == .character("日"))
        #expect(KeyEvent(code: 0x1F600, isKeyCode: false) == .character("😀"))
    }

    @Test func nonCharactersAreUnknown() {
        #expect(KeyEvent(code: 0, isKeyCode: false) == .unknown(0))
        #expect(KeyEvent(code: 0x9B, isKeyCode: false) == .unknown(0x9B))
        #expect(KeyEvent(code: 0xD800, isKeyCode: false) == .unknown(0xD800))
        #expect(KeyEvent(code: -5, isKeyCode: false) == .unknown(-5))
    }

    @Test func scalarsThatContinueAGraphemeAreCombinedIntoOneCharacter() {
        let typed: [KeyEvent] = [.character("❤"), .character("\u{FE0F}"), .character("e"), .character("\u{301}"), .enter]
        #expect(KeyEvent.combining(typed) == [.character("❤️"), .character("e\u{301}"), .enter])
    }

    @Test func separateCharactersAreNotCombined() {
        let typed: [KeyEvent] = [.character("a"), .character("b"), .character("\u{301}"), .up, .character("\u{301}")]
        #expect(KeyEvent.combining(typed) == [.character("a"), .character("b\u{301}"), .up, .character("\u{301}")])
    }
}
