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

    @Test func theFilterAgreesWithFoundationOnEveryShortNoteAndQuery() {
        // Every note of up to 4 and query of up to 2 characters over letters of both cases and
        // accents, a new line, a LIKE wildcard and a space. (A carriage return is left out: the
        // rule compares bytes, so it finds the CR of a CRLF, which Foundation takes as one character.)
        let alphabet = ["a", "A", "é", "b", "\n", "%", " "]
        func strings(upTo length: Int) -> [String] {
            (1...length).reduce(into: [[""]]) { all, _ in all.append(all.last!.flatMap { s in alphabet.map { s + $0 } }) }.flatMap { $0 }
        }
        let queries = strings(upTo: 2)
        var disagreements: [String] = []
        for note in strings(upTo: 4) {
            for query in queries  // (the empty query is left out: an empty filter is no filter)
            where !query.isEmpty && MoodSearchText.note(note, contains: query)
                != (note.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil)
            {
                disagreements.append("\(note.debugDescription) ∋ \(query.debugDescription)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test func theFilterMatchesNotesIgnoringCaseAndDiacritics() {
        #expect(MoodSearchText.note("Café au lait", contains: "CAFE"))
        #expect(!MoodSearchText.note("tea", contains: "coffee"))
        #expect(MoodSearchText.note("東京で🍣", contains: "🍣"))
        #expect(MoodSearchText.note("Long RUN today", contains: "run t"))
        #expect(!MoodSearchText.note("run", contains: "running"))
        #expect(MoodSearchText.note("resume", contains: "RÉSUMÉ"), "an accent in the query still matches a plain note")
        #expect(MoodSearchText.note("e\u{301}cole", contains: "ÉCOLE"), "a decomposed accent too")
    }
}
