import Foundation
import MoodSealing
import MoodSync
import SyncProtocol
import Testing

/// The safety code two people compare: written and read back, and each way two devices' codes
/// can differ said in its own words.
@Suite struct SafetyCodeTests {
    private let key = AccountKey(), account = "acct-1"

    private func head(_ counter: Int64, digestByte: UInt8, key: AccountKey? = nil) -> AccountHead {
        let key = key ?? self.key
        let digest = LiveSetDigest(bytes: [UInt8](repeating: digestByte, count: LiveSetDigest.byteCount))!
        let statement = SignedStatement.head(account: account, counter: counter, sequence: 10, count: 3, digest: digest, key: key.id)
        return AccountHead(counter: counter, sequence: 10, count: 3, digest: digest, keyID: key.id, signature: key.sign(statement))
    }

    @Test func aCodeIsWrittenInGroupsAndReadBackWhateverTheSpacingAndCase() throws {
        let code = SafetyCode(key: key, account: account, head: head(42, digestByte: 1))
        let text = code.description
        #expect(text.wholeMatch(of: /[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}\/42\/[0-9a-f]{4}-[0-9a-f]{4}/) != nil, "\(text)")
        #expect(SafetyCode(text) == code)
        #expect(SafetyCode(" " + text.uppercased().replacingOccurrences(of: "/", with: " / ") + "\n") == code)
        for bad in ["", "42", text + "/1", text.replacingOccurrences(of: "/42/", with: "/-1/"), "zzzz-9c1b-77e0-1d2c/42/7d3e-0a91"] {
            #expect(SafetyCode(bad) == nil, "\(bad)")
        }
    }

    @Test func twoDevicesShownOneHistoryMatch() {
        let code = SafetyCode(key: key, account: account, head: head(42, digestByte: 1))
        #expect(code.compared(with: code) == .same(counter: 42))
        #expect(code.compared(with: code).isSame)
    }

    @Test func twoHeadsUnderOneCounterAreTwoHistories() {
        let here = SafetyCode(key: key, account: account, head: head(42, digestByte: 1))
        let there = SafetyCode(key: key, account: account, head: head(42, digestByte: 2))
        #expect(here.compared(with: there) == .twoHistories(counter: 42))
        #expect("\(here.compared(with: there))".contains("the server showed these two devices two different histories of the account at head 42"))
    }

    @Test func devicesAtDifferentHeadsAreToldToSyncAndAnotherKeyToEnterThePhrase() {
        let here = SafetyCode(key: key, account: account, head: head(42, digestByte: 1))
        #expect(here.compared(with: SafetyCode(key: key, account: account, head: head(44, digestByte: 1))) == .differentHeads(here: 42, there: 44))
        let other = AccountKey()
        #expect(here.compared(with: SafetyCode(key: other, account: account, head: head(42, digestByte: 1, key: other))) == .anotherKey)
        #expect(here.key != SafetyCode(key: key, account: "acct-2", head: head(42, digestByte: 1)).key, "bound to the account")
    }
}
