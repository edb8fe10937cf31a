import Foundation

/// A clock the test moves by hand, for the presenter's `now`.
final class TestClock: @unchecked Sendable {
    var now = Date(timeIntervalSince1970: 1_800_000_000)
}
