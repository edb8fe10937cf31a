/// What a scale measures, and so which values it takes: chosen when the scale is made, the same
/// on every device for good.
public enum ScaleKind: Hashable, Sendable {
    /// Whole numbers from the range's lower to its upper bound (`1-5`, `0-10`): anxiety, energy,
    /// pain.
    case range(ClosedRange<Int>)
    /// A measure to one decimal (hours slept, `7.5`), in `unit` when one is given, within
    /// `minimum` and `maximum` (in tenths) when they are given.
    case number(unit: String?, minimum: Int?, maximum: Int?)
    /// Yes or no: whether medication was taken.
    case yesNo

    /// The largest magnitude a bound or value may have: a million, past anything a person
    /// tracks by hand, well inside every number type a device or export uses.
    public static let largestMagnitude = 1_000_000
    /// The longest unit, in characters: `h`, `mg`, `km`, `glasses`.
    public static let maximumUnitLength = 12

    /// A range scale from `--range LOW-HIGH` (`1-5`, `0-10`, `-3-3`).
    /// - Throws: ``MoodValidationError/invalidScaleValue(_:)`` in words.
    public static func range(parsing text: String) throws(MoodValidationError) -> ScaleKind {
        let body = text.trimmingCharacters(in: .whitespaces)
        let separator = body.dropFirst().firstIndex(of: "-")
        guard let separator, let low = Int(body[..<separator]), let high = Int(body[body.index(after: separator)...]) else {
            throw .invalidScaleValue(
                "'\(TerminalSafeText.singleLine(String(text.prefix(40))))' is not a range: give LOW-HIGH in whole numbers, such as 1-5 or 0-10")
        }
        guard low < high else { throw .invalidScaleValue("the range \(low)-\(high) is empty: its first number must be below its second") }
        guard low.magnitude <= largestMagnitude, high.magnitude <= largestMagnitude else {
            throw .invalidScaleValue("the range \(low)-\(high) is too wide: its bounds are at most \(largestMagnitude) either way")
        }
        return .range(low...high)
    }

    /// A number scale from `--number [--unit UNIT] [--min X] [--max X]`.
    /// - Throws: ``MoodValidationError/invalidScaleValue(_:)`` in words.
    public static func number(parsingUnit unit: String?, minimum: String?, maximum: String?) throws(MoodValidationError) -> ScaleKind {
        func bound(_ text: String?, _ name: String) throws(MoodValidationError) -> Int? {
            guard let text else { return nil }
            guard let tenths = ScaleValue.tenths(parsing: Substring(text.trimmingCharacters(in: .whitespaces))) else {
                throw .invalidScaleValue(
                    "--\(name) '\(TerminalSafeText.singleLine(String(text.prefix(40))))' is not a number with at most one decimal, "
                        + "between -\(largestMagnitude) and \(largestMagnitude)")
            }
            return tenths
        }
        let (low, high) = (try bound(minimum, "min"), try bound(maximum, "max"))
        if let low, let high, low >= high {
            throw .invalidScaleValue("--min \(ScaleValue.decimal(low)) is not below --max \(ScaleValue.decimal(high))")
        }
        let trimmed = unit?.trimmingCharacters(in: .whitespaces)
        if let trimmed {
            guard !trimmed.isEmpty, trimmed.count <= maximumUnitLength, ControlCharacters.first(in: trimmed) == nil else {
                throw .invalidScaleValue("a unit is 1 to \(maximumUnitLength) characters without control characters, such as h or mg")
            }
        }
        return .number(unit: trimmed, minimum: low, maximum: high)
    }

    /// The value `text` gives a scale of this kind named `name` (`--scale sleep=7.5`).
    /// - Throws: ``MoodValidationError/invalidScaleValue(_:)`` saying what the scale takes.
    public func value(parsing text: String, for name: ScaleName) throws(MoodValidationError) -> ScaleValue {
        let typed = text.trimmingCharacters(in: .whitespaces)
        let value: ScaleValue?
        switch self {
        case .range: value = Int(typed).map(ScaleValue.whole)
        case .number: value = ScaleValue.tenths(parsing: Substring(typed)).map(ScaleValue.tenths)
        case .yesNo:
            switch typed.lowercased() {
            case "yes", "y", "true", "1": value = .yes
            case "no", "n", "false", "0": value = ScaleValue.no
            default: value = nil
            }
        }
        guard let value, accepts(value) else {
            throw .invalidScaleValue("\(name) takes \(takes), not '\(TerminalSafeText.singleLine(String(text.prefix(40))))'")
        }
        return value
    }

    /// Whether `value` is one of this kind's: what a value from the wire or a file is checked by.
    public func accepts(_ value: ScaleValue) -> Bool {
        switch (self, value) {
        case (.range(let range), .whole(let whole)): range.contains(whole)
        case (.number(_, let minimum, let maximum), .tenths(let tenths)):
            tenths.magnitude <= Self.largestMagnitude * 10 && minimum.map { tenths >= $0 } ?? true && maximum.map { tenths <= $0 } ?? true
        case (.yesNo, .yes), (.yesNo, .no): true
        default: false
        }
    }

    /// What the scale takes, in words: `a whole number from 1 to 5`, `a number (h) from 0 to 24`,
    /// `yes or no`.
    public var takes: String {
        switch self {
        case .range(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .number(let unit, let minimum, let maximum):
            "a number with at most one decimal" + (unit.map { " (\($0))" } ?? "")
                + (minimum.map { " from \(ScaleValue.decimal($0))" } ?? "") + (maximum.map { " up to \(ScaleValue.decimal($0))" } ?? "")
        case .yesNo: "yes or no"
        }
    }
}
