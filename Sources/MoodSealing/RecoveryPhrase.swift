import Crypto

/// An ``AccountKey`` as a person writes it down and types it on another device: the key's 32
/// bytes and a 2-byte checksum in Crockford's base32, 55 characters in 11 groups of five
/// (`7K3QD-M2X9A-…`). The alphabet has no I, L, O or U, and reading takes `i`/`l` for 1 and
/// `o` for 0, lower case for upper, and ignores spaces and dashes; the checksum catches a
/// mistyped character (all but one in 65,536 typos).
public enum RecoveryPhrase {
    static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
    static let checksumCount = 2
    /// 34 bytes are 272 bits: 55 characters of 5 bits, the last one padded.
    public static let characterCount = ((AccountKey.byteCount + checksumCount) * 8 + 4) / 5
    static let groupSize = 5

    /// The phrase for `key`.
    public static func phrase(for key: AccountKey) -> String {
        let bytes = key.bytes + checksum(key.bytes)
        var characters: [UInt8] = []
        var buffer = 0, bits = 0
        for byte in bytes {
            buffer = buffer << 8 | Int(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                characters.append(alphabet[(buffer >> bits) & 31])
            }
        }
        if bits > 0 { characters.append(alphabet[(buffer << (5 - bits)) & 31]) }
        let groups = stride(from: 0, to: characters.count, by: groupSize).map {
            String(decoding: characters[$0..<min($0 + groupSize, characters.count)], as: UTF8.self)
        }
        return groups.joined(separator: "-")
    }

    /// The key a phrase stands for.
    /// - Throws: ``RecoveryPhraseError`` saying what is wrong, before anything uses the key.
    public static func key(from phrase: String) throws(RecoveryPhraseError) -> AccountKey {
        var values: [Int] = []
        for character in phrase where character != " " && character != "-" && character != "\n" && character != "\t" {
            guard let value = value(of: character) else { throw .notInAlphabet(character) }
            values.append(value)
        }
        guard values.count == characterCount else { throw .wrongLength(characters: values.count) }
        var bytes: [UInt8] = []
        var buffer = 0, bits = 0
        for value in values {
            buffer = (buffer << 5 | value) & 0xFFFF
            bits += 5
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8((buffer >> bits) & 0xFF))
            }
        }
        let key = Array(bytes.prefix(AccountKey.byteCount))
        guard Array(bytes[AccountKey.byteCount...]) == checksum(key) else { throw .checksumMismatch }
        return try AccountKey(bytes: key)
    }

    /// The first two bytes of the key's SHA-256.
    static func checksum(_ key: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: key).prefix(checksumCount))
    }

    private static func value(of character: Character) -> Int? {
        guard let ascii = character.asciiValue else { return nil }
        let upper = ascii >= UInt8(ascii: "a") && ascii <= UInt8(ascii: "z") ? ascii - 32 : ascii
        switch upper {
        case UInt8(ascii: "O"): return 0
        case UInt8(ascii: "I"), UInt8(ascii: "L"): return 1
        default: return alphabet.firstIndex(of: upper)
        }
    }
}

/// Why a recovery phrase cannot be read, in words a person can act on.
public enum RecoveryPhraseError: Error, Equatable, Sendable, CustomStringConvertible {
    case notInAlphabet(Character)
    case wrongLength(characters: Int)
    /// Every character is valid but the phrase does not check: one is mistyped.
    case checksumMismatch

    public var description: String {
        switch self {
        case .notInAlphabet(let character):
            "'\(character.isLetter || character.isNumber ? String(character) : "U+" + String(character.unicodeScalars.first!.value, radix: 16, uppercase: true))' "
                + "is not in a recovery phrase (digits and the letters A to Z but U; spaces and dashes are ignored)"
        case .wrongLength(let count):
            "the phrase has \(count) characters; a recovery phrase has \(RecoveryPhrase.characterCount) (11 groups of 5)"
        case .checksumMismatch: "the phrase does not check: a character is mistyped (compare it group by group with what you wrote down)"
        }
    }
}
