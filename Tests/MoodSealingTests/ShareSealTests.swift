import Foundation
import MoodKit
import MoodSealing
import SyncProtocol
import Testing

/// Sealing for shares: an entry opens only with its share's key, in its share, under the id its
/// mood gives it; a share's record only with the account's key, for its account and share; the
/// scope keeps out what the share may not show before anything is sealed.
@Suite struct ShareSealTests {
    let shareKey = AccountKey()
    let share = ShareID.random()
    let content = MoodContent(
        date: Date(millisecondsSince1970: 1_795_000_000_000), level: .bad, note: "slept badly", creatorID: "phone",
        stamps: MoodStamps(all: HybridTimestamp(wallMilliseconds: 1_795_000_000_000, counter: 0, device: "phone")))

    @Test func anEntryOpensBackUnderItsIdAndNowhereElse() throws {
        let mood = UUID()
        let entry = ShareEntry(mood: mood, source: 7, content: content)
        let sealed = try ShareSeal.seal(entry, share: share, key: shareKey)
        let id = ShareSeal.entryID(for: mood, key: shareKey)
        #expect(try ShareSeal.open(sealed, entryID: id, share: share, key: shareKey) == entry)
        #expect(!String(decoding: sealed.bytes, as: UTF8.self).contains("slept"))
        #expect(throws: MoodSealError.doesNotOpen(id)) { try ShareSeal.open(sealed, entryID: id, share: .random(), key: shareKey) }
        let elsewhere = ShareSeal.entryID(for: UUID(), key: shareKey)
        #expect(throws: MoodSealError.doesNotOpen(elsewhere)) { try ShareSeal.open(sealed, entryID: elsewhere, share: share, key: shareKey) }
        let other = AccountKey()
        #expect(throws: MoodSealError.anotherKey(id, shareKey.id)) { try ShareSeal.open(sealed, entryID: id, share: share, key: other) }
    }

    @Test func anEntrysIdTellsNothingOfTheMoodButIsTheSameOnEveryDevice() {
        let mood = UUID()
        let id = ShareSeal.entryID(for: mood, key: shareKey)
        #expect(id != mood)
        #expect(ShareSeal.entryID(for: mood, key: shareKey) == id, "every device of the owner names the entry alike")
        #expect(ShareSeal.entryID(for: mood, key: AccountKey()) != id, "two shares of one mood cannot be tied together")
        #expect(ShareSeal.entryID(for: UUID(), key: shareKey) != id)
    }

    @Test func anEntryThatSaysNothingLooksLikeOneWithContent() throws {
        let mood = UUID()
        let gone = try ShareSeal.seal(ShareEntry(mood: mood, source: ShareEntry.deleted, content: nil), share: share, key: shareKey)
        let edited = try ShareSeal.seal(ShareEntry(mood: mood, source: 9, content: content), share: share, key: shareKey)
        #expect(gone.bytes.count == edited.bytes.count, "the server cannot tell a mood leaving the share from an edit")
        #expect(try ShareSeal.open(gone, entryID: ShareSeal.entryID(for: mood, key: shareKey), share: share, key: shareKey).content == nil)
    }

    @Test func aRecordOpensOnlyForItsAccountAndShare() throws {
        let accountKey = AccountKey()
        let descriptor = ShareDescriptor(
            name: try ShareName("therapist"), scope: ShareScope(since: 1_790_000_000_000, withoutNotes: true), expiresAt: 1_800_000_000_000,
            key: shareKey)
        let sealed = try ShareSeal.seal(descriptor, share: share, account: "acct", key: accountKey)
        #expect(try ShareSeal.open(sealed, share: share, account: "acct", key: accountKey) == descriptor)
        #expect(!String(decoding: sealed.bytes, as: UTF8.self).contains("therapist"))
        #expect(throws: MoodSealError.self) { try ShareSeal.open(sealed, share: share, account: "other", key: accountKey) }
        #expect(throws: MoodSealError.self) { try ShareSeal.open(sealed, share: .random(), account: "acct", key: accountKey) }
    }

    @Test func theScopeShowsOnlyMoodsInItsDatesAndNoNoteWhenToldSo() throws {
        let date = content.date.millisecondsSince1970
        let shown = try #require(ShareScope().visible(content))
        #expect(shown.level == content.level && shown.note == content.note && shown.date == content.date)
        #expect(ShareScope(since: date).visible(content) == shown, "since is inclusive")
        #expect(ShareScope(since: date + 1).visible(content) == nil)
        #expect(ShareScope(until: date).visible(content) == nil, "until is exclusive")
        #expect(ShareScope(until: date + 1).visible(content) == shown)
        let noted = ShareScope(withoutNotes: true).visible(content)
        #expect(noted?.note == "" && noted?.level == .bad && noted?.date == content.date)
    }

    @Test func aSharedMoodTellsNothingOfTheOwnersDevicesEditsOrFormerActivities() throws {
        let walk = try ActivityName.validated("walk"), tea = try ActivityName.validated("tea")
        let early = HybridTimestamp(wallMilliseconds: 1_794_000_000_000, counter: 0, device: "laptop-7f3a")
        let late = HybridTimestamp(wallMilliseconds: 1_795_000_600_000, counter: 2, device: "phone-1c2d")
        var activities = ActivitySet(adding: [walk, tea], at: early)
        activities.remove(tea)
        var stamps = MoodStamps(all: early)
        stamps.note = late
        let owners = MoodContent(
            date: content.date, level: .good, note: "a walk", creatorID: "laptop-7f3a", stamps: stamps, activities: activities)
        let shown = try #require(ShareScope(withoutNotes: true).visible(owners))
        #expect(shown.activities.names == [walk])
        #expect(shown.activities.histories.keys.sorted() == [walk], "an activity the mood once had is not in the share")
        #expect(shown.creatorID == ShareScope.device)
        #expect(shown.stamps == MoodStamps(all: HybridTimestamp(wallMilliseconds: late.wallMilliseconds, counter: late.counter, device: ShareScope.device)))
        let text = String(decoding: try JSONEncoder().encode(shown), as: UTF8.self)
        for secret in ["laptop", "phone", "tea", "1794000000000"] { #expect(!text.contains(secret), "\(secret) in \(text)") }
    }

    @Test func aShareNameFollowsTheDeviceNameRulesInAShareWords() {
        #expect(throws: ShareNameError(rule: .empty)) { try ShareName("  ") }
        #expect((try? ShareName("\u{1B}[31m"))  == nil)
        #expect((try? ShareName(" partner "))?.text == "partner")
        #expect((try? ShareName("Therapist"))?.matches("therapist ") == true)
        #expect((try? ShareName(String(repeating: "x", count: 41))) == nil)
        #expect(ShareNameError(rule: .empty).description == "a share name cannot be empty")
    }
}
