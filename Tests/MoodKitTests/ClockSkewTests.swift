import MoodKit
import Testing

@Suite struct ClockSkewTests {
    @Test(arguments: [
        (Int64(60_000), "1 min ahead of the server"), (-3_600_000, "1 h behind the server"),
        (5_400_000, "1 h 30 min ahead of the server"), (-3 * 86_400_000, "3 days behind the server"),
        (.max, "106751991167 days ahead of the server"), (.min, "106751991167 days behind the server"),
    ])
    func aSkewIsSaidInWholeMinutesHoursOrDays(milliseconds: Int64, words: String) {
        #expect(ClockSkew(milliseconds: milliseconds).description == words)
        #expect(ClockSkew(milliseconds: milliseconds).isNoticeable)
    }

    @Test func underAMinuteIsNotNoticeableAndAStatusKeepsWholeMinutes() {
        #expect(!ClockSkew(milliseconds: 59_999).isNoticeable)
        #expect(!ClockSkew(milliseconds: -59_999).isNoticeable)
        #expect(SyncStatus(state: .synced, clockSkew: ClockSkew(milliseconds: 59_999)).clockSkew == nil)
        #expect(SyncStatus(state: .synced, clockSkew: ClockSkew(milliseconds: 3_600_123)).clockSkew == ClockSkew(milliseconds: 3_600_000))
    }
}
