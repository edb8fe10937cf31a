import Foundation
import MoodKit

/// What a person calls one of an account's devices (`laptop`, `phone`), given when its token is
/// made (`moodtui account add NAME --device LABEL`): how the person finds the lost device in the
/// list `moodtui key rotate` shows.
///
/// Checked here, once, for both sides: the server command refuses a bad one, and a device reading
/// the list refuses one that is not in this form, since it is shown on a terminal. A name is
/// 1 to ``maximumLength`` characters with no control characters (nothing that could steer the
/// terminal), no invisible format characters (bidi overrides could reorder the line it is shown
/// on), and no spaces at either end.
public struct DeviceName: Hashable, Sendable, CustomStringConvertible {
    /// The name, trimmed.
    public let text: String

    /// Enough for "work laptop (2026)", short enough for one line of a list.
    public static let maximumLength = 40
    /// A character may hold any number of combining marks.
    public static let maximumBytes = 160

    /// `text` as a name, trimmed of spaces at both ends.
    /// - Throws: ``DeviceNameError`` saying what is wrong.
    public init(_ text: String) throws(DeviceNameError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .empty }
        if let scalar = ControlCharacters.first(in: trimmed) ?? trimmed.unicodeScalars.first(where: Self.isInvisibleFormat) {
            throw .controlCharacter(ControlCharacters.name(scalar))
        }
        guard trimmed.count <= Self.maximumLength, trimmed.utf8.count <= Self.maximumBytes else {
            throw .tooLong(characters: trimmed.count, bytes: trimmed.utf8.count)
        }
        self.text = trimmed
    }

    public var description: String { text }

    /// Unicode's format characters (bidi overrides and isolates, zero-width spaces), except the
    /// zero-width joiner that emoji sequences are made of.
    private static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format && scalar != "\u{200D}"
    }
}

/// Why text is not a ``DeviceName``, in words.
public enum DeviceNameError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    /// A control or invisible format character; the scalar's name, such as `U+001B`.
    case controlCharacter(String)
    case tooLong(characters: Int, bytes: Int)
    /// On the wire only: a name arrives in its trimmed form.
    case spacesAtEnds

    public var description: String { description(naming: "a device name") }

    /// The rule broken, said of `what` ("a share name"): other names follow the same rules.
    public func description(naming what: String) -> String {
        switch self {
        case .empty: "\(what) cannot be empty"
        case .controlCharacter(let scalar): "\(what) cannot hold the control or format character \(scalar)"
        case .spacesAtEnds: "\(what) cannot start or end with spaces"
        case .tooLong(let characters, let bytes):
            "\(what) is at most \(DeviceName.maximumLength) characters (\(DeviceName.maximumBytes) bytes); this one is \(characters) (\(bytes) bytes)"
        }
    }
}

extension DeviceName: Codable {
    /// Only a name already in its form: a server that sends one with spaces at either end is
    /// refused, not quietly trimmed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try DeviceName(text)
            guard self.text == text else { throw DeviceNameError.spacesAtEnds }
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a device name: \(error)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
