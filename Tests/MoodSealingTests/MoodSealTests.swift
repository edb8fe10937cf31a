import AppTesting
import Foundation
import MoodKit
@testable import MoodSealing
import SyncProtocol
import Testing

/// Sealing a mood's content: it opens only with its key, for its mood and its account, unchanged.
@Suite struct MoodSealTests {
    let key = AccountKey()
    let mood = UUID()
    let content = MoodContent(
        date: Date(millisecondsSince1970: 1_795_000_000_000), level: .good, note: "a long walk", creatorID: "laptop",
        stamps: MoodStamps(all: HybridTimestamp(wallMilliseconds: 1_795_000_000_000, counter: 0, device: "laptop")),
        activities: ActivitySet(adding: [try! ActivityName.validated("walk")], at: HybridTimestamp(wallMilliseconds: 1, counter: 0, device: "laptop")))

    private func seal(_ content: MoodContent? = nil, for mood: UUID? = nil, account: String = "alice") throws -> SealedContent {
        try MoodSeal.seal(content ?? self.content, moodID: mood ?? self.mood, account: account, key: key)
    }

    @Test func sealedContentOpensBackAndHoldsNoPlainText() throws {
        let sealed = try seal()
        #expect(sealed.keyID == key.id)
        let text = String(decoding: sealed.bytes, as: UTF8.self)
        for secret in ["walk", "laptop", "1795000000000", "level"] { #expect(!text.contains(secret)) }
        #expect(try MoodSeal.open(sealed, moodID: mood, account: "alice", key: key) == content)
    }

    @Test func theSameContentSealsToTheSameBytesAndAnotherToOthers() throws {
        #expect(try seal() == seal(), "a retried upload stays recognisable to the server")
        var edited = content
        edited.note = "a long walk!"
        let nonce = SealedContent.headerSize..<(SealedContent.headerSize + SealedContent.nonceSize)
        let (first, other, elsewhere) = (try seal(), try seal(edited), try seal(for: UUID()))
        #expect(other.bytes[nonce] != first.bytes[nonce], "never a nonce shared by two contents")
        #expect(elsewhere.bytes[nonce] != first.bytes[nonce], "nor by two moods")
    }

    @Test func everyFlippedBitIsRefused() throws {
        let sealed = try seal()
        for bit in 0..<(sealed.bytes.count * 8) {
            var changed = sealed.bytes
            changed[bit / 8] ^= 1 << (bit % 8)
            guard let blob = try? SealedContent(bytes: changed) else { continue }  // the version byte: refused as a format
            #expect(throws: MoodSealError.self, "bit \(bit)") { try MoodSeal.open(blob, moodID: mood, account: "alice", key: key) }
        }
    }

    @Test func aBlobMovedToAnotherMoodOrAccountOrOpenedWithAnotherKeyIsRefused() throws {
        let sealed = try seal()
        let other = UUID()
        #expect(throws: MoodSealError.doesNotOpen(other)) { try MoodSeal.open(sealed, moodID: other, account: "alice", key: key) }
        #expect(throws: MoodSealError.doesNotOpen(mood)) { try MoodSeal.open(sealed, moodID: mood, account: "bob", key: key) }
        let stranger = AccountKey()
        #expect(throws: MoodSealError.anotherKey(mood, key.id)) { try MoodSeal.open(sealed, moodID: mood, account: "alice", key: stranger) }
        #expect(throws: SealedContentError.tooShort(bytes: 5)) { try SealedContent(bytes: Array(sealed.bytes.prefix(5))) }
        #expect(throws: SealedContentError.unknownVersion(3)) { try SealedContent(bytes: [3] + sealed.bytes.dropFirst()) }
    }

    @Test func aSealedMoodsSizeTellsOnlyItsBucket() throws {
        func size(note: String) throws -> Int {
            var content = self.content
            content.note = note
            return try seal(content).bytes.count
        }
        let sizes = try [100, 200, 2_000, 3_000].map { try size(note: String(repeating: "x", count: $0)) - SealedContent.minimumSize }
        #expect(sizes == [512, 512, 4_096, 4_096], "notes of about the same length look alike")
        #expect(try size(note: "") - SealedContent.minimumSize == SealedContent.smallestPaddedSize)
        #expect(try seal(content).version == SealedContent.formatVersion)
    }

    @Test func aMoodSealedBeforePaddingStillOpensAndPaddingCannotBeStripped() throws {
        // Sealed by moodtui before format 2, with this phrase, for this mood and account.
        let key = try RecoveryPhrase.key(from: "7CZYF-GD2Y8-BEK5K-B16KB-J6EJE-PHRAM-KEFV8-EK1NN-KB6QQ-435QW-XM6WR")
        let mood = try #require(UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301"))
        let old = try SealedContent(base64: Self.sealedBeforePadding)
        #expect(old.version == 1)
        let opened = try MoodSeal.open(old, moodID: mood, account: "acct-v1", key: key)
        #expect(opened.note == "sealed before padding" && opened.level == .good && opened.creatorID == "laptop")

        let padded = try MoodSeal.seal(opened, moodID: mood, account: "acct-v1", key: key)
        let asFormat1 = try SealedContent(bytes: [1] + padded.bytes.dropFirst())
        #expect(throws: MoodSealError.doesNotOpen(mood), "the version byte is bound") {
            try MoodSeal.open(asFormat1, moodID: mood, account: "acct-v1", key: key)
        }
    }

    static let sealedBeforePadding = """
        AcJqWfs8EfvdcQkd++wouWJ0mufMjEXCKLYj5i8FHn1n1Y7gBtIwTSSfAVS2enqEVGOrCdUeCxWt9UD4F9wSGI+I3efTRNlp5rix/oHco0+JCDGvqlWt6XXgveJ7\
        yzmpWZ0bKI7iucUh78ADIdu7WyUIhk9i4faYd4BfzDItpGvtdv2gwxbFPtTK4lFSabuOUl+dlPk6MMDOgpyOcndrCISjE5mAs/jxXEwXMgj+ZTlW1VL/FN4+Qg8q\
        SwlR2qncX8Z+DG3fnm6dfpusnfUeRqMSiNc9ZQogGJnKuxHi1aYAw3M9sDoMGx9YdxffgtFg7lrxSd8=
        """

    @Test func aKeyIsKnownByTheSameIDWhereverItsPhraseIsTyped() throws {
        let typed = try RecoveryPhrase.key(from: RecoveryPhrase.phrase(for: key))
        #expect(typed.id == key.id, "the phrase written down is the same key")
        #expect(AccountKey().id != key.id)
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
        let seed = TestSeed.chosen()
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
