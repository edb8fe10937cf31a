/// How far this device's wall clock is from the sync server's, as measured from the server's time
/// in its answers: positive when this device's clock is ahead.
///
/// Stamps are made by the server's time (the device's clock corrected by this much), so a skewed
/// clock neither wins nor loses concurrent edits; a noticeable skew is still shown, since it
/// makes every time this device prints wrong too.
public struct ClockSkew: Hashable, Sendable, CustomStringConvertible {
    /// This device's clock minus the server's, in milliseconds.
    public var milliseconds: Int64

    public init(milliseconds: Int64) { self.milliseconds = milliseconds }

    /// From a minute on, a skew is shown: below that it is hardly a mistake of the clock.
    public static let noticeableMilliseconds: Int64 = 60_000

    /// The most a skew corrects this device's clock by, either way: a server's time is its word,
    /// and a server that could move a device's stamps by years could pick which of two edits
    /// wins. A clock off by more than this is shown, and corrected this far only.
    public static let largestCorrectionMilliseconds: Int64 = 86_400_000

    /// What this device's stamps are corrected by: the skew, bounded by
    /// ``largestCorrectionMilliseconds``.
    public var correctionMilliseconds: Int64 {
        min(max(milliseconds, -Self.largestCorrectionMilliseconds), Self.largestCorrectionMilliseconds)
    }

    /// Whether the header and `moodtui sync` should mention it.
    public var isNoticeable: Bool { milliseconds.magnitude >= UInt64(Self.noticeableMilliseconds) }

    /// `1 h 5 min ahead of the server`, `3 min behind the server`, `2 days ahead of the server`.
    public var description: String {
        let minutes = milliseconds.magnitude / 60_000
        let amount: String
        switch minutes {
        case ..<60: amount = "\(minutes) min"
        case ..<(48 * 60): amount = minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
        default: amount = "\(minutes / (24 * 60)) days"
        }
        return "\(amount) \(milliseconds > 0 ? "ahead of" : "behind") the server"
    }
}
