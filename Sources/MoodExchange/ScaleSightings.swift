import MoodKit

/// What a file's values of one scale look like, read through by a survey: how many there are,
/// whether they are yes and no, whole numbers or decimals, and from what to what — and so what
/// a scale made for them takes (``kind``), when neither the file nor the journal has one.
public struct ScaleSightings: Hashable, Sendable {
    /// Values seen.
    public private(set) var count = 0
    /// Of which yes or no.
    public private(set) var yesNoCount = 0
    /// The lowest and highest number seen, in tenths.
    public private(set) var lowest: Int?
    public private(set) var highest: Int?
    /// Whether a number had a decimal.
    public private(set) var hasDecimals = false

    public init() {}

    /// Records a value as typed in the file.
    /// - Throws: ``MoodValidationError`` when it is neither a number with at most one decimal
    ///   nor yes or no.
    public mutating func record(_ typed: String, for name: ScaleName) throws(MoodValidationError) {
        if case .tenths(let tenths)? = try? Self.anyNumber.value(parsing: typed, for: name) {
            (lowest, highest) = (min(lowest ?? tenths, tenths), max(highest ?? tenths, tenths))
            hasDecimals = hasDecimals || tenths % 10 != 0
        } else if (try? ScaleKind.yesNo.value(parsing: typed, for: name)) != nil {
            yesNoCount += 1
        } else {
            throw .invalidScaleValue(
                "\(name) takes a number with at most one decimal, or yes or no, not '\(TerminalSafeText.singleLine(String(typed.prefix(40))))'")
        }
        count += 1
    }

    /// What a scale made for these values takes: yes or no when all are; a number when one has
    /// a decimal; else whole numbers in the usual range that holds them all — from 1 (or the
    /// lowest, below it) to 5 or 10 (or the highest, above it).
    public var kind: ScaleKind {
        guard let lowest, let highest else { return .yesNo }
        if hasDecimals { return Self.anyNumber }
        let (low, high) = (lowest / 10, highest / 10)
        return .range(min(1, low)...(high <= 5 ? 5 : high <= 10 ? 10 : high))
    }

    private static let anyNumber = ScaleKind.number(unit: nil, minimum: nil, maximum: nil)
}
