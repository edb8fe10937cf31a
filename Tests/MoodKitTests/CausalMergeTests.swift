import AppTesting
import Foundation
import MoodKit
import Testing

/// The per-field merge by hybrid logical clock: devices with skewed and jumping clocks edit and
/// exchange a mood in random order, and every device must end with the same mood, each field at
/// its causally last edit.
@Suite struct CausalMergeTests {
    private static let hour: Int64 = 3_600_000

    private static func stamp(_ wall: Int64, _ counter: UInt32 = 0, _ device: String) -> HybridTimestamp {
        HybridTimestamp(wallMilliseconds: wall, counter: counter, device: device)
    }

    @Test func aClockNeverGoesBackAndMovesPastWhatItSaw() {
        var clock = HybridClock(device: "phone")
        let first = clock.stamp(wallMilliseconds: 10 * Self.hour)
        let afterStepBack = clock.stamp(wallMilliseconds: 9 * Self.hour)
        #expect(afterStepBack > first, "the wall clock stepped back an hour")
        clock.observe(Self.stamp(11 * Self.hour, 4, "laptop"), wallMilliseconds: 9 * Self.hour)
        let afterSeeing = clock.stamp(wallMilliseconds: 9 * Self.hour)
        #expect(afterSeeing > Self.stamp(11 * Self.hour, 4, "laptop"))
        #expect(afterSeeing == Self.stamp(11 * Self.hour, 5, "phone"))
        #expect(clock.stamp(wallMilliseconds: 12 * Self.hour) == Self.stamp(12 * Self.hour, 0, "phone"), "back to the wall clock")
    }

    @Test func aReadingIsWrittenAndReadBackExactly() {
        for stamp in [Self.stamp(0, 0, "d"), Self.stamp(1_795_341_600_000, .max, "laptop@home"), Self.stamp(253_402_300_799_999, 7, "東京 📱")] {
            #expect(HybridTimestamp(stamp.description) == stamp, "\(stamp)")
        }
        #expect(Self.stamp(1_795_341_600_000, 3, "laptop").description == "1795341600000.3@laptop")
        for text in ["", "1.2", "1.2@", "@d", "x.2@d", "1@d", "1.2.3@d", "-1.0@d", "1.4294967296@d", "１.2@d", "1 .2@d"] {
            #expect(HybridTimestamp(text) == nil, "\(text)")
        }
    }

    /// One stamp from the last millisecond of 9999 pinned every clock that saw it
    /// there for good.
    @Test func aReadingMoreThanADayAheadIsNotFollowed() {
        var clock = HybridClock(device: "phone")
        let now = 1_795_341_600_000 as Int64
        clock.observe(Self.stamp(253_402_300_799_999, .max, "hostile"), wallMilliseconds: now)
        clock.observe(Self.stamp(now + HybridClock.maximumLeadMilliseconds + 1, 0, "broken"), wallMilliseconds: now)
        #expect(clock.latest == nil)
        clock.observe(Self.stamp(now + HybridClock.maximumLeadMilliseconds, 0, "fast"), wallMilliseconds: now)
        #expect(clock.stamp(wallMilliseconds: now) == Self.stamp(now + HybridClock.maximumLeadMilliseconds, 1, "phone"))
        clock.observe(Self.stamp(.max, 0, "overflow"), wallMilliseconds: .max)
        #expect(clock.latest?.device == "overflow", "no trap at the edge of Int64")
    }

    @Test func devicesSpeltWithOtherBytesAreOtherDevicesInOrderAndEquality() {
        let composed = Self.stamp(1, 0, "caf\u{E9}"), decomposed = Self.stamp(1, 0, "cafe\u{301}")
        #expect(composed != decomposed)
        #expect((composed < decomposed) != (decomposed < composed))
    }

    @Test func aCounterAtItsLimitMovesTheWallTimeOn() {
        var clock = HybridClock(device: "d", latest: Self.stamp(5, .max, "d"))
        #expect(clock.stamp(wallMilliseconds: 5) == Self.stamp(6, 0, "d"))
    }

    /// The laptop's clock is an hour ahead; the phone, an hour behind, changes the level after
    /// seeing the laptop's change: the phone's change is later, and it wins.
    @Test func anEditMadeAfterSeeingAnotherWinsWhateverTheClocksSay() {
        var laptop = HybridClock(device: "laptop"), phone = HybridClock(device: "phone")
        let now = 100 * Self.hour
        let laptopEdit = Stamped(MoodLevel.bad, at: laptop.stamp(wallMilliseconds: now + Self.hour))
        phone.observe(laptopEdit.stamp, wallMilliseconds: now - Self.hour)
        let phoneEdit = Stamped(MoodLevel.great, at: phone.stamp(wallMilliseconds: now - Self.hour))
        #expect(laptopEdit.merged(with: phoneEdit).value == .great)
        #expect(phoneEdit.merged(with: laptopEdit).value == .great)
    }

