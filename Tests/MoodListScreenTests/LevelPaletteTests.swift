import Foundation
import MoodKit
import Testing
import TerminalUI
@testable import MoodListScreen

/// The five levels' colours on 256-colour terminals: distinct, and readable on dark and light
/// backgrounds.
@Suite struct LevelPaletteTests {
    private static func palette(_ level: MoodLevel) -> (index: UInt8, basic: TerminalColor)? {
        guard case .indexed(let index, let basic) = level.terminalColor else { return nil }
        return (index, basic)
    }

    /// The sRGB colour of a 256-colour palette entry (16–255), as xterm defines it.
    private static func rgb(_ index: UInt8) -> [Double] {
        if index >= 232 { return Array(repeating: Double(8 + 10 * (Int(index) - 232)), count: 3) }
        let cube = Int(index) - 16, steps = [0, 95, 135, 175, 215, 255]
        return [cube / 36, cube / 6 % 6, cube % 6].map { Double(steps[$0]) }
    }

    /// WCAG's relative luminance.
    private static func luminance(_ index: UInt8) -> Double {
        let linear = rgb(index).map { value -> Double in
            let c = value / 255
            return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    @Test func everyLevelHasItsOwn256ColourAndItsOwnBasicColour() throws {
        let entries = try MoodLevel.allCases.map { try #require(Self.palette($0)) }
        #expect(Set(entries.map(\.index)).count == 5)
        #expect(Set(entries.map(\.basic)).count == 5)
        #expect(entries.allSatisfy { $0.index >= 16 }, "the first 16 entries are the user's theme, not fixed colours")
    }

    @Test(arguments: MoodLevel.allCases)
    func eachColourStandsOutOnBlackAndOnWhite(level: MoodLevel) throws {
        let luminance = Self.luminance(try #require(Self.palette(level)).index)
        let onBlack = (luminance + 0.05) / 0.05, onWhite = 1.05 / (luminance + 0.05)
        #expect(onBlack >= 2 && onWhite >= 2, "\(level): \(onBlack):1 on black, \(onWhite):1 on white")
    }
}
