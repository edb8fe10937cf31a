import Foundation

/// What a person changes in the account's setup — scales, the levels' words, the shares ended —
/// is counted in ``JournalSettingKey/setupChanges``, so that the sync engine stores the setup
/// again; what sync merges in is not.
extension JournalWriter {
    func countSetupChange() throws {
        let count = Int(try snapshot.setting(.setupChanges) ?? "") ?? 0
        try setSetting(.setupChanges, to: String(count + 1))
    }
}
