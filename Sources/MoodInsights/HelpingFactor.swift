import MoodKit

/// Something that goes with better or worse days, as "what helps" ranks them together: an
/// activity, by the days with it against the days without, or a scale, by the days at or above
/// its median against the days below.
public struct HelpingFactor: Hashable, Sendable {
    /// What the days are told apart by.
    public enum Source: Hashable, Sendable {
        case activity(ActivityName)
        /// A scale, split at its median.
        case scale(Scale, median: Double)
    }

    public let source: Source
    /// The average level of the days it goes with: days with the activity, days at or above the
    /// scale's median.
    public let with: Average
    /// The same for the other days.
    public let without: Average
    /// How many moods had the activity, or values the scale has: what breaks a tie.
    public let uses: Int

    public init(_ effect: ActivityEffect) {
        (source, with, without, uses) = (.activity(effect.name), effect.withIt, effect.withoutIt, effect.moods)
    }

    /// `nil` for a scale without a value this year.
    public init?(_ insight: ScaleInsight) {
        guard let median = insight.median else { return nil }
        (source, with, without, uses) = (.scale(insight.scale, median: median), insight.atOrAboveMedian, insight.belowMedian, insight.values.count)
    }

    /// How much better (positive) or worse the days it goes with were; `nil` when either side
    /// has no day.
    public var effect: Double? {
        guard let with = with.value, let without = without.value else { return nil }
        return with - without
    }

    /// `run`; `sleep ≥ 7.5` (the median); `meds yes`.
    public var label: String {
        switch source {
        case .activity(let name): name.text
        case .scale(let scale, _) where scale.kind == .yesNo: "\(scale.name.value) yes"
        case .scale(let scale, let median): "\(scale.name.value) ≥ \(InsightsWords.oneDecimal(median))"
        }
    }

    /// Activities and scales in one list, the most helpful first; those without an effect last,
    /// the most used first.
    public static func ranked(activities: [ActivityEffect], scales: [ScaleInsight]) -> [HelpingFactor] {
        (activities.map(HelpingFactor.init) + scales.compactMap(HelpingFactor.init)).sorted(by: ranksBefore)
    }

    /// The order of "what helps": the larger effect first; with none, the more used, then by label.
    static func ranksBefore(_ a: HelpingFactor, _ b: HelpingFactor) -> Bool {
        switch (a.effect, b.effect) {
        case (let x?, let y?) where x != y: x > y
        case (.some, nil): true
        case (nil, .some): false
        default: a.uses != b.uses ? a.uses > b.uses : a.label.utf8.lexicographicallyPrecedes(b.label.utf8)
        }
    }
}
