import FuzzingSupport
import MoodSealing

/// What a person pastes in that unlocks something: a recovery phrase (`moodtui login --phrase`,
/// `moodtui key`) and a share's invitation (`moodtui shares accept`). The input's first byte
/// picks which, the rest is the text. Beyond not crashing: what reads is written back the same
/// way and reads back as the same key, or the same invitation.
@main enum FuzzSecrets {
    static func main() {
        Fuzzing.run { data, size in
            let input = Fuzzing.bytes(data, size)
            guard let kind = input.first else { return 0 }
            let text = String(decoding: input.dropFirst(), as: UTF8.self)
            if kind & 1 == 0 { checkPhrase(text) } else { checkInvitation(text) }
            return 0
        }
    }
}

private func checkPhrase(_ text: String) {
    guard let key = try? RecoveryPhrase.key(from: text) else { return }
    let phrase = RecoveryPhrase.phrase(for: key)
    Fuzzing.require(phrase.count >= RecoveryPhrase.characterCount, "a phrase shorter than the characters it must hold: \(phrase)")
    Fuzzing.require((try? RecoveryPhrase.key(from: phrase)) == key, "the phrase written for a key read does not read back as it: \(phrase)")
}

private func checkInvitation(_ text: String) {
    guard let invitation = try? ShareInvitation(text: text) else { return }
    // A hand-made invitation near the longest read can write back longer (a `/` escaped, a line
    // break in the name shown as a mark) and so past it; moodtui's own are far shorter.
    guard invitation.text.utf8.count - ShareInvitation.prefix.utf8.count <= ShareInvitation.maximumEncodedLength else { return }
    let again = try? ShareInvitation(text: invitation.text)
    Fuzzing.require(again == invitation, "an invitation read does not read back from its own text: \(invitation.text)")
}
