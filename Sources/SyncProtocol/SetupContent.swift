import Foundation
import MoodKit

/// The journal's setup as it travels between devices: its scales, each with the stamps its merge
/// needs, and the words its levels are called by. The server keeps one per account, sealed for
/// an account with a key; devices merge what they hold with it, scale by scale
/// (`Scale.merged(with:)`), and the words by their stamp, as they merge a mood.
///
/// ```json
/// {"scales": [{"id": "5B1D64A2-8C1E-4F7B-9E0A-3C2D1B0A9F8E", "name": "sleep",
///              "nameStamp": "1795000000000.0@laptop-7f3a", "kind": "number 0 240 h",
///              "state": "inUse", "stateStamp": "1795000000000.0@laptop-7f3a"}],
///  "levels": {"words": ["rad", "good", "meh", "bad", "awful"], "stamp": "1795000000000.0@laptop-7f3a"}}
/// ```
///
/// `kind` is `ScaleKind`'s stored text (`range 1 5`, `number MIN MAX UNIT` in tenths with `-`
/// for no bound, `yes-no`); `state` is `inUse` or `removed`. `levels` is left out until a
/// device gives the levels words; `words` is empty when they were given the built-in names back.
/// `endedShares`, left out while empty, lists the ids of the shares the owner ended:
/// `"endedShares": ["3f2a…"]`.
public struct SetupContent: Hashable, Sendable {
    /// Every scale the account ever had, removed ones too, by id.
    public var scales: [Scale.ID: Scale]
    /// The levels' words and the stamp of their last change; `nil` when never given.
    public var levels: Stamped<LevelWords>?
    /// The shares the owner ended, for good: every device of the owner stops filling one listed
    /// here, whatever the server lists or takes, so a revocation rests on no server's word.
    public var endedShares: Set<ShareID>

    /// The most scales a setup may hold, removed ones included: what several devices, each
    /// keeping at most `Scale.maximumKept`, can make before they sync.
    public static let maximumScales = 4 * Scale.maximumKept
    /// The most ended shares a setup may hold: a share a day for thirty years.
    public static let maximumEndedShares = 10_000

    public init(scales: some Sequence<Scale>, levels: Stamped<LevelWords>? = nil, endedShares: Set<ShareID> = []) {
        self.scales = Dictionary(scales.map { ($0.id, $0) }) { $0.merged(with: $1) }
        self.levels = levels
        self.endedShares = endedShares
    }

    /// Each scale, and the words, at its later change, of either copy; what only one holds is
    /// kept; a share either ended stays ended.
    public func merged(with other: SetupContent) -> SetupContent {
        var merged = self
        merged.scales.merge(other.scales) { $0.merged(with: $1) }
        if let levels = other.levels { merged.levels = merged.levels.map { $0.merged(with: levels) } ?? levels }
        merged.endedShares.formUnion(other.endedShares)
        return merged
    }
}

extension SetupContent: Codable {
    enum CodingKeys: String, CodingKey { case scales, levels, endedShares }
    enum LevelKeys: String, CodingKey { case words, stamp }
    enum ScaleKeys: String, CodingKey { case id, name, nameStamp, kind, state, stateStamp }

