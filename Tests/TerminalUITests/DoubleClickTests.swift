import Testing
import TerminalUI

/// A second press on the same cell soon after the first is a double click; anything else a click.
@Suite struct DoubleClickTests {
    @Test func aSecondPressOnTheSameCellSoonAfterIsADoubleClick() {
        var clicks = DoubleClick()
        let start = ContinuousClock.now
        #expect(clicks.action(ofPressAt: 3, column: 10, time: start) == .click)
        #expect(clicks.action(ofPressAt: 3, column: 10, time: start + .milliseconds(200)) == .doubleClick)
        #expect(clicks.action(ofPressAt: 3, column: 10, time: start + .milliseconds(300)) == .click, "a third press starts over")
    }

    @Test func anotherCellOrALatePressIsAClick() {
        var clicks = DoubleClick()
        let start = ContinuousClock.now
        #expect(clicks.action(ofPressAt: 3, column: 10, time: start) == .click)
        #expect(clicks.action(ofPressAt: 4, column: 10, time: start + .milliseconds(100)) == .click)
        #expect(clicks.action(ofPressAt: 4, column: 10, time: start + .milliseconds(100) + DoubleClick.interval + .milliseconds(1)) == .click)
    }
}
