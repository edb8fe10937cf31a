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

    @Test func theFilterAgreesWithFoundationOnEveryShortASCIINoteAndQuery() {
        // Every note of up to 4 and query of up to 2 characters over letters of both cases,
        // new lines, a LIKE wildcard and a space: the ASCII fast way must give Foundation's answers.
        let alphabet = ["a", "A", "b", "\r", "\n", "%", " "]
        func strings(upTo length: Int) -> [String] {
            (1...length).reduce(into: [[""]]) { all, _ in all.append(all.last!.flatMap { s in alphabet.map { s + $0 } }) }.flatMap { $0 }
        }
        let queries = strings(upTo: 2)
        var disagreements: [String] = []
        for note in strings(upTo: 4) {
            for query in queries
            where MoodFilter.noteMatches(note, query: query)
                != (note.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil)
            {
                disagreements.append("\(note.debugDescription) ∋ \(query.debugDescription)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test func theFilterMatchesNotesIgnoringCaseAndDiacritics() {
        #expect(MoodFilter.noteMatches("Café au lait", query: "CAFE"))
        #expect(!MoodFilter.noteMatches("tea", query: "coffee"))
        #expect(MoodFilter.noteMatches("東京で🍣", query: "🍣"))
        #expect(MoodFilter.noteMatches("Long RUN today", query: "run t"))
        #expect(!MoodFilter.noteMatches("run", query: "running"))
        #expect(MoodFilter.noteMatches("resume", query: "RÉSUMÉ"), "an accent in the query still matches a plain note")
    }
}
