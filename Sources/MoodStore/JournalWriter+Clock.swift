import Foundation
import GRDB
import MoodKit

/// This device's hybrid logical clock, kept with the journal: its latest reading is stored in
/// the transaction of the change it stamps, so that no later reading — after a restart, a crash,
/// or with the wall clock set back — can come before it.
///
/// The wall time it starts from is the device's clock corrected by the last measured
/// ``ClockSkew`` against the sync server, so that a device whose clock is an hour off neither
/// wins nor loses concurrent edits for that hour.
extension JournalWriter {
    /// This journal's device id, made on first use: stamped on every mood the device creates and
    /// on every change it makes.
    public func deviceID() throws -> String {
        if let id = try snapshot.setting(.deviceID) { return id }
        let id = UUID().uuidString.lowercased()
        try setSetting(.deviceID, to: id)
        return id
    }

    /// The clock reading for a change a person makes now: later than every reading this device
    /// made or saw, whatever the wall clock says.
    func clockReading() throws -> HybridTimestamp {
        var clock = HybridClock(device: try deviceID(), latest: try latestClockReading())
        let stamp = clock.stamp(wallMilliseconds: try correctedWallMilliseconds())
        try setSetting(.hybridClock, to: stamp.description)
        return stamp
    }

    /// Moves this device's clock past `seen`, a reading that came from another device: every
    /// change made here from now on is stamped after it (unless `seen` is a day or more ahead:
    /// ``HybridClock/observe(_:wallMilliseconds:)``).
    public func observe(_ seen: HybridTimestamp) throws {
        var clock = HybridClock(device: try deviceID(), latest: try latestClockReading())
        let before = clock.latest
        clock.observe(seen, wallMilliseconds: try correctedWallMilliseconds())
        if let latest = clock.latest, latest != before { try setSetting(.hybridClock, to: latest.description) }
    }

    /// The wall clock corrected by the last measured skew (a day at most): the server's time, as
    /// well as this device can tell.
    private func correctedWallMilliseconds() throws -> Int64 {
        wallClock.now().millisecondsSince1970 &- (try snapshot.clockSkew()?.correctionMilliseconds ?? 0)
    }

    /// Keeps how far this device's clock is from the sync server's, measured from an answer of
    /// the server: later stamps are corrected by it, and the status shows it.
    public func recordClockSkew(_ skew: ClockSkew) throws {
        try setSetting(.clockSkew, to: String(skew.milliseconds))
    }

    private func latestClockReading() throws -> HybridTimestamp? {
        try snapshot.setting(.hybridClock).flatMap(HybridTimestamp.init)
    }
}

extension JournalSnapshot {
    /// How far this device's clock was from the sync server's when last measured, if ever.
    public func clockSkew() throws -> ClockSkew? {
        try setting(.clockSkew).flatMap(Int64.init).map(ClockSkew.init(milliseconds:))
    }
}

extension JournalSettingKey {
    /// The latest reading of this device's clock (made or seen), as ``HybridTimestamp`` text.
    static let hybridClock = JournalSettingKey(rawValue: "clock")
    /// This device's clock minus the sync server's, in milliseconds (``ClockSkew``).
    static let clockSkew = JournalSettingKey(rawValue: "clockSkew")
}
