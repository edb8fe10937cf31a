import AppTesting
import MoodKit
import Testing

/// Activities merge as an observed-remove set: concurrent additions both survive, a removal
/// wins only over the additions its device had seen.
@Suite struct ActivitySetTests {
    private static func name(_ text: String) -> ActivityName { try! ActivityName.normalized(text) }
    private static func stamp(_ wall: Int64, _ device: String) -> HybridTimestamp {
        HybridTimestamp(wallMilliseconds: wall, counter: 0, device: device)
    }
    private let run = Self.name("run"), tea = Self.name("tea")

    @Test func additionsMadeOnTwoDevicesWithoutSeeingEachOtherBothSurvive() {
        let original = ActivitySet(adding: [run], at: Self.stamp(1, "laptop"))
        var laptop = original, phone = original
        laptop.add(tea, at: Self.stamp(5, "laptop"))
        phone.add(Self.name("work"), at: Self.stamp(3, "phone"))
        #expect(laptop.merged(with: phone).names.map(\.text) == ["run", "tea", "work"])
        #expect(laptop.merged(with: phone) == phone.merged(with: laptop))
    }

    @Test func aRemovalWinsOverTheAdditionsItsDeviceSaw() {
        let original = ActivitySet(adding: [run, tea], at: Self.stamp(1, "laptop"))
        var laptop = original
        laptop.remove(run)
        let phone = original  // the phone changed nothing
        #expect(laptop.merged(with: phone).names == [tea])
        #expect(phone.merged(with: laptop).names == [tea])
    }

    /// The phone took `run` off and put it back while the laptop, which never saw that, took it
    /// off: the phone's new addition is one the laptop's removal did not see, so `run` stays —
    /// even though the laptop's removal came later by the clock.
    @Test func anAdditionTheRemoverDidNotSeeSurvivesTheRemoval() {
        let original = ActivitySet(adding: [run], at: Self.stamp(1, "laptop"))
        var phone = original
        phone.remove(run)
        phone.add(run, at: Self.stamp(2, "phone"))
        var laptop = original
        laptop.remove(run)  // at wall time 9, with nothing to stamp
        #expect(laptop.merged(with: phone).names == [run])
        #expect(phone.merged(with: laptop).names == [run])
    }

    @Test func addingWhatTheMoodHasChangesNothing() {
        var set = ActivitySet(adding: [run], at: Self.stamp(1, "laptop"))
        let before = set
        set.add(run, at: Self.stamp(7, "phone"))
        #expect(set == before)
    }

    @Test func settingTheActivitiesStampsOnlyAdditionsAndReadsTheClockOnlyForThem() {
        var set = ActivitySet(adding: [run, tea], at: Self.stamp(1, "laptop"))
        var readings = 0
        set.set(to: [run]) { readings += 1; return Self.stamp(9, "laptop") }
        #expect(readings == 0 && set.names == [run])
        set.set(to: [run, tea, Self.name("work")]) { readings += 1; return Self.stamp(9, "laptop") }
        #expect(readings == 1 && set.names.map(\.text) == ["run", "tea", "work"])
    }

    @Test func storedTextReadsBackExactlyAndLeavesTheCreatorOut() throws {
        var set = ActivitySet(adding: [run, tea], at: Self.stamp(1_795_000_000_000, "laptop"))
        set.remove(tea)
        set.add(tea, at: Self.stamp(1_795_000_000_500, "phone 2"))
        set.add(Self.name("été"), at: Self.stamp(3, "laptop"))
        let text = set.storedText(creatorID: "laptop")
        #expect(text == "run\t1795000000000.0\ntea\t1795000000500.0@phone 2\t-1795000000000.0\nété\t3.0")
        #expect(ActivitySet(storedText: text, creatorID: "laptop") == set)
        #expect(ActivitySet(storedText: "", creatorID: "laptop") == ActivitySet())
    }

    /// One line that could not be read (a journal edited by hand) cost the mood
    /// every activity, and its next edit wrote them back as gone.
    @Test func aStoredLineThatCannotBeReadIsLeftOutAndOnlyIt() {
        let kept = ActivitySet(adding: [tea], at: Self.stamp(1, "laptop"))
        #expect(ActivitySet(storedText: "Run\t1.0\ntea\t1.0", creatorID: "laptop") == kept)
        #expect(ActivitySet(storedText: "run\tyesterday\ntea\t1.0", creatorID: "laptop") == kept)
    }

    /// A device id starting with a combining mark joined the `@` into one
    /// character, so a stamp read back from storage named another device.
    @Test func aDeviceIDStartingWithACombiningMarkReadsBackExactly() throws {
        let stamp = HybridTimestamp(wallMilliseconds: 5, counter: 1, device: "\u{301}x")
        let set = ActivitySet(adding: [run], at: stamp)
        #expect(ActivitySet(storedText: set.storedText(creatorID: "laptop"), creatorID: "laptop") == set)
    }

    // MARK: - Against a model

    /// Devices adding and removing activities and exchanging sets at random: every device's
    /// activities equal those of an observed-remove set with a unique tag per addition (the
    /// textbook model), and merging is commutative, associative and idempotent.
    @Test func randomHistoriesAgreeWithTheTextbookObservedRemoveSet() {
        let seed = TestSeed.chosen()
        var random = SeededGenerator(seed: seed)
        let names = ["run", "tea", "work"].map(Self.name)
        let deviceIDs = ["a", "b", "c"]
        struct Model { var adds: Set<HybridTimestamp> = []; var removed: Set<HybridTimestamp> = []; var tags: [HybridTimestamp: ActivityName] = [:] }
        for _ in 0..<200 {
            var clocks = deviceIDs.map { HybridClock(device: $0) }
            var sets = deviceIDs.map { _ in ActivitySet() }
            var models = deviceIDs.map { _ in Model() }
            var wall: Int64 = 1_000
            for _ in 0..<30 {
                let device = Int.random(in: 0..<deviceIDs.count, using: &random)
                let name = names.randomElement(using: &random)!
                wall += Int64.random(in: -5...5, using: &random)  // clocks wander
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where !sets[device].contains(name):
                    let stamp = clocks[device].stamp(wallMilliseconds: wall)
                    sets[device].add(name, at: stamp)
                    models[device].adds.insert(stamp)
                    models[device].tags[stamp] = name
                case 1:
                    sets[device].remove(name)
                    models[device].removed.formUnion(models[device].adds.filter { models[device].tags[$0] == name })
                default:
                    let other = Int.random(in: 0..<deviceIDs.count, using: &random)
                    sets[device] = sets[device].merged(with: sets[other])
                    models[device].adds.formUnion(models[other].adds)
                    models[device].removed.formUnion(models[other].removed)
                    models[device].tags.merge(models[other].tags) { first, _ in first }
                    for stamp in models[other].adds { clocks[device].observe(stamp, wallMilliseconds: wall) }
                }
                let model = models[device]
                let expected = Set(model.adds.subtracting(model.removed).compactMap { model.tags[$0] })
                #expect(Set(sets[device].names) == expected, "seed \(seed): device \(deviceIDs[device]) disagrees with the model")
            }
            let (x, y, z) = (sets[0], sets[1], sets[2])
            #expect(x.merged(with: y) == y.merged(with: x), "seed \(seed): not commutative")
            #expect(x.merged(with: y).merged(with: z) == x.merged(with: y.merged(with: z)), "seed \(seed): not associative")
            #expect(x.merged(with: x) == x, "seed \(seed): not idempotent")
        }
    }
}
