import MoodKit

/// ``MoodContent/activities`` on the wire: an object with a member per activity, holding the
/// stamps of its surviving additions (`added`) and of the additions removals saw (`removed`,
/// left out when empty):
///
/// ```json
/// {"run": {"added": ["1795000000000.0@laptop-7f3a"]}, "tea": {"added": [], "removed": ["1795000000000.0@phone"]}}
/// ```
enum ActivitySetJSON {
    /// The most stamps one side of an activity's history may hold: one per device that ever
    /// added or removed it, far more than one account has.
    static let maximumStampsPerSide = 64

    struct NameKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    enum HistoryKeys: String, CodingKey { case added, removed }

    /// The set at `key`, checked: names that follow ``ActivityName``'s rules as they are, stamps
    /// that `HybridTimestamp/validated(_:)` accepts, one per device on each side, and no more
    /// than `ActivitySet/maximumHistories` activities.
    static func decode(
        from container: KeyedDecodingContainer<MoodContent.CodingKeys>, forKey key: MoodContent.CodingKeys
    ) throws -> ActivitySet {
        let object = try container.nestedContainer(keyedBy: NameKey.self, forKey: key)
        let keys = object.allKeys
        guard keys.count <= ActivitySet.maximumHistories else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: MoodValidationError.tooManyActivities(count: keys.count, limit: ActivitySet.maximumHistories).description)
        }
        var histories: [ActivityName: ActivityHistory] = [:]
        for nameKey in keys {
            let name = try MoodContent.checked(nameKey, in: object) { () throws(MoodValidationError) in
                try ActivityName.validated(nameKey.stringValue)
            }
            let history = try object.nestedContainer(keyedBy: HistoryKeys.self, forKey: nameKey)
            let added = try stamps(at: .added, in: history, required: true)
            let removed = try stamps(at: .removed, in: history, required: false)
            histories[name] = ActivityHistory(additions: added, removals: removed)
        }
        return ActivitySet(histories: histories)
    }

    private static func stamps(
        at key: HistoryKeys, in history: KeyedDecodingContainer<HistoryKeys>, required: Bool
    ) throws -> [HybridTimestamp] {
        let texts = required ? try history.decode([String].self, forKey: key) : try history.decodeIfPresent([String].self, forKey: key) ?? []
        return try MoodContent.checked(key, in: history) { () throws(MoodValidationError) in
            guard texts.count <= maximumStampsPerSide else {
                throw .invalidStamp("\(texts.count) stamps on one side of an activity; the limit is \(maximumStampsPerSide)")
            }
            var devices: Set<[UInt8]> = []
            return try texts.map { text throws(MoodValidationError) in
                let stamp = try HybridTimestamp.validated(text)
                guard devices.insert(Array(stamp.device.utf8)).inserted else {
                    throw .invalidStamp("two stamps of device '\(stamp.device.prefix(40))' on one side of an activity")
                }
                return stamp
            }
        }
    }

    static func encode(
        _ set: ActivitySet, to container: inout KeyedEncodingContainer<MoodContent.CodingKeys>, forKey key: MoodContent.CodingKeys
    ) throws {
        var object = container.nestedContainer(keyedBy: NameKey.self, forKey: key)
        for (name, history) in set.histories {
            var member = object.nestedContainer(keyedBy: HistoryKeys.self, forKey: NameKey(stringValue: name.text))
            try member.encode(history.additions.map(\.description), forKey: .added)
            if !history.removals.isEmpty { try member.encode(history.removals.map(\.description), forKey: .removed) }
        }
    }
}
