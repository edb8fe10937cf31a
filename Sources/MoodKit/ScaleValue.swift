/// One value of a scale on a mood: a whole number of a range scale (`4` of 1–5), a measure of a
/// number scale to one decimal (`7.5` hours, kept as tenths so that it is exact everywhere), or
/// the answer of a yes/no scale.
public enum ScaleValue: Hashable, Sendable, Comparable, CustomStringConvertible {
    case whole(Int)
    /// Tenths of the unit: `75` is 7.5.
    case tenths(Int)
    case yes
    case no

    /// The value as a number, for averages and correlations: yes is 1, no is 0.
    public var number: Double {
        switch self {
        case .whole(let value): Double(value)
        case .tenths(let tenths): Double(tenths) / 10
        case .yes: 1
        case .no: 0
        }
    }

    /// The value in tenths, whole numbers and yes (10) and no (0) too: what insights add up, so
    /// that counts kept change by change equal counts made afresh, exactly.
    public var inTenths: Int {
        switch self {
        case .whole(let value): value * 10
        case .tenths(let tenths): tenths
        case .yes: 10
        case .no: 0
        }
    }

    /// As a person reads and types it: `4`, `7.5`, `7`, `yes`, `no`.
    public var description: String {
        switch self {
        case .whole(let value): String(value)
        case .tenths(let tenths): Self.decimal(tenths)
        case .yes: "yes"
        case .no: "no"
        }
    }

    /// `tenths` as a decimal with one digit after the point when it has one: `75` is `7.5`,
    /// `70` is `7`, `-5` is `-0.5`.
    static func decimal(_ tenths: Int) -> String {
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return sign + String(magnitude / 10) + (magnitude % 10 == 0 ? "" : "." + String(magnitude % 10))
    }

    /// A decimal with at most one digit after the point (`7.5`, `-2`, `10.0`, `.5`), in tenths;
    /// `nil` for anything else, or a magnitude past ``ScaleKind/largestMagnitude``.
    static func tenths(parsing text: Substring) -> Int? {
        var digits = text
        let negative = digits.first == "-"
        if negative || digits.first == "+" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count == 2 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty), whole.count <= 9, fraction.count <= 1,
            whole.allSatisfy(\.isASCIIDigitCharacter), fraction.allSatisfy(\.isASCIIDigitCharacter)
        else { return nil }
        let tenths = (Int(whole) ?? 0) * 10 + (Int(fraction) ?? 0)
        guard tenths <= ScaleKind.largestMagnitude * 10 else { return nil }
        return negative ? -tenths : tenths
    }

    /// Orders the kinds apart, then by value: only a merge that meets two different values with
    /// the same stamp needs an order, and every device must pick alike.
    public static func < (a: ScaleValue, b: ScaleValue) -> Bool {
        (a.rank, a.number) < (b.rank, b.number)
    }

    private var rank: Int {
        switch self {
        case .whole: 0
        case .tenths: 1
        case .no: 2
        case .yes: 3
        }
    }
}

extension Character {
    /// `0` to `9` and nothing else (not `٣`, not `²`): what a number typed for a scale may hold.
    var isASCIIDigitCharacter: Bool { isASCII && isWholeNumber }
}
