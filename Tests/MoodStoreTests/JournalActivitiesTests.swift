import Foundation
import GRDB
import JournalTesting
import MoodKit
@testable import MoodStore
import Testing

/// Activities in the journal: stored with their histories, indexed for every writer, counted,
/// filtered by, renamed and merged.
@Suite struct JournalActivitiesTests {
    let journal: TemporaryJournal
    init() throws { journal = try TemporaryJournal() }

    private static func names(_ texts: String...) -> Set<ActivityName> { Set(texts.map { try! ActivityName.normalized($0) }) }

    private func add(_ note: String = "", _ activities: Set<ActivityName>, at date: Date = Date()) throws -> Mood {
        try journal.store.write(origin: .ui) { try $0.add(MoodEntry(level: .good, note: note, date: date, activities: activities)) }
    }

    /// What the index table holds, as (name, mood) pairs.
    private func indexed(in store: JournalStore) throws -> Set<String> {
        try store.read { snapshot in
            Set(try String.fetchAll(snapshot.db, sql: """
                SELECT a.name || ' ' || hex(m.id) FROM moodActivity a JOIN mood m ON m.localID = a.moodLocalID
                """))
        }
    }

    private func pairs(_ moods: [Mood]) -> Set<String> {
        Set(moods.flatMap { mood in mood.activities.names.map { "\($0.text) \(mood.id.uuidString.replacingOccurrences(of: "-", with: ""))" } })
    }

    @Test func aMoodsActivitiesReadBackWithTheirHistories() throws {
        let mood = try add("#tea in the morning", Self.names("run"))
        let read = try #require(try journal.store.read { try $0.mood(id: mood.id) })
        #expect(read.activities.names.map(\.text) == ["run", "tea"])
        #expect(read.activities == mood.activities)
    }

    @Test func theIndexFollowsEveryWriteFromEveryStore() throws {
        let other = try JournalStore(path: journal.path)  // another process's connection
        let first = try add("", Self.names("run", "tea"))
        let second = try add("", Self.names("tea"))
        try other.write(origin: .commandLine) { try $0.edit(first.id, activities: .exactly(Self.names("work"))) }
        var copy = second
        copy.activities.add(try ActivityName.normalized("sea"), at: HybridTimestamp(wallMilliseconds: 1, counter: 0, device: "phone"))
        try other.write(origin: .sync) { try $0.replace(copy) }
        let third = try add("", Self.names("gone"))
        try journal.store.write(origin: .sync) { try $0.purge([third.id]) }
        let moods = try journal.store.read { try $0.moods(MoodFilter(), order: .newestFirst) }
        #expect(try indexed(in: journal.store) == pairs(moods))
        #expect(try indexed(in: journal.store).count == 3)
    }

    @Test func usageCountsMoodsInTheListTheMostUsedFirst() throws {
        _ = try add("", Self.names("run", "tea"), at: Date(millisecondsSince1970: 1_000))
        _ = try add("", Self.names("tea"), at: Date(millisecondsSince1970: 5_000))
        let deleted = try add("", Self.names("run", "work"))
        try journal.store.write(origin: .ui) { try $0.markForDeletion(deleted.id) }
        let usage = try journal.store.read { try $0.activityUsage() }
        #expect(usage.map(\.name.text) == ["tea", "run"])
        #expect(usage.map(\.moodCount) == [2, 1])
        #expect(usage.first?.lastDate == Date(millisecondsSince1970: 5_000))
    }

    @Test func aFilterByActivitiesSelectsMoodsWithAllOfThem() throws {
        let both = try add("", Self.names("run", "tea"))
        _ = try add("", Self.names("tea"))
        let filter = MoodFilter(activities: Self.names("run", "tea"))
        let moods = try journal.store.read { try $0.moods(filter, order: .newestFirst) }
        #expect(moods.map(\.id) == [both.id])
        #expect(moods.allSatisfy(filter.matches))
        #expect(try journal.store.read { try $0.count(MoodFilter(activities: Self.names("tea"))) } == 2)
    }

    /// An activity's list is read from its index alone (no row of `mood` touched), in list
    /// order, and the index follows re-dating, deleting, undoing and changing activities.
    @Test func anActivitysSortKeysComeFromItsIndexInStepWithEveryChange() throws {
        let early = try add("", Self.names("run"), at: Date(millisecondsSince1970: 1_000))
        let late = try add("", Self.names("run", "tea"), at: Date(millisecondsSince1970: 2_000))
        let other = try add("", Self.names("tea"), at: Date(millisecondsSince1970: 3_000))
        let run = MoodFilter(activities: Self.names("run"))
        func keys(_ order: MoodSortOrder = .newestFirst) throws -> [UUID] {
            var ids: [UUID] = []
            try journal.store.read { try $0.forEachSortKey(run, order: order) { ids.append($0.components(order: order).id) } }
            return ids
        }
        #expect(try keys() == [late.id, early.id])
        #expect(try keys(.oldestFirst) == [early.id, late.id])
        let plan = try journal.store.read { snapshot in
            try Row.fetchAll(snapshot.db, sql: "EXPLAIN QUERY PLAN " + run.sqlSortKeyQuery(order: .newestFirst, dates: nil).sql, arguments: ["run"])
                .map { $0["detail"] as String }
        }
        #expect(plan.allSatisfy { !$0.contains("mood") || $0.contains("moodActivity") }, "\(plan)")
        #expect(plan.contains { $0.contains("COVERING INDEX moodActivity_list") }, "\(plan)")

        try journal.store.write(origin: .ui) { writer in
            try writer.edit(early.id, date: Date(millisecondsSince1970: 4_000))
            try writer.edit(other.id, activities: .exactly(Self.names("run")))
        }
        #expect(try keys() == [early.id, other.id, late.id])
        try journal.store.write(origin: .ui) { try $0.markForDeletion(other.id) }
        #expect(try keys() == [early.id, late.id])
        try journal.store.write(origin: .ui) { try $0.unmarkForDeletion(other.id) }
        try journal.store.write(origin: .ui) { try $0.edit(late.id, activities: .exactly(Self.names("tea"))) }
        #expect(try keys() == [early.id, other.id])
        #expect(try journal.store.read { try $0.moods(run, order: .newestFirst) }.map(\.id) == [early.id, other.id])
    }

