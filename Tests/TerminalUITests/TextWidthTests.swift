import Testing
@testable import TerminalUI

@Suite struct TextWidthTests {
    init() {
        #expect(TerminalLocale.ensureUTF8())
    }

    @Test func asciiTakesOneColumnPerCharacter() {
        #expect(TextWidth.columns(of: "hello") == 5)
        #expect(TextWidth.columns(of: "") == 0)
    }

    @Test func cjkCharactersTakeTwoColumnsEach() {
        #expect(TextWidth.columns(of: "日本語") == 6)
        #expect(TextWidth.columns(of: "a日b") == 4)
    }

    @Test func emojiTakeTwoColumns() {
        #expect(TextWidth.columns(of: "😀") == 2)
        #expect(TextWidth.columns(of: "❤️") == 2, "U+2764 U+FE0F asks for emoji presentation")
        #expect(TextWidth.columns(of: "👨‍👩‍👧") == 2, "a ZWJ family is one glyph")
        #expect(TextWidth.columns(of: "👍🏽") == 2, "a skin-tone modifier does not add width")
    }

    @Test func combiningMarksTakeNoColumns() {
        #expect(TextWidth.columns(of: "e\u{301}") == 1)
        #expect(TextWidth.columns(of: "cafe\u{301}") == 4)
    }

    @Test func controlCharactersTakeNoColumns() {
        #expect(TextWidth.columns(of: "a\tb\u{7}") == 2)
    }

    @Test func truncateLeavesShortTextAlone() {
        #expect(TextWidth.truncate("mood", toColumns: 4, ellipsis: true) == "mood")
    }

    @Test func truncateCutsAtTheColumnLimitAndAddsAnEllipsisWhenAsked() {
        #expect(TextWidth.truncate("abcdef", toColumns: 4) == "abcd")
        #expect(TextWidth.truncate("abcdef", toColumns: 4, ellipsis: true) == "abc…")
        #expect(TextWidth.truncate("abcdef", toColumns: 0, ellipsis: true) == "")
    }

    @Test func truncateNeverSplitsAWideCharacter() {
        #expect(TextWidth.truncate("日本語", toColumns: 5) == "日本")
        #expect(TextWidth.truncate("日本語", toColumns: 5, ellipsis: true) == "日本…")
        #expect(TextWidth.truncate("日本語", toColumns: 4, ellipsis: true) == "日…")
        #expect(TextWidth.columns(of: TextWidth.truncate("a😀b", toColumns: 2, ellipsis: true)) <= 2)
    }

    @Test func truncateKeepsCombiningMarksWithTheirBase() {
        #expect(TextWidth.truncate("e\u{301}e\u{301}e\u{301}", toColumns: 2) == "e\u{301}e\u{301}")
    }

    @Test func padFillsToExactlyTheRequestedWidth() {
        #expect(TextWidth.pad("ab", toColumns: 5) == "ab   ")
        #expect(TextWidth.pad("日本", toColumns: 5) == "日本 ")
        #expect(TextWidth.pad("日本語", toColumns: 5) == "日本 ")
        #expect(TextWidth.pad("abcdef", toColumns: 3) == "abc")
    }
}
