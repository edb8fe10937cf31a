/// A device's hybrid logical clock: each reading is later than every reading the device made or
/// saw before it, whatever its wall clock does, and stays close to the wall clock when that
/// runs forward as it should.
///
/// ``stamp(wallMilliseconds:)`` reads it for a change made here; ``observe(_:)`` moves it past a
/// reading that arrived from elsewhere. The wall time is passed in, so tests choose it.
public struct HybridClock: Hashable, Sendable {
    /// The device whose changes this clock stamps.
    public let device: String
    /// The latest reading made or seen, if any.
    public private(set) var latest: HybridTimestamp?

    /// - Parameter latest: the latest reading made or seen before, kept with the journal so that
    ///   a restart cannot go back.
    public init(device: String, latest: HybridTimestamp? = nil) {
        self.device = device
        self.latest = latest
    }

    /// The reading for a change made now, at wall time `wallMilliseconds`: the wall time when it
    /// is past every reading so far, else the latest reading's time with the counter moved on.
    public mutating func stamp(wallMilliseconds: Int64) -> HybridTimestamp {
        let next: HybridTimestamp
        if let latest, latest.wallMilliseconds >= wallMilliseconds {
            next = latest.counter == .max
                ? HybridTimestamp(wallMilliseconds: latest.wallMilliseconds + 1, counter: 0, device: device)
                : HybridTimestamp(wallMilliseconds: latest.wallMilliseconds, counter: latest.counter + 1, device: device)
        } else {
            next = HybridTimestamp(wallMilliseconds: wallMilliseconds, counter: 0, device: device)
        }
        latest = next
        return next
    }

    /// How far ahead of this device's wall clock a reading from elsewhere may be and still move
    /// the clock: a day. A reading further ahead comes from a clock that is badly wrong (or a
    /// hostile one, such as the last millisecond of 9999): following it would pin this clock
    /// there, and every device that syncs with this one, for good.
    public static let maximumLeadMilliseconds: Int64 = 86_400_000

    /// Moves the clock past `seen`, a reading another device made, so that every later change
    /// here is stamped after it — unless `seen` is more than ``maximumLeadMilliseconds`` ahead
    /// of the wall time `wallMilliseconds`, when it is left unseen.
    public mutating func observe(_ seen: HybridTimestamp, wallMilliseconds: Int64) {
        let (bound, overflow) = wallMilliseconds.addingReportingOverflow(Self.maximumLeadMilliseconds)
        guard seen.wallMilliseconds <= (overflow ? .max : bound) else { return }
        if latest.map({ seen > $0 }) ?? true { latest = seen }
    }
}
