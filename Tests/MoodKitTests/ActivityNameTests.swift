import MoodKit
import Testing

@Suite struct ActivityNameTests {
    @Test(arguments: [("run", "run"), ("  Sleep   Bad ", "sleep-bad"), ("ÉTÉ", "été"), ("e\u{301}cole", "\u{E9}cole"), ("sleep-8h", "sleep-8h")])
    func whatAPersonTypesIsBroughtToItsOneSpelling(typed: String, name: String) throws {
        #expect(try ActivityName.normalized(typed).text == name)
    }

    @Test(arguments: ["", "   ", "123", "x y!", "tab\u{0}nul", "a/b", String(repeating: "a", count: ActivityName.maximumLength + 1)])
    func aNameThatBreaksTheRulesIsRefusedInWords(typed: String) {
        #expect(throws: MoodValidationError.self) { try ActivityName.normalized(typed) }
    }

    @Test func theWireTakesOnlyTheOneSpelling() throws {
        #expect(try ActivityName.validated("sleep-bad").text == "sleep-bad")
        #expect(throws: MoodValidationError.self) { try ActivityName.validated("Run") }
        #expect(throws: MoodValidationError.self) { try ActivityName.validated("e\u{301}cole") }
        #expect(throws: MoodValidationError.self) { try ActivityName.validated("sleep bad") }
    }

    @Test(arguments: ["", "-", "_9", "123", String(repeating: "a", count: ActivityName.maximumLength + 1), "run!", "Run", "a b"])
    func plainASCIIFromTheWireIsRefusedByTheSameRules(text: String) {
        #expect(throws: MoodValidationError.self) { try ActivityName.validated(text) }
    }

    @Test func aRefusalOfAControlCharacterDoesNotEchoIt() {
        do {
            _ = try ActivityName.normalized("evil\u{1B}[2J")
            Issue.record("accepted")
        } catch {
            #expect(!error.description.contains("\u{1B}"))
            #expect(error.description.contains("U+001B"))
        }
    }

    @Test func hashtagsInANoteNameActivities() {
        let names = ActivityName.hashtags(in: "#Run by the sea (#sea-swim), then #run again; C# and x#y and #1 are text. #sleep_bad.")
        #expect(names.map(\.text) == ["run", "sea-swim", "sleep_bad"])
    }

    @Test func aHashtagEndsBeforeAPunctuationMarkOrADash() {
        #expect(ActivityName.hashtags(in: "#tea-, #coffee!").map(\.text) == ["tea", "coffee"])
        #expect(ActivityName.hashtags(in: "# nothing ##").isEmpty)
    }
}

@Suite struct MoodFilterSearchTests {
    @Test func hashtagsBecomeActivitiesAndTheRestIsTheNoteSearch() {
        let filter = MoodFilter(search: "#run  by the #sea-swim river")
        #expect(filter.activities.map(\.text).sorted() == ["run", "sea-swim"])
        #expect(filter.noteContains == "by the river")
        #expect(MoodFilter(search: "  two  spaces ").noteContains == "  two  spaces ", "text without a hashtag is searched as typed")
        #expect(MoodFilter(search: "#run").noteContains == nil)
        #expect(MoodFilter(search: "C# code").activities.isEmpty)
    }
}