    @Test func renamingMovesTheActivityAsAnEditOfEachMood() throws {
        let mood = try add("", Self.names("jog", "tea"))
        try journal.store.write(origin: .sync) { writer in
            var synced = try #require(try writer.snapshot.mood(id: mood.id))
            synced.sync.changedSinceUpload = false
            try writer.replace(synced)
        }
        let changed = try journal.store.write(origin: .commandLine) { try $0.renameActivity(try ActivityName.normalized("jog"), to: try ActivityName.normalized("run")) }
        let renamed = try #require(try journal.store.read { try $0.mood(id: mood.id) })
        #expect(changed == 1)
        #expect(renamed.activities.names.map(\.text) == ["run", "tea"])
        #expect(renamed.sync.changedSinceUpload, "the rename waits for upload")
        #expect(renamed.activities.histories[try ActivityName.normalized("jog")]?.isPresent == false, "the removal is kept, to cover late copies")
    }

    @Test func aRenameOntoAnActivityInUseIsRefusedAndAMergeTakesItsPlace() throws {
        _ = try add("", Self.names("jog"))
        _ = try add("", Self.names("run", "jog"))
        let (jog, run) = (try ActivityName.normalized("jog"), try ActivityName.normalized("run"))
        #expect(throws: JournalError.activityExists(run)) { try journal.store.write(origin: .commandLine) { try $0.renameActivity(jog, to: run) } }
        #expect(throws: JournalError.activityNotFound(try ActivityName.normalized("swim"))) {
            try journal.store.write(origin: .commandLine) { try $0.renameActivity(try ActivityName.normalized("swim"), to: run) }
        }
        let typo = try ActivityName.normalized("jgo")
        #expect(throws: JournalError.activityNotFound(typo)) {
            try journal.store.write(origin: .commandLine) { try $0.mergeActivities([jog, typo], into: run) }
        }
        let changed = try journal.store.write(origin: .commandLine) { try $0.mergeActivities([jog], into: run) }
        #expect(changed == 2)
        #expect(try journal.store.read { try $0.activityUsage() }.map(\.name) == [run])
    }

    @Test func editingTheNoteAddsItsNewHashtagsAndKeepsTheOtherActivities() throws {
        let mood = try add("", Self.names("run"))
        try journal.store.write(origin: .ui) { try $0.edit(mood.id, note: "then #tea") }
        #expect(try journal.store.read { try $0.mood(id: mood.id) }?.activities.names.map(\.text) == ["run", "tea"])
    }

    @Test func tooManyActivitiesAreRefusedInWords() throws {
        let many = Set((0...ActivitySet.maximumActivities).map { try! ActivityName.normalized("a\($0)") })
        #expect(throws: MoodValidationError.tooManyActivities(count: many.count, limit: ActivitySet.maximumActivities)) {
            try MoodEntry(level: .good, activities: many)
        }
        let mood = try add("", [])
        #expect(throws: MoodValidationError.self) { try journal.store.write(origin: .ui) { try $0.edit(mood.id, activities: .exactly(many)) } }

        // Two devices' additions merged past the limit: the mood still takes other edits.
        var merged = mood
        merged.activities = ActivitySet(adding: many, at: HybridTimestamp(wallMilliseconds: 1, counter: 0, device: "phone"))
        try journal.store.write(origin: .sync) { try $0.replace(merged) }
        try journal.store.write(origin: .ui) { try $0.edit(mood.id, level: .great, note: "fine") }
        #expect(try journal.store.read { try $0.mood(id: mood.id) }?.activities.names.count == many.count)
    }

    /// An upload answered while a person changed the activities must not mark the mood uploaded.
    @Test func anUploadOfOtherActivitiesDoesNotClearTheWait() throws {
        let mood = try add("", Self.names("run"))
        var sent = try #require(try journal.store.read { try $0.mood(id: mood.id) })
        sent.activities.add(try ActivityName.normalized("tea"), at: HybridTimestamp(wallMilliseconds: 1, counter: 0, device: "x"))
        try journal.store.write(origin: .sync) { try $0.recordUploaded(sent, version: 1) }
        #expect(try journal.store.read { try $0.mood(id: mood.id) }?.sync.changedSinceUpload == true)
    }
}