    /// Decodes and validates, once, for the server on upload and the client on download: at
    /// most ``maximumScales`` scales with distinct ids, names in their one spelling, kinds that
    /// `ScaleKind(storedText:)` reads, and stamps that `HybridTimestamp/validated(_:)` accepts;
    /// anything else is a `DecodingError.dataCorrupted` naming the field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var list = try container.nestedUnkeyedContainer(forKey: .scales)
        if let count = list.count, count > Self.maximumScales {
            throw DecodingError.dataCorruptedError(
                forKey: .scales, in: container,
                debugDescription: MoodValidationError.invalidScale("\(count) scales; the limit is \(Self.maximumScales)").description)
        }
        var scales: [Scale.ID: Scale] = [:]
        while !list.isAtEnd {
            let member = try list.nestedContainer(keyedBy: ScaleKeys.self)
            let scale = try Self.scale(in: member)
            guard scales.updateValue(scale, forKey: scale.id) == nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: .id, in: member, debugDescription: MoodValidationError.invalidScale("scale \(scale.id) twice").description)
            }
        }
        self.scales = scales
        levels = try container.decodeIfPresent(StampedLevelWords.self, forKey: .levels)?.stamped
        let ended = try container.decodeIfPresent([ShareID].self, forKey: .endedShares) ?? []
        guard ended.count <= Self.maximumEndedShares else {
            throw DecodingError.dataCorruptedError(
                forKey: .endedShares, in: container,
                debugDescription: "\(ended.count) ended shares; the limit is \(Self.maximumEndedShares)")
        }
        endedShares = Set(ended)
    }

    private static func scale(in member: KeyedDecodingContainer<ScaleKeys>) throws -> Scale {
        func stamp(_ key: ScaleKeys) throws -> HybridTimestamp {
            let text = try member.decode(String.self, forKey: key)
            return try MoodContent.checked(key, in: member) { () throws(MoodValidationError) in try HybridTimestamp.validated(text) }
        }
        let (nameText, kindText, stateText) = (
            try member.decode(String.self, forKey: .name), try member.decode(String.self, forKey: .kind),
            try member.decode(String.self, forKey: .state)
        )
        let name = try MoodContent.checked(ScaleKeys.name, in: member) { () throws(MoodValidationError) in
            try ScaleName.validated(nameText)
        }
        let kind = try MoodContent.checked(ScaleKeys.kind, in: member) { () throws(MoodValidationError) in
            guard let kind = ScaleKind(storedText: kindText) else {
                throw .invalidScale("'\(kindText.prefix(40))' is not a scale's kind: range LOW HIGH, number MIN MAX UNIT or yes-no")
            }
            return kind
        }
        let state = try MoodContent.checked(ScaleKeys.state, in: member) { () throws(MoodValidationError) in
            guard let state = Scale.State(wireName: stateText) else { throw .invalidScale("'\(stateText.prefix(40))' is not inUse or removed") }
            return state
        }
        return Scale(
            id: try member.decode(UUID.self, forKey: .id), name: Stamped(name, at: try stamp(.nameStamp)), kind: kind,
            state: Stamped(state, at: try stamp(.stateStamp)))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var list = container.nestedUnkeyedContainer(forKey: .scales)
        for scale in scales.values.sorted(by: { $0.id.uuidString < $1.id.uuidString }) {
            var member = list.nestedContainer(keyedBy: ScaleKeys.self)
            try member.encode(scale.id, forKey: .id)
            try member.encode(scale.name.value.text, forKey: .name)
            try member.encode(scale.name.stamp.description, forKey: .nameStamp)
            try member.encode(scale.kind.storedText, forKey: .kind)
            try member.encode(scale.state.value.wireName, forKey: .state)
            try member.encode(scale.state.stamp.description, forKey: .stateStamp)
        }
        try container.encodeIfPresent(levels.map(StampedLevelWords.init), forKey: .levels)
        if !endedShares.isEmpty { try container.encode(endedShares.sorted { $0.description < $1.description }, forKey: .endedShares) }
    }

    /// The words as `levels` has them: `words` top level first (none for the built-in names) and
    /// the stamp, each checked as `moodtui levels` and the clock check them.
    private struct StampedLevelWords: Codable {
        let stamped: Stamped<LevelWords>

        init(_ stamped: Stamped<LevelWords>) { self.stamped = stamped }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: LevelKeys.self)
            let (list, stampText) = (try container.decode([String].self, forKey: .words), try container.decode(String.self, forKey: .stamp))
            let words = try MoodContent.checked(LevelKeys.words, in: container) { () throws(MoodValidationError) in
                list.isEmpty ? LevelWords.builtIn : try LevelWords(topToBottom: list)
            }
            let stamp = try MoodContent.checked(LevelKeys.stamp, in: container) { () throws(MoodValidationError) in
                try HybridTimestamp.validated(stampText)
            }
            stamped = Stamped(words, at: stamp)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: LevelKeys.self)
            try container.encode(stamped.value.isBuiltIn ? [] : stamped.value.topToBottom, forKey: .words)
            try container.encode(stamped.stamp.description, forKey: .stamp)
        }
    }
}

extension Scale.State {
    /// `inUse` or `removed`, as the wire spells it.
    var wireName: String {
        switch self {
        case .inUse: "inUse"
        case .removed: "removed"
        }
    }

    init?(wireName: String) {
        switch wireName {
        case "inUse": self = .inUse
        case "removed": self = .removed
        default: return nil
        }
    }
}
