/// When a change was made, in the one order every device agrees on: a reading of a hybrid
/// logical clock (``HybridClock``).
///
/// Readings compare by wall time, then counter, then device. A device's clock only ever moves
/// forward and past every reading it has seen, so an edit made after seeing another edit always
/// has the higher reading, whatever the two devices' wall clocks say; edits made without seeing
/// each other are ordered by their wall times, and the device id settles exact ties.
public struct HybridTimestamp: Hashable, Sendable, Comparable, LosslessStringConvertible {
    /// Milliseconds since 1970: the wall clock at the change, or a later reading the device had
    /// already seen.
    public var wallMilliseconds: Int64
    /// Orders changes that share a wall time.
    public var counter: UInt32
    /// The device that made the change.
    public var device: String

    public init(wallMilliseconds: Int64, counter: UInt32, device: String) {
        self.wallMilliseconds = wallMilliseconds
        self.counter = counter
        self.device = device
    }

    /// Equal when wall time, counter and the device id's UTF-8 bytes are: the same bytes the order
    /// compares (Swift's string equality would take two spellings of `é` for one device).
    public static func == (a: HybridTimestamp, b: HybridTimestamp) -> Bool {
        a.wallMilliseconds == b.wallMilliseconds && a.counter == b.counter && a.device.utf8.elementsEqual(b.device.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(wallMilliseconds)
        hasher.combine(counter)
        device.utf8.forEach { hasher.combine($0) }
    }

    /// Compares by wall time, counter, then the device id's UTF-8 bytes, so that the order does
    /// not depend on any platform's idea of string order.
    public static func < (a: HybridTimestamp, b: HybridTimestamp) -> Bool {
        if a.wallMilliseconds != b.wallMilliseconds { return a.wallMilliseconds < b.wallMilliseconds }
        if a.counter != b.counter { return a.counter < b.counter }
        return a.device.utf8.lexicographicallyPrecedes(b.device.utf8)
    }

    /// `1795341600000.3@laptop`: how a reading is stored and sent, readable in logs and test
    /// failures. ``init(_:)`` reads it back exactly.
    public var description: String { "\(wallMilliseconds).\(counter)@\(device)" }

    /// Reads a ``description``: the wall time and counter in decimal up to the first `@`, the
    /// device after it (which may itself hold `@`). `nil` for anything else.
    public init?(_ text: String) {
        guard let at = text.firstIndex(of: "@"), text.index(after: at) < text.endIndex else { return nil }
        let clock = text[..<at].split(separator: ".", omittingEmptySubsequences: false)
        guard clock.count == 2, clock.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let wall = Int64(clock[0]), let counter = UInt32(clock[1]) else { return nil }
        self.init(wallMilliseconds: wall, counter: counter, device: String(text[text.index(after: at)...]))
    }
}

extension HybridTimestamp {
    /// Reads a stamp that came from elsewhere (the wire), checked: the text form, a wall time
    /// within ``MoodDateRange``, and a device id that follows ``MoodCreatorID``'s rules.
    /// - Throws: ``MoodValidationError/invalidStamp(_:)`` saying what is wrong.
    public static func validated(_ text: String) throws(MoodValidationError) -> HybridTimestamp {
        guard let stamp = HybridTimestamp(text) else {
            throw .invalidStamp("'\(text.prefix(80))' is not WALL.COUNTER@DEVICE, such as 1795341600000.0@laptop")
        }
        guard MoodDateRange.milliseconds.contains(stamp.wallMilliseconds) else {
            throw .invalidStamp("wall time \(stamp.wallMilliseconds) is outside \(MoodDateRange.milliseconds)")
        }
        do { _ = try MoodCreatorID.validated(stamp.device) } catch { throw .invalidStamp("its device: \(error)") }
        return stamp
    }
}
