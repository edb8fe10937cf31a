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

    /// The reading every change of any device comes after: what a field no person changed carries
    /// (an imported entry, stamps that could not be read).
    public static func earliest(of device: String) -> HybridTimestamp {
        HybridTimestamp(wallMilliseconds: 0, counter: 0, device: device)
    }

    /// Whether this is the ``earliest(of:)`` reading of its device: no change was recorded.
    public var isEarliest: Bool { wallMilliseconds == 0 && counter == 0 }

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
    public var description: String { String(wallMilliseconds) + "." + String(counter) + "@" + device }

    /// Reads a ``description``: the wall time and counter in decimal up to the first `@`, the
    /// device after it (which may itself hold `@`). `nil` for anything else.
    ///
    /// Read byte by byte: a download reads three stamps a mood, a hundred thousand moods at a time.
    public init?(_ text: String) {
        let bytes = text.utf8
        guard let (wall, counter, rest) = Self.wallAndCounter(bytes, counterEnd: UInt8(ascii: "@")), rest != bytes.endIndex else { return nil }
        self.init(wallMilliseconds: wall, counter: counter, device: String(text[rest...]))
    }

    /// `WALL.COUNTER` in decimal at the start of `bytes`, the counter ending at `counterEnd` (the
    /// index after it is returned) or, for `nil`, at the end; `nil` when a part has no digit, a
    /// byte is no digit, or a number does not fit.
    static func wallAndCounter<Bytes: Collection<UInt8>>(
        _ bytes: Bytes, counterEnd: UInt8?
    ) -> (wall: Int64, counter: UInt32, rest: Bytes.Index)? {
        var index = bytes.startIndex
        func number<N: FixedWidthInteger>(_: N.Type, upTo end: UInt8?) -> N? {
            var value: N = 0
            var digits = 0
            while index != bytes.endIndex, bytes[index] != end {
                let byte = bytes[index]
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(N(byte - UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else { return nil }
                value = sum
                digits += 1
                index = bytes.index(after: index)
            }
            guard digits > 0 else { return nil }
            if end != nil {
                guard index != bytes.endIndex else { return nil }
                index = bytes.index(after: index)  // past `end`
            }
            return value
        }
        guard let wall = number(Int64.self, upTo: UInt8(ascii: ".")), let counter = number(UInt32.self, upTo: counterEnd) else { return nil }
        return (wall, counter, index)
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
