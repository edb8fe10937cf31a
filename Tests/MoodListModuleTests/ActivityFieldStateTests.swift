import MoodKit
import MoodListModule
import Testing

/// The form's activities field: names apart by spaces, completed from the journal's own.
@Suite struct ActivityFieldStateTests {
    private static let known = ["run", "read", "reading", "work", "tea"].map { try! ActivityName.normalized($0) }

    private func typed(_ text: String, over names: [String] = []) -> ActivityFieldState {
        var field = ActivityFieldState(names.map { try! ActivityName.normalized($0) }, known: Self.known)
        for character in text { field.apply(.insert(character)) }
        return field
    }

    @Test func theWordBeingTypedIsOfferedTheNamesThatStartWithItMostUsedFirst() {
        #expect(typed("re").candidates.map(\.text) == ["read", "reading"])
        #expect(typed("work ").candidates.map(\.text) == ["run", "read", "reading", "tea"], "an empty word: all but those chosen")
        #expect(typed("read").candidates.map(\.text) == ["reading"], "a whole name is not offered to itself")
        #expect(typed("x").candidates.isEmpty)
    }

    @Test func tabTakesTheHighlightedCandidateInPlaceOfTheWord() {
        var field = typed("tea r")
        field.stepCandidate(by: 1)  // run
        field.stepCandidate(by: 1)  // read
        let completed = field.complete()
        #expect(completed && field.field.text == "tea read ")
        field.stepCandidate(by: -1)  // wraps round to the last
        let again = field.complete()
        #expect(again && field.field.text == "tea read work ")
        var unknown = typed("zzz")
        let none = unknown.complete()
        #expect(!none, "nothing to complete")
    }

    @Test func withNoWordBegunTabTakesOnlyACandidateChosenWithTheArrows() {
        var field = typed("tea ")
        let movedOn = !field.complete()
        #expect(movedOn && field.field.text == "tea ", "Tab goes to the next field")
        field.stepCandidate(by: 1)
        let taken = field.complete()
        #expect(taken && field.field.text == "tea run ")
    }

    @Test func theFieldReadsAsNamesInTheirOneSpelling() throws {
        #expect(try typed("#Run, Sea-Swim  tea").names().map(\.text).sorted() == ["run", "sea-swim", "tea"])
        #expect(throws: MoodValidationError.self) { try typed("run 2024").names() }
        #expect(try typed("", over: ["run"]).names().map(\.text) == ["run"], "an edited mood's own activities")
    }

    @Test func aMoodEditedWithoutTouchingItsActivitiesSavesNone() throws {
        let run = try ActivityName.normalized("run")
        var form = MoodFormState(editing: Mood.ID(), level: .good, note: "n", activities: [run], knownActivities: Self.known)
        #expect(try form.chosenActivities() == nil)
        form.focus = .activities
        form.apply(.insertText("tea"))
        let tea = try ActivityName.normalized("tea")
        #expect(try form.chosenActivities() == .changing(adding: [tea], removing: []))
    }

    /// Saving the form gave the mood exactly the form's activities, which took
    /// away one another device added while the form was open.
    @Test func savingTheFormKeepsAnActivityAnotherDeviceAddedWhileItWasOpen() throws {
        let (run, tea, walk) = (try ActivityName.normalized("run"), try ActivityName.normalized("tea"), try ActivityName.normalized("walk"))
        var form = MoodFormState(editing: Mood.ID(), level: .good, note: "n", activities: [run], knownActivities: Self.known)
        form.focus = .activities
        form.apply(.insertText("walk"))
        let edit = try #require(try form.chosenActivities())
        #expect(edit.applied(to: [run, tea]) == [run, tea, walk], "tea arrived from the phone meanwhile")
    }
}
