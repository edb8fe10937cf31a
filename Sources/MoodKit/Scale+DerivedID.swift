import Foundation

extension Scale {
    /// The id a scale made under `name` gets, the same on every device: `sleep` made on the
    /// laptop and on the phone before either synced is one scale, whose values merge, not two
    /// scales that share a name. `attempt` counts past ids the journal holds for another scale
    /// already (one renamed away from `name`, or removed with another kind).
    ///
    /// Ids are not secrets (a sealed account's never leave its sealed records), so a plain
    /// 128-bit FNV-1a of the name and attempt, in two halves with different bases, serves.
    public static func derivedID(for name: ScaleName, attempt: Int) -> ID {
        let text = Array("moodtui scale\u{0}\(name.text)\u{0}\(attempt)".utf8)
        func fnv1a(basis: UInt64) -> UInt64 {
            text.reduce(basis) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
        }
        let (high, low) = (fnv1a(basis: 0xCBF2_9CE4_8422_2325), fnv1a(basis: 0x6C62_272E_07BB_0142))
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * index))
        }
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// Whether the scale is in use (not removed).
    public var isInUse: Bool { state.value == .inUse }
}
