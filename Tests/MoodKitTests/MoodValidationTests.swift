import Foundation
import MoodKit
import Testing

@Suite struct MoodValidationTests {
    @Test(arguments: [("1", MoodLevel.awful), ("5", .great), ("GOOD", .good), (" meh ", .meh), ("bad", .bad)])
    func levelsParseFromNumbersAndNames(text: String, level: MoodLevel) throws {
        #expect(try MoodLevel(parsing: text) == level)
    }

    @Test(arguments: ["0", "6", "9", "fine", ""])
    func otherLevelsAreRefusedWithTheAcceptedValuesNamed(text: String) {
        #expect(throws: MoodValidationError.invalidLevel(text)) { try MoodLevel(parsing: text) }
        #expect(MoodValidationError.invalidLevel(text).description.contains("awful"))
    }

    @Test func notesAreTrimmedAndKeepWideCharacters() throws {
        #expect(try MoodNote.normalized("  晴れ 🌞 good day \n") == "晴れ 🌞 good day")
    }

    @Test(arguments: ["good day", "", "🙂", "tabs\tinside"])
    func notesWithNothingToTrimComeBackUnchanged(note: String) throws {
        #expect(try MoodNote.normalized(note) == note)
    }

    @Test func aNoteOfOnlyWhiteSpaceBecomesEmpty() throws {
        #expect(try MoodNote.normalized(" \n\t ") == "")
    }

    @Test func aNoteAtTheLimitIsAcceptedAndOnePastItIsRefused() throws {
        let atLimit = String(repeating: "🙂", count: MoodNote.maximumLength)
        #expect(try MoodNote.normalized(atLimit) == atLimit)
        #expect(throws: MoodValidationError.noteTooLong(characters: MoodNote.maximumLength + 1, limit: MoodNote.maximumLength)) {
            try MoodNote.normalized(atLimit + "x")
        }
    }

    @Test func datesKeepWholeMilliseconds() {
        let mood = Mood(
            id: UUID(), date: Date(timeIntervalSince1970: 1.23456), level: .good, note: "",
            creatorID: "d", modifiedAt: Date())
        #expect(mood.date.millisecondsSince1970 == 1_235)
        #expect(mood.date == Date(millisecondsSince1970: 1_235))
    }

    @Test func theFilterMatchesNotesIgnoringCaseAndDiacritics() {
        #expect(MoodFilter.noteMatches("Café au lait", query: "CAFE"))
        #expect(!MoodFilter.noteMatches("tea", query: "coffee"))
        #expect(MoodFilter.noteMatches("東京で🍣", query: "🍣"))
    }
}
