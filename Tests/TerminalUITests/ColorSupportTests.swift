import Testing
import TerminalUI

@Suite struct ColorSupportTests {
    @Test func noColorWinsOverAColourTerminal() {
        #expect(ColorSupport.decide(hasColors: true, colors: 256, noColor: true) == .none)
    }

    @Test func colourCountPicksTheLevel() {
        #expect(ColorSupport.decide(hasColors: true, colors: 256, noColor: false) == .extended256)
        #expect(ColorSupport.decide(hasColors: true, colors: 8, noColor: false) == .basic8)
        #expect(ColorSupport.decide(hasColors: false, colors: 0, noColor: false) == .none)
    }

    @Test func anyNonEmptyNoColorValueTurnsColourOff() {
        #expect(TerminalOptions.noColor(fromEnvironment: ["NO_COLOR": "1"]))
        #expect(!TerminalOptions.noColor(fromEnvironment: ["NO_COLOR": ""]))
        #expect(!TerminalOptions.noColor(fromEnvironment: [:]))
    }
}
