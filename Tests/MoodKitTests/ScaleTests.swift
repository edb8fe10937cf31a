import AppTesting
import Foundation
@testable import MoodKit
import Testing

/// Scales: their names follow the activity-name rules, each kind takes only its values and says
/// which in words, and values and definitions merge as a mood's fields do, over seeded random
/// histories.
@Suite struct ScaleTests {
    private static func stamp(_ wall: Int64, _ device: String) -> HybridTimestamp {
        HybridTimestamp(wallMilliseconds: wall, counter: 0, device: device)
    }
    private let sleep = try! ScaleName.normalized("sleep"), anxiety = try! ScaleName.normalized("anxiety")

    @Test func namesFollowTheActivityNameRules() throws {
        #expect(try ScaleName.normalized("  Hours Slept ").text == "hours-slept")
        #expect(throws: MoodValidationError.invalidScale("a scale needs a name, such as sleep")) { try ScaleName.normalized("  ") }
        #expect(throws: MoodValidationError.invalidScale("'42' has no letter; a name such as sleep or pain-2")) { try ScaleName.normalized("42") }
        #expect(throws: MoodValidationError.self) { try ScaleName.normalized("sleep\u{0}") }
        #expect(throws: MoodValidationError.self) { try ScaleName.normalized(String(repeating: "z", count: 33)) }
        #expect(throws: MoodValidationError.self, "the wire carries the one spelling") { try ScaleName.validated("Sleep") }
        #expect(try ScaleName.validated("schlaf-qualität").text == "schlaf-qualität")
    }

