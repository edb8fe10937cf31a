import Foundation
import MoodSync

/// One way a hostile server can rewrite an answer: what ``LyingRemote`` tells a device in place
/// of the real server's answer. Each names only what a server can do without the account's key:
/// keep, drop, reorder, replay or invent records, and answer with any status.
public enum Lie: Hashable, Sendable {
    // Answers to an upload (`POST /v1/moods`).
    /// Every mood sent answered `stale` with no server copy.
    case staleWithoutCopy
    /// A `stale` conflict with no copy for each mood the account holds that was not sent.
    case conflictsForMoodsNotSent
    /// Every mood sent answered `deleted`, without a deletion's proof.
    case deletedWithoutProof
    /// A `stale` conflict whose copy is another mood's sealed copy.
    case anotherMoodsCopy
    /// The answer leaves out what the server saved.
    case forgetSaved

    // Answers to the change feed (`GET /v1/changes`).
    /// One change left out of the page.
    case withholdChange
    /// The change of this mood left out of the page, if it is there (told on purpose only).
    case withholdMood(UUID)
    /// The page's changes in reverse order.
    case reorderChanges
    /// A page the device was shown before, again.
    case replayPage
    /// An older copy of a mood in the page, in place of the one the server holds now.
    case olderCopy
    /// A mood in plain text that no device wrote.
    case fabricatedPlainMood
    /// A deletion, without a proof, of a mood the account holds.
    case unsignedDeletion
    /// A sealed change, under the account's key id, that does not open.
    case garbageChange
    /// The page without the account's head.
    case headWithdrawn
    /// A head the device was shown before, in place of the latest.
    case olderHead
    /// The head with its key id rewritten to another key.
    case headUnderAnotherKey
    /// The head with a signature that does not check out.
    case headUnsigned
    /// The server's clock in the answer years ahead of the real one: a device that believed it
    /// would stamp its edits years ahead, and they would win every conflict.
    case skewedServerTime

    // Answers to the setup and share routes.
    /// The setup as bytes under the account's key id that do not open.
    case unopenableSetup
    /// The list of shares as it was before the last one was ended.
    case sharesBeforeRevocation
    /// A share's writes taken and its log read as if it were live, without asking the server
    /// (which would refuse them for an ended share).
    case pretendShareLive

    // Any route.
    /// The request answered with an error the server may send at any time.
    case refusal(RemoteError)

    /// The routes whose answer a lie rewrites.
    public enum Route: Hashable, Sendable, CaseIterable {
        case upload, changes, head, setup, shares, shareWrites, other
    }

    /// The lies that rewrite an answer of `route`, the refusals of any route aside.
    public static func lies(for route: Route) -> [Lie] {
        switch route {
        case .upload: [.staleWithoutCopy, .conflictsForMoodsNotSent, .deletedWithoutProof, .anotherMoodsCopy, .forgetSaved]
        case .changes:
            [
                .withholdChange, .reorderChanges, .replayPage, .olderCopy, .fabricatedPlainMood, .unsignedDeletion, .garbageChange,
                .headWithdrawn, .olderHead, .headUnderAnotherKey, .headUnsigned, .skewedServerTime,
            ]
        case .setup: [.unopenableSetup]
        case .shares: [.sharesBeforeRevocation]
        case .head, .shareWrites, .other: []
        }
    }

    /// Errors a server may answer any request with: a device must neither lose nor drop
    /// anything for them, and must say them in words.
    public static let refusals: [RemoteError] = [
        .unavailable("503"), .rateLimited(retryAfter: .milliseconds(20)), .tokenExpired, .historyCompacted,
        .keyChanged("the account's key changed"), .proofRequired("proof required"), .headMoved("head moved"),
        .rejected("refused"),
    ]
}
