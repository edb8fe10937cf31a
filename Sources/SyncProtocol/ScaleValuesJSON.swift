import Foundation
import MoodKit

/// ``MoodContent/scales`` on the wire: an object with a member per scale id, holding the stamp
/// of the entry's last change and the entry in its stored spelling
/// (`ScaleValues.Entry.storedText`), left out when the mood has none:
///
/// ```json
/// {"5B1D64A2-8C1E-4F7B-9E0A-3C2D1B0A9F8E": {"stamp": "1795000000000.0@laptop-7f3a", "value": "tenths:75"}}
/// ```
///
/// What a value means (7.5 hours of sleep) is the scale's, which travels on its own; here it is
/// checked only for its form and size, so that no device stores what it cannot read back.
enum ScaleValuesJSON {
    enum EntryKeys: String, CodingKey { case stamp, value }

    /// The values at `key`, checked: ids in UUID form, stamps that `HybridTimestamp/validated(_:)`
    /// accepts, entries in their stored spelling, and no more than `ScaleValues/maximumEntries`.
    static func decode(
        from container: KeyedDecodingContainer<MoodContent.CodingKeys>, forKey key: MoodContent.CodingKeys
    ) throws -> ScaleValues {
        guard container.contains(key) else { return ScaleValues() }
        let object = try container.nestedContainer(keyedBy: ActivitySetJSON.NameKey.self, forKey: key)
        let keys = object.allKeys
        guard keys.count <= ScaleValues.maximumEntries else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: MoodValidationError.invalidScaleValue(
                    "\(keys.count) scale values on one mood; the limit is \(ScaleValues.maximumEntries)"
                ).description)
        }
        var entries: [Scale.ID: Stamped<ScaleValues.Entry>] = [:]
        for idKey in keys {
            let member = try object.nestedContainer(keyedBy: EntryKeys.self, forKey: idKey)
            let id = try MoodContent.checked(idKey, in: object) { () throws(MoodValidationError) in
                guard let id = UUID(uuidString: idKey.stringValue) else {
                    throw .invalidScaleValue("'\(idKey.stringValue.prefix(40))' is not a scale id")
                }
                return id
            }
            let stampText = try member.decode(String.self, forKey: .stamp)
            let stamp = try MoodContent.checked(EntryKeys.stamp, in: member) { () throws(MoodValidationError) in
                try HybridTimestamp.validated(stampText)
            }
            let valueText = try member.decode(String.self, forKey: .value)
            let entry = try MoodContent.checked(EntryKeys.value, in: member) { () throws(MoodValidationError) in
                guard let entry = ScaleValues.Entry(storedText: Substring(valueText)) else {
                    throw .invalidScaleValue(
                        "'\(valueText.prefix(40))' is not a scale value: whole:N, tenths:N, yes, no or cleared, within a million")
                }
                return entry
            }
            guard entries.updateValue(Stamped(entry, at: stamp), forKey: id) == nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: idKey, in: object, debugDescription: MoodValidationError.invalidScaleValue("scale \(id) twice").description)
            }
        }
        return ScaleValues(entries: entries)
    }

    static func encode(
        _ values: ScaleValues, to container: inout KeyedEncodingContainer<MoodContent.CodingKeys>, forKey key: MoodContent.CodingKeys
    ) throws {
        guard !values.entries.isEmpty else { return }
        var object = container.nestedContainer(keyedBy: ActivitySetJSON.NameKey.self, forKey: key)
        for (id, entry) in values.entries {
            var member = object.nestedContainer(keyedBy: EntryKeys.self, forKey: ActivitySetJSON.NameKey(stringValue: id.uuidString))
            try member.encode(entry.stamp.description, forKey: .stamp)
            try member.encode(entry.value.storedText, forKey: .value)
        }
    }
}
