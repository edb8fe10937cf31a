import MoodKit
import MoodListModule
import Testing

/// The form's scales field: values typed as `sleep=7.5`, or changed with the arrows within each
/// scale's kind; what it saves is only what it changed, a value taken out cleared.
@Suite struct ScaleFieldStateTests {
    private static let stamp = HybridTimestamp(wallMilliseconds: 1, counter: 0, device: "laptop")
    private let sleep = Scale(name: try! ScaleName.normalized("sleep"), kind: .number(unit: "h", minimum: 0, maximum: 240), at: stamp)
    private let anxiety = Scale(name: try! ScaleName.normalized("anxiety"), kind: .range(1...5), at: stamp)
    private let meds = Scale(name: try! ScaleName.normalized("meds"), kind: .yesNo, at: stamp)
    private var scales: [Scale] { [sleep, anxiety, meds] }

    private func typing(_ text: String, into field: inout ScaleFieldState) {
        field.apply(.insertText(text))
    }

    @Test func typedValuesAreSavedAndAScaleLeftOutIsNotRecorded() throws {
        var field = ScaleFieldState(scales: scales)
        #expect(field.field.text.isEmpty)
        typing("Sleep=7.5 meds=yes", into: &field)
        #expect(try field.chosen() == [sleep.id: .tenths(75), meds.id: .yes])
        typing(" pain=3", into: &field)
        #expect(throws: ScaleAssignments.Failure.unknownScale(try ScaleName.normalized("pain"))) { try field.chosen() }
    }

    @Test func theArrowsChangeTheValueAtTheCursorWithinItsKind() throws {
        var field = ScaleFieldState(scales: scales)
        field.stepValue(by: 1)
        #expect(field.field.text == "anxiety=1 ", "from an empty word, the first scale not given")
        field.apply(.moveLeft)
        field.stepValue(by: 1)
        field.stepValue(by: 10)
        #expect(field.field.text == "anxiety=5 ", "a range stops at its top")
        field.apply(.moveToEnd)
        field.stepValue(by: 1)
        #expect(field.field.text == "anxiety=5 meds=yes ")
        field.apply(.moveLeft)
        field.stepValue(by: -1)
        #expect(field.field.text == "anxiety=5 meds=no ", "yes and no in turn")
        field.apply(.moveToEnd)
        typing("sleep=7", into: &field)
        field.stepValue(by: 1)
        #expect(field.field.text == "anxiety=5 meds=no sleep=7.5", "a measure by a half")
        field.stepValue(by: -20)
        #expect(field.field.text == "anxiety=5 meds=no sleep=0", "down to its minimum")
    }

    @Test func anEditSavesOnlyWhatChangedAndClearsAValueTakenOut() throws {
        var field = ScaleFieldState([sleep.id: .tenths(80), anxiety.id: .whole(3)], scales: scales)
        #expect(field.field.text == "anxiety=3 sleep=8 ")
        #expect(try field.chosen().isEmpty, "untouched, it saves nothing: another device's change stays")
        field.apply(.moveToStart)
        field.apply(.deleteToEnd)
        typing("sleep=6", into: &field)
        #expect(try field.chosen() == [sleep.id: .tenths(60), anxiety.id: Optional<ScaleValue>.none])
    }
}