    @Test func aRangeTakesWholeNumbersBetweenItsBoundsAndSaysSo() throws {
        let kind = try ScaleKind.range(parsing: "1-5")
        #expect(kind == .range(1...5))
        #expect(try ScaleKind.range(parsing: "-3-3") == .range(-3...3))
        #expect(try kind.value(parsing: " 4 ", for: anxiety) == .whole(4))
        for refused in ["7", "0", "4.5", "four", "", String(repeating: "9", count: 400)] {
            #expect(throws: MoodValidationError.invalidScaleValue("anxiety takes a whole number from 1 to 5, not '\(refused.prefix(40))'")) {
                try kind.value(parsing: refused, for: anxiety)
            }
        }
        #expect(throws: MoodValidationError.invalidScaleValue("anxiety takes a whole number from 1 to 5, not '4\u{FFFD}'"), "shown, not sent to the terminal") {
            try kind.value(parsing: "4\u{0}", for: anxiety)
        }
        for bad in ["5-1", "3-3", "1-", "a-b", "1-2000000", "1..5"] {
            #expect(throws: MoodValidationError.self, "\(bad)") { try ScaleKind.range(parsing: bad) }
        }
    }

    @Test func aNumberTakesOneDecimalWithinItsBounds() throws {
        let kind = try ScaleKind.number(parsingUnit: "h", minimum: "0", maximum: "24")
        #expect(kind == .number(unit: "h", minimum: 0, maximum: 240))
        #expect(try kind.value(parsing: "7.5", for: sleep) == .tenths(75))
        #expect(try kind.value(parsing: "8", for: sleep).description == "8")
        #expect(try kind.value(parsing: ".5", for: sleep).description == "0.5")
        for refused in ["7.25", "25", "-1", "1e3", "7,5", "nan", "inf", "", ".", "-", "99999999999"] {
            let error = #expect(throws: MoodValidationError.self, "\(refused)") { try kind.value(parsing: refused, for: sleep) }
            #expect(error.map { "\($0)" } == "sleep takes a number with at most one decimal (h) from 0 up to 24, not '\(refused)'")
        }
        let open = try ScaleKind.number(parsingUnit: nil, minimum: nil, maximum: nil)
        #expect(try open.value(parsing: "-1000000", for: sleep) == .tenths(-10_000_000))
        #expect(throws: MoodValidationError.self, "past a million") { try open.value(parsing: "1000000.1", for: sleep) }
        #expect(throws: MoodValidationError.self) { try ScaleKind.number(parsingUnit: nil, minimum: "5", maximum: "5") }
        #expect(throws: MoodValidationError.self) { try ScaleKind.number(parsingUnit: "a very long unit", minimum: nil, maximum: nil) }
        #expect(throws: MoodValidationError.self) { try ScaleKind.number(parsingUnit: "h\u{7}", minimum: nil, maximum: nil) }
    }

    @Test func aYesNoScaleTakesTheWordsPeopleType() throws {
        let meds = try ScaleName.normalized("meds")
        for yes in ["yes", "Y", "true", "1"] { #expect(try ScaleKind.yesNo.value(parsing: yes, for: meds) == .yes) }
        for no in ["no", "N", "false", "0"] { #expect(try ScaleKind.yesNo.value(parsing: no, for: meds) == ScaleValue.no) }
        #expect(throws: MoodValidationError.invalidScaleValue("meds takes yes or no, not 'maybe'")) { try ScaleKind.yesNo.value(parsing: "maybe", for: meds) }
    }

    @Test func everyKindReadsBackFromItsStoredText() throws {
        let seed = TestSeed.chosen()
        var random = SeededGenerator(seed: seed)
        for _ in 0..<500 {
            let low = Int.random(in: -1000...999, using: &random)
            let bound = { (random: inout SeededGenerator) -> Int? in Bool.random(using: &random) ? Int.random(in: -10_000...10_000, using: &random) : nil }
            var (minimum, maximum) = (bound(&random), bound(&random))
            if let low = minimum, let high = maximum, low >= high { (minimum, maximum) = (nil, high) }
            let kinds: [ScaleKind] = [
                .range(low...Int.random(in: (low + 1)...1000, using: &random)), .yesNo,
                .number(unit: ["h", "mg", "cups of tea", nil].randomElement(using: &random)!, minimum: minimum, maximum: maximum),
            ]
            for kind in kinds { #expect(ScaleKind(storedText: kind.storedText) == kind, "seed \(seed): \(kind.storedText)") }
        }
        for bad in ["", "range 5 1", "range 1", "number x - ", "yes-no extra", "number - -", "range 1 2000000"] {
            #expect(ScaleKind(storedText: bad) == nil, "\(bad)")
        }
    }

    @Test func twoDevicesFillingInTwoScalesOfOneMoodBothKeepTheirs() {
        let (sleepID, anxietyID) = (UUID(), UUID())
        var laptop = ScaleValues(), phone = ScaleValues()
        laptop.set(.tenths(75), for: sleepID, at: Self.stamp(5, "laptop"))
        phone.set(.whole(4), for: anxietyID, at: Self.stamp(3, "phone"))
        let merged = laptop.merged(with: phone)
        #expect(merged.values == [sleepID: .tenths(75), anxietyID: .whole(4)])
        #expect(merged == phone.merged(with: laptop))

        var cleared = merged
        cleared.set(nil, for: sleepID, at: Self.stamp(9, "phone"))
        #expect(cleared.merged(with: laptop)[sleepID] == nil, "a value cleared after it was seen stays cleared")
        var untouched = ScaleValues()
        untouched.set(nil, for: sleepID, at: Self.stamp(1, "phone"))
        #expect(untouched.entries.isEmpty, "clearing what was never set records nothing")
    }

    /// Random sets and clears of three scales on three devices, merged in random groupings: the
    /// merge is commutative, associative and idempotent, and each scale ends at its latest change.
    @Test func valuesMergeLikeFieldsWhateverTheOrder() {
        let seed = TestSeed.chosen()
        var random = SeededGenerator(seed: seed)
        let scales = [UUID(), UUID(), UUID()]
        for _ in 0..<300 {
            var devices = (0..<3).map { _ in ScaleValues() }
            var latest: [UUID: Stamped<ScaleValues.Entry>] = [:]
            for step in 0..<20 {
                let device = Int.random(in: 0..<3, using: &random), scale = scales.randomElement(using: &random)!
                let stamp = HybridTimestamp(wallMilliseconds: Int64(step), counter: 0, device: "d\(device)")
                let value: ScaleValue? = Bool.random(using: &random) ? .whole(Int.random(in: 1...5, using: &random)) : nil
                let before = devices[device]
                devices[device].set(value, for: scale, at: stamp)
                if devices[device] != before { latest[scale] = devices[device].entries[scale] }
                if Int.random(in: 0..<4, using: &random) == 0 {  // a sync: one device takes another's copy
                    let other = Int.random(in: 0..<3, using: &random)
                    devices[device] = devices[device].merged(with: devices[other])
                }
            }
            let (a, b, c) = (devices[0], devices[1], devices[2])
            #expect(a.merged(with: b) == b.merged(with: a), "seed \(seed)")
            #expect(a.merged(with: b).merged(with: c) == a.merged(with: b.merged(with: c)), "seed \(seed)")
            #expect(a.merged(with: a) == a, "seed \(seed)")
            let all = a.merged(with: b).merged(with: c)
            for scale in scales { #expect(all.entries[scale] == latest[scale], "seed \(seed)") }
        }
    }

    @Test func aRenameAndARemovalMergeByTheirStamps() throws {
        let made = Scale(name: sleep, kind: .yesNo, at: Self.stamp(1, "laptop"))
        var laptop = made, phone = made
        laptop.name = Stamped(try ScaleName.normalized("rest"), at: Self.stamp(4, "laptop"))
        phone.name = Stamped(try ScaleName.normalized("slept"), at: Self.stamp(6, "phone"))
        phone.state = Stamped(.removed, at: Self.stamp(7, "phone"))
        #expect(laptop.merged(with: phone) == phone.merged(with: laptop))
        #expect(laptop.merged(with: phone).name.value.text == "slept")
        #expect(laptop.merged(with: phone).state.value == .removed)
    }

    @Test func valuesAreStoredInOneShortTextAndReadBackExactly() throws {
        var values = ScaleValues()
        let (a, b, c, d) = (UUID(), UUID(), UUID(), UUID())
        values.set(.tenths(-75), for: a, at: Self.stamp(5, "laptop"))
        values.set(.whole(1_000_000), for: b, at: Self.stamp(6, "phone"))
        values.set(.yes, for: c, at: Self.stamp(7, "laptop"))
        values.set(.no, for: d, at: Self.stamp(7, "laptop"))
        values.set(nil, for: d, at: Self.stamp(8, "phone"))
        let text = values.storedText(creatorID: "laptop")
        #expect(ScaleValues(storedText: text, creatorID: "laptop") == values)
        #expect(text.split(separator: "\n").contains("\(a.uuidString)\t5.0\ttenths:-75"), "the creator's device is left out")
        #expect(ScaleValues(storedText: "", creatorID: "laptop") == ScaleValues())

        let damaged = text + "\nnot-an-id\t5.0\tyes\n\(UUID().uuidString)\t5.0\twhole:1000001\n\(UUID().uuidString)\tx\tyes"
        #expect(ScaleValues(storedText: damaged, creatorID: "laptop") == values, "only the lines that cannot be read are left out")
    }

    /// The stored text is read by bytes; it must read every id and stamp moodtui writes as the
    /// readers it replaced did (`UUID(uuidString:)`, the stamp's text form), and refuse damage.
    @Test func idsAndStampsAreReadFromBytesAsFromText() throws {
        let seed = TestSeed.chosen()
        var random = SeededGenerator(seed: seed)
        for _ in 0..<500 {
            let id = UUID(uuid: withUnsafeBytes(of: (random.next(), random.next())) { $0.load(as: uuid_t.self) })
            let cased = Bool.random(using: &random) ? id.uuidString.lowercased() : id.uuidString
            #expect(UUID(hyphenatedUTF8: Substring(cased).utf8) == id, "seed \(seed): \(cased)")
        }
        for text in ["", "5B1D64A2-8C1E-4F7B-9E0A-3C2D1B0A9F8", "5B1D64A2+8C1E-4F7B-9E0A-3C2D1B0A9F8E", "5B1D64A2-8C1E-4F7B-9E0A-3C2D1B0A9F8G",
                     "5B1D64A28C1E-4F7B-9E0A-3C2D1B0A9F8E0", " 5B1D64A2-8C1E-4F7B-9E0A-3C2D1B0A9F8"] {
            #expect(UUID(hyphenatedUTF8: Substring(text).utf8) == nil, "\(text)")
        }
        for text in ["5.0", "1795341600000.3", "18446744073709551616.0", "5.4294967296", "5.", ".5", "5", "5.0x", "a.1"] {
            #expect(HybridTimestamp(storedText: Substring(text), creatorID: "laptop") == HybridTimestamp(text + "@laptop"), "\(text)")
        }
        #expect(HybridTimestamp(storedText: "5.0", creatorID: "") == nil && HybridTimestamp(storedText: "5.0@phone", creatorID: "") != nil)
        let entries: [(String, ScaleValues.Entry?)] = [
            ("yes", .value(.yes)), ("no", .value(.no)), ("cleared", .cleared), ("Yes", nil), ("yes ", nil), ("whole:+5", .value(.whole(5))),
            ("whole:-0", .value(.whole(0))), ("tenths:-75", .value(.tenths(-75))), ("whole::5", nil), (":5", nil), ("whole:", nil),
            ("whole:-", nil), ("tenths:10000000", .value(.tenths(10_000_000))), ("tenths:10000001", nil), ("whole:1000001", nil),
            ("whole:99999999999999999999", nil), ("whole:٣", nil), ("whole:5:6", nil), ("whole\u{301}:5", nil),
        ]
        for (text, entry) in entries { #expect(ScaleValues.Entry(storedText: Substring(text)) == entry, "\(text)") }
    }

    @Test func aWordSuchAsSleepUnderSixIsAConditionOnThatScaleInUse() throws {
        let stamp = Self.stamp(1, "laptop")
        let hours = Scale(name: sleep, kind: .number(unit: "h", minimum: 0, maximum: 240), at: stamp)
        let meds = Scale(name: try ScaleName.normalized("meds"), kind: .yesNo, at: stamp)
        var gone = Scale(name: anxiety, kind: .range(1...5), at: stamp)
        gone.state = Stamped(.removed, at: Self.stamp(2, "laptop"))
        let scales = [hours, meds, gone]

        let filter = MoodFilter(search: "Sleep<6 meds=no walk #run", scales: scales)
        #expect(filter.noteContains == "walk")
        #expect(filter.activities.map(\.text) == ["run"])
        #expect(filter.scaleConditions == [
            ScaleCondition(scale: hours.id, comparison: .less, number: 6), ScaleCondition(scale: meds.id, comparison: .equal, number: 0),
        ])
        for word in ["anxiety>=4", "sleep<lots", "sleep<30", "pain>1", "sleep", "<6", "sleep=<6"] {
            #expect(ScaleCondition(word: Substring(word), scales: scales) == nil, "\(word) is searched for as text")
        }
        #expect(ScaleCondition(word: "sleep>=7.5", scales: scales)?.comparison == .greaterOrEqual)
        #expect(ScaleCondition(word: "meds!=yes", scales: scales) == ScaleCondition(scale: meds.id, comparison: .notEqual, number: 1))
    }

    @Test func aConditionMeetsOnlyAValueThatHoldsIt() throws {
        let id = UUID()
        var values = ScaleValues()
        values.set(.tenths(55), for: id, at: Self.stamp(1, "laptop"))
        let under6 = ScaleCondition(scale: id, comparison: .less, number: 6)
        let atLeast6 = ScaleCondition(scale: id, comparison: .greaterOrEqual, number: 6)
        #expect(under6.matches(values) && !atLeast6.matches(values))
        #expect(!under6.matches(ScaleValues()), "a mood without the value never meets it")
        values.set(nil, for: id, at: Self.stamp(2, "laptop"))
        #expect(!under6.matches(values), "nor one whose value was cleared")
    }
}
