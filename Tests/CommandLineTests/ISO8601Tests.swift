import AppTesting
import Foundation
import MoodKit
@testable import moodtui
import Testing

/// `list --json` and `watch --json` print the journal's milliseconds exactly.
@Suite struct ISO8601Tests {
    @Test func everyPrintedDateCarriesItsExactMilliseconds() throws {
        let seed = TestSeed.chosen()
        var generator = SeededGenerator(seed: seed)
        let samples = (0..<20_000).map { _ in Int64.random(in: MoodDateRange.milliseconds, using: &generator) }
            + [0, 999, 1_000, 1_795_000_000_999, MoodDateRange.milliseconds.upperBound]
        for milliseconds in samples {
            let text = ISO8601.string(from: Date(millisecondsSince1970: milliseconds))
            let expectedFraction = String(format: ".%03dZ", Int(milliseconds % 1_000))
            #expect(text.hasSuffix(expectedFraction), "seed \(seed): \(milliseconds) printed as \(text)")
            #expect(try MoodDateInput().date(from: text, now: Date()).millisecondsSince1970 == milliseconds, "seed \(seed): \(text)")
            if !text.hasSuffix(expectedFraction) { return }
        }
    }

    @Test func theFirstAndLastDatesReadAsPeopleWriteThem() {
        #expect(ISO8601.string(from: Date(millisecondsSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601.string(from: Date(millisecondsSince1970: MoodDateRange.milliseconds.upperBound)) == "9999-12-31T23:59:59.999Z")
    }
}
