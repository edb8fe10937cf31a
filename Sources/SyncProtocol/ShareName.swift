/// What the owner calls a share (`therapist`, `partner`): how `moodtui share list` shows it and
/// `moodtui share revoke` finds it. The rules are a ``DeviceName``'s: one line a terminal shows
/// safely. It travels only sealed, inside the share's record.
public struct ShareName: Hashable, Sendable, CustomStringConvertible {
    /// The name, trimmed.
    public let text: String

    /// `text` as a name, trimmed of spaces at both ends.
    /// - Throws: ``ShareNameError`` saying what is wrong.
    public init(_ text: String) throws(ShareNameError) {
        do { self.text = try DeviceName(text).text } catch { throw ShareNameError(rule: error) }
    }

    public var description: String { text }

    /// Whether `text` names this share, as a person types it: any case.
    public func matches(_ text: String) -> Bool {
        self.text.lowercased() == text.trimmingCharacters(in: .whitespaces).lowercased()
    }
}

/// Why text is not a ``ShareName``: the ``DeviceName`` rule it breaks, in a share's words.
public struct ShareNameError: Error, Equatable, Sendable, CustomStringConvertible {
    public let rule: DeviceNameError

    public init(rule: DeviceNameError) { self.rule = rule }

    public var description: String { rule.description(naming: "a share name") }
}

extension ShareName: Codable {
    /// Only a name already in its form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try ShareName(text)
            guard self.text == text else { throw ShareNameError(rule: .spacesAtEnds) }
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a share name: \(error)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
