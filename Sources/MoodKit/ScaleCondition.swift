/// A condition on one scale's value, typed after `/` as a word: `sleep<6`, `meds=no`,
/// `anxiety>=4`. A mood without a value of the scale never meets it.
public struct ScaleCondition: Hashable, Sendable {
    /// How the value compares with the one typed.
    public enum Comparison: String, Hashable, Sendable, CaseIterable {
        case lessOrEqual = "<=", greaterOrEqual = ">=", notEqual = "!=", less = "<", greater = ">", equal = "="

        func holds(_ value: Double, against typed: Double) -> Bool {
            switch self {
            case .lessOrEqual: value <= typed
            case .greaterOrEqual: value >= typed
            case .notEqual: value != typed
            case .less: value < typed
            case .greater: value > typed
            case .equal: value == typed
            }
        }
    }

    public var scale: Scale.ID
    public var comparison: Comparison
    /// The value typed, as a number (``ScaleValue/number``: yes is 1, no 0).
    public var number: Double

    public init(scale: Scale.ID, comparison: Comparison, number: Double) {
        self.scale = scale
        self.comparison = comparison
        self.number = number
    }

    /// The condition `word` spells on one of `scales` (those in use): a scale's name, a
    /// comparison, and a value the scale takes; `nil` for any other word, which is searched for
    /// in notes as typed.
    public init?(word: Substring, scales: [Scale]) {
        guard let start = word.firstIndex(where: { "<>=!".contains($0) }) else { return nil }
        let rest = word[start...]
        guard let comparison = Comparison.allCases.first(where: { rest.hasPrefix($0.rawValue) }),
            let name = try? ScaleName.validated(word[..<start].lowercased()),
            let scale = scales.first(where: { $0.isInUse && $0.name.value == name }),
            let value = try? scale.kind.value(parsing: String(rest.dropFirst(comparison.rawValue.count)), for: name)
        else { return nil }
        self.init(scale: scale.id, comparison: comparison, number: value.number)
    }

    /// Whether a mood whose values are `values` meets the condition.
    public func matches(_ values: ScaleValues) -> Bool {
        guard let value = values[scale] else { return false }
        return comparison.holds(value.number, against: number)
    }

}
