import Foundation

/// A mood's position key in a list of a given order, packed into 24 bytes so that a list of a
/// million keys fits in memory, and compared with three integer comparisons.
///
/// For ``MoodSortOrder/newestFirst`` every field is bit-inverted, so ascending key order is always
/// the list's order and callers need no comparator.
public struct MoodSortKey: Comparable, Hashable, Sendable {
    @usableFromInline var date: Int64
    @usableFromInline var idHigh: UInt64
    @usableFromInline var idLow: UInt64

    /// The key of a mood with this `date` (milliseconds since 1970) and `id`.
    public init(date milliseconds: Int64, id: UUID, order: MoodSortOrder) {
        self = withUnsafeBytes(of: id.uuid) { MoodSortKey(date: milliseconds, idBytes: $0.baseAddress!, order: order) }
    }

    /// The key of a mood with this `date` and the id whose 16 bytes (as `uuid_t`) are at `idBytes`:
    /// for reading keys straight from storage without making a `UUID` first.
    @inlinable
    public init(date milliseconds: Int64, idBytes: UnsafeRawPointer, order: MoodSortOrder) {
        let high = idBytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self).bigEndian
        let low = idBytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self).bigEndian
        switch order {
        case .oldestFirst: (date, idHigh, idLow) = (milliseconds, high, low)
        case .newestFirst: (date, idHigh, idLow) = (~milliseconds, ~high, ~low)
        }
    }

    public init(_ mood: Mood, order: MoodSortOrder) {
        self.init(date: mood.date.millisecondsSince1970, id: mood.id, order: order)
    }

    /// The date (milliseconds since 1970) and id this key was made from.
    public func components(order: MoodSortOrder) -> (date: Int64, id: UUID) {
        let (d, h, l) = order == .newestFirst ? (~date, ~idHigh, ~idLow) : (date, idHigh, idLow)
        var bytes = (h.bigEndian, l.bigEndian)
        let uuid = withUnsafeBytes(of: &bytes) { $0.load(as: uuid_t.self) }
        return (d, UUID(uuid: uuid))
    }

    @inlinable
    public static func < (lhs: MoodSortKey, rhs: MoodSortKey) -> Bool {
        if lhs.date != rhs.date { return lhs.date < rhs.date }
        if lhs.idHigh != rhs.idHigh { return lhs.idHigh < rhs.idHigh }
        return lhs.idLow < rhs.idLow
    }
}
