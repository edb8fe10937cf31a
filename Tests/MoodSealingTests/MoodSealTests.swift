import AppTesting
import Foundation
@testable import MoodSealing
import Testing

/// Sealing a mood's content: it opens only with its key, for its mood and its account, unchanged.
@Suite struct MoodSealTests {
    let key = AccountKey()
    let mood = UUID()
    let content = Array(#"{"level":4,"note":"a long walk"}"#.utf8)

    @Test func sealedContentOpensBackAndHoldsNoPlainText() throws {
        let sealed = MoodSeal.seal(content, moodID: mood, account: "alice", key: key)
        #expect(sealed.count == content.count + MoodSeal.overhead)
        #expect(!String(decoding: sealed, as: UTF8.self).contains("walk"))
        #expect(try MoodSeal.open(sealed, moodID: mood, account: "alice", key: key) == content)
        #expect(MoodSeal.seal(content, moodID: mood, account: "alice", key: key) != sealed, "a new nonce each time")
    }

    @Test func everyFlippedBitIsRefused() {
        let sealed = MoodSeal.seal(content, moodID: mood, account: "alice", key: key)
        for bit in 0..<(sealed.count * 8) {
            var changed = sealed
            changed[bit / 8] ^= 1 << (bit % 8)
            #expect(throws: MoodSealError.self, "bit \(bit)") { try MoodSeal.open(changed, moodID: mood, account: "alice", key: key) }
        }
    }

    @Test func aBlobMovedToAnotherMoodOrAccountOrOpenedWithAnotherKeyIsRefused() {
        let sealed = MoodSeal.seal(content, moodID: mood, account: "alice", key: key)
        let other = UUID()
        #expect(throws: MoodSealError.doesNotOpen(other)) { try MoodSeal.open(sealed, moodID: other, account: "alice", key: key) }
        #expect(throws: MoodSealError.doesNotOpen(mood)) { try MoodSeal.open(sealed, moodID: mood, account: "bob", key: key) }
        #expect(throws: MoodSealError.doesNotOpen(mood)) { try MoodSeal.open(sealed, moodID: mood, account: "alice", key: AccountKey()) }
        #expect(throws: MoodSealError.tooShort(bytes: 5)) { try MoodSeal.open(Array(sealed.prefix(5)), moodID: mood, account: "alice", key: key) }
        #expect(throws: MoodSealError.unknownVersion(2)) { try MoodSeal.open([2] + sealed.dropFirst(), moodID: mood, account: "alice", key: key) }
    }
}

/// The recovery phrase a person writes down and types on another device.
@Suite struct RecoveryPhraseTests {
    @Test func aPhraseIsElevenGroupsOfFiveAndReadsBackAsItsKey() throws {
        let key = AccountKey()
        let phrase = RecoveryPhrase.phrase(for: key)
        #expect(phrase.split(separator: "-").map(\.count) == Array(repeating: 5, count: 11))
        #expect(try RecoveryPhrase.key(from: phrase) == key)
        let typedLoosely = phrase.lowercased().replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "0", with: "o")
            .replacingOccurrences(of: "1", with: "l")
        #expect(try RecoveryPhrase.key(from: typedLoosely) == key, "lower case, spaces, o for 0 and l for 1 are read too")
    }

    @Test func everySingleMistypedCharacterIsCaught() throws {
        let seed = UInt64.random(in: 0 ... .max)
        var generator = SeededGenerator(seed: seed)
        let phrase = Array(RecoveryPhrase.phrase(for: AccountKey()).filter { $0 != "-" })
        var caught = 0
        for place in 0..<(phrase.count - 1) {  // the last character's last 3 bits are padding
            var typo = phrase
            let alphabet = RecoveryPhrase.alphabet.map { Character(UnicodeScalar($0)) }.filter { $0 != phrase[place] }
            typo[place] = alphabet.randomElement(using: &generator)!
            if (try? RecoveryPhrase.key(from: String(typo))) == nil { caught += 1 }
        }
        // A 16-bit checksum misses one typo in 65,536: across 54 places, seldom more than none.
        #expect(caught >= phrase.count - 2, "seed \(seed)")
    }

    @Test(arguments: [
        ("ABC", RecoveryPhraseError.wrongLength(characters: 3)),
        (String(repeating: "U", count: 55), RecoveryPhraseError.notInAlphabet("U")),
        (String(repeating: "é", count: 55), RecoveryPhraseError.notInAlphabet("é")),
    ])
    func aPhraseThatCannotBeOneSaysWhy(phrase: String, error: RecoveryPhraseError) {
        #expect(throws: error) { try RecoveryPhrase.key(from: phrase) }
        #expect(!error.description.isEmpty)
    }
}

/// The check the server keeps so that a wrong phrase is refused first.
@Suite struct AccountKeyCheckTests {
    @Test func aCheckMatchesOnlyItsKeyAndAccount() throws {
        let key = AccountKey()
        let check = AccountKeyCheck.make(account: "alice", key: key)
        #expect(AccountKeyCheck.matches(check, account: "alice", key: key))
        #expect(!AccountKeyCheck.matches(check, account: "alice", key: AccountKey()), "a wrong phrase")
        #expect(!AccountKeyCheck.matches(check, account: "bob", key: key))
        #expect(!AccountKeyCheck.matches(Array(check.dropLast()), account: "alice", key: key))
        let typed = try RecoveryPhrase.key(from: RecoveryPhrase.phrase(for: key))
        #expect(AccountKeyCheck.matches(check, account: "alice", key: typed), "the phrase written down opens it")
    }
}