    /// The worked example of the merge article: both offline, the laptop changes the level, the phone
    /// fixes the note; both sync, and the mood has both.
    @Test func concurrentEditsOfDifferentFieldsBothSurvive() {
        let start = Self.stamp(1_000, 0, "phone")
        let original = MoodFields(level: Stamped(.meh, at: start), note: Stamped("walk in the rian", at: start), date: Stamped(Date(timeIntervalSince1970: 0), at: start))
        var laptop = original, phone = original
        laptop.level = Stamped(.good, at: Self.stamp(2_000, 0, "laptop"))
        phone.note = Stamped("walk in the rain", at: Self.stamp(1_500, 0, "phone"))
        let merged = laptop.merged(with: phone)
        #expect(merged == phone.merged(with: laptop))
        #expect(merged.level.value == .good && merged.note.value == "walk in the rain")
    }

    /// One edit in the random history.
    private struct Edit {
        let field: Int
        let value: Int
        let stamp: HybridTimestamp
        /// Every edit the device had seen when it made this one.
        let after: Set<Int>
    }

    /// A device: its clock, its copy of the mood, the skew of its wall clock and what it has seen.
    private struct Device {
        var clock: HybridClock
        var fields: MoodFields
        var skew: Int64
        var seen: Set<Int> = []
    }

    private static func fields(from values: [Int], stamps: [HybridTimestamp]) -> MoodFields {
        MoodFields(
            level: Stamped(MoodLevel(rawValue: values[0] % 5 + 1)!, at: stamps[0]), note: Stamped("note \(values[1])", at: stamps[1]),
            date: Stamped(Date(millisecondsSince1970: Int64(values[2])), at: stamps[2]))
    }

    private static func applying(_ edit: Edit, to fields: MoodFields) -> MoodFields {
        var updated = fields
        switch edit.field {
        case 0: updated.level = updated.level.merged(with: Stamped(MoodLevel(rawValue: edit.value % 5 + 1)!, at: edit.stamp))
        case 1: updated.note = updated.note.merged(with: Stamped("note \(edit.value)", at: edit.stamp))
        default: updated.date = updated.date.merged(with: Stamped(Date(millisecondsSince1970: Int64(edit.value)), at: edit.stamp))
        }
        return updated
    }

    @Test func randomHistoriesConvergeOnEachFieldsCausallyLastEdit() {
        let seed = TestSeed.chosen()
        var random = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let genesis = Self.stamp(0, 0, "genesis")
            let original = Self.fields(from: [2, 0, 0], stamps: [genesis, genesis, genesis])
            var devices = (0..<Int.random(in: 2...5, using: &random)).map { index in
                Device(clock: HybridClock(device: "device-\(index)"), fields: original, skew: Int64.random(in: -2 * Self.hour...2 * Self.hour, using: &random))
            }
            var edits: [Edit] = []
            var trueTime: Int64 = 10 * Self.hour
            for _ in 0..<Int.random(in: 1...60, using: &random) {
                trueTime += Int64.random(in: 0...2_000, using: &random)
                let index = Int.random(in: devices.indices, using: &random)
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5:
                    let wall = trueTime + devices[index].skew
                    let edit = Edit(
                        field: Int.random(in: 0..<3, using: &random), value: Int.random(in: 0..<1_000, using: &random),
                        stamp: devices[index].clock.stamp(wallMilliseconds: wall), after: devices[index].seen)
                    devices[index].fields = Self.applying(edit, to: devices[index].fields)
                    devices[index].seen.insert(edits.count)
                    edits.append(edit)
                case 5..<9:
                    let from = devices[Int.random(in: devices.indices, using: &random)]
                    devices[index].fields = devices[index].fields.merged(with: from.fields)
                    devices[index].clock.observe(from.fields.stamps.latest, wallMilliseconds: trueTime + devices[index].skew)
                    devices[index].seen.formUnion(from.seen)
                default:
                    devices[index].skew -= Self.hour  // the wall clock steps back an hour
                }
            }
            let everything = devices.dropFirst().reduce(devices[0].fields) { $0.merged(with: $1.fields) }
            for device in devices {
                let converged = devices.reduce(device.fields) { $0.merged(with: $1.fields) }
                #expect(converged == everything, "seed \(seed): devices disagree after exchanging everything")
            }
            for (index, edit) in edits.enumerated() {
                for earlier in edit.after where edits[earlier].field == edit.field {
                    #expect(edits[earlier].stamp < edit.stamp, "seed \(seed): edit \(index) was made after edit \(earlier) but stamped before it")
                }
            }
            for _ in 0..<3 {
                let shuffled = edits.shuffled(using: &random).reduce(original) { Self.applying($1, to: $0) }
                #expect(shuffled == everything, "seed \(seed): another order of the same edits gave another mood")
            }
            for field in 0..<3 {
                guard let last = edits.filter({ $0.field == field }).max(by: { $0.stamp < $1.stamp }) else { continue }
                let fromLast = Self.applying(last, to: original)
                let kept: Bool = switch field {
                case 0: fromLast.level == everything.level
                case 1: fromLast.note == everything.note
                default: fromLast.date == everything.date
                }
                #expect(kept, "seed \(seed): field \(field) lost its latest edit \(last.stamp)")
            }
            #expect(everything.merged(with: everything) == everything, "seed \(seed): merging is not idempotent")
        }
    }
}
