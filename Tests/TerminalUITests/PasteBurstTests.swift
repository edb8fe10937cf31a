import Testing
@testable import TerminalUI

/// Unmarked pastes told from typing by what one read holds, with the time of each read given.
@Suite struct PasteBurstTests {
    private let start = ContinuousClock.now

    private func keys(_ text: String) -> [KeyEvent] {
        text.map { $0 == "\n" ? .enter : $0 == "\t" ? .tab : .character($0) }
    }

    @Test func linesReadAtOnceAreOnePasteLineBreaksIncluded() {
        var burst = PasteBurst()
        let pasted = "Had a good day.\nWent to the gym\nquiet evening\n"
        #expect(burst.keys(keys(pasted), readAt: start) == [.paste(pasted)])
    }

    @Test func aShortLineAndTheStartOfTheNextAreAPasteToo() {
        var burst = PasteBurst()
        #expect(burst.keys(keys("y\nq"), readAt: start) == [.paste("y\nq")])
    }

    @Test func keysTypedOneReadAtATimeStayKeys() {
        var burst = PasteBurst()
        for (index, key) in keys("q\nabc").enumerated() {
            #expect(burst.keys([key], readAt: start + .seconds(index)) == [key])
        }
    }

    @Test func aWordReadAtOnceStaysKeysAndSoDoesTheEnterAfterIt() {
        var burst = PasteBurst()
        #expect(burst.keys(keys("quiet evening\n"), readAt: start) == keys("quiet evening\n"))
        #expect(burst.keys(keys("went\t"), readAt: start + .seconds(1)) == keys("went\t"))
    }

    @Test func aKeyHeldDownAndAFewKeysAtOnceStayKeys() {
        var burst = PasteBurst()
        #expect(burst.keys(keys("jjjjjjjj"), readAt: start) == keys("jjjjjjjj"))
        #expect(burst.keys(keys("abc"), readAt: start + .seconds(1)) == keys("abc"))
        #expect(burst.keys(keys("\n\n"), readAt: start + .seconds(2)) == [.enter, .enter])
    }

    @Test func theRestOfALongPasteReadSoonAfterBelongsToItButALoneEnterDoesNot() {
        var burst = PasteBurst()
        let firstPiece = String(repeating: "a long line\n", count: 30) + "sec"
        #expect(burst.keys(keys(firstPiece), readAt: start) == [.paste(firstPiece)])
        #expect(burst.keys(keys("q"), readAt: start + .milliseconds(10)) == [.paste("q")])
        #expect(burst.keys(keys("ond\n"), readAt: start + .milliseconds(20)) == [.paste("ond\n")])
        #expect(burst.keys([.enter], readAt: start + .milliseconds(25)) == [.enter], "Enter alone after a paste")
        #expect(burst.keys(keys("q"), readAt: start + .milliseconds(30)) == keys("q"), "the paste ended with the Enter")
    }

    @Test func aKeyRightAfterAShortPasteIsAKey() {
        var burst = PasteBurst()
        _ = burst.keys(keys("one\ntwo"), readAt: start)
        #expect(burst.keys(keys("a"), readAt: start + .milliseconds(1)) == keys("a"), "a short paste arrives whole")
    }

    @Test func textLongAfterALongPasteIsTypedAgain() {
        var burst = PasteBurst()
        _ = burst.keys(keys(String(repeating: "one\ntwo\n", count: 40)), readAt: start)
        #expect(burst.keys(keys("q"), readAt: start + PasteBurst.continuation + .milliseconds(1)) == keys("q"))
    }

    @Test func aReadWithKeysThatAreNotTextIsNeverAPaste() {
        var burst = PasteBurst()
        let mixed: [KeyEvent] = keys("abc\nde") + [.up] + keys("fg")
        #expect(burst.keys(mixed, readAt: start) == mixed)
        let marked: [KeyEvent] = [.paste("line one\nline two")]
        #expect(burst.keys(marked, readAt: start + .seconds(1)) == marked, "a marked paste passes as it is")
    }
}
