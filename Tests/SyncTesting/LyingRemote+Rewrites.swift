import AppTesting
import Foundation
import MoodKit
import SyncProtocol

/// How each ``Lie`` rewrites an answer, from the honest answer and what the liar remembers.
extension LyingRemote {
    static func rewrite(
        _ response: UploadResponse, of sent: [MoodUpload], by lie: Lie, memory: Liar.Memory, using generator: inout SeededGenerator
    ) -> UploadResponse {
        var lied = response
        let sentIDs = Set(sent.map(\.id))
        switch lie {
        case .staleWithoutCopy:
            lied.saved = []
            lied.conflicts = sent.map { MoodConflict(id: $0.id, reason: .stale, server: nil) }
        case .conflictsForMoodsNotSent:
            lied.conflicts += memory.copies.keys.filter { !sentIDs.contains($0) }.sorted { $0.uuidString < $1.uuidString }
                .map { MoodConflict(id: $0, reason: .stale, server: nil) }
        case .deletedWithoutProof:
            lied.saved = []
            lied.conflicts = sent.map { MoodConflict(id: $0.id, reason: .deleted, server: nil) }
        case .anotherMoodsCopy:
            let others = memory.copies.values.compactMap(\.last).filter { !sentIDs.contains($0.id) }
            guard let target = sent.randomElement(using: &generator), let copy = others.randomElement(using: &generator) else { break }
            lied.saved.removeAll { $0.id == target.id }
            lied.conflicts.append(MoodConflict(id: target.id, reason: .stale, server: SyncedMood(id: target.id, payload: copy.payload, version: copy.version + 1)))
        case .forgetSaved:
            lied.saved = []
        default:
            break
        }
        return lied
    }

    static func rewrite(_ page: ChangesResponse, by lie: Lie, memory: Liar.Memory, using generator: inout SeededGenerator) -> ChangesResponse {
        var lied = page
        switch lie {
        case .withholdChange:
            if !lied.changes.isEmpty { lied.changes.remove(at: Int.random(in: 0..<lied.changes.count, using: &generator)) }
        case .withholdMood(let id):
            lied.changes.removeAll { $0.id == id }
        case .reorderChanges:
            lied.changes.reverse()
        case .replayPage:
            if let earlier = memory.pages.dropLast().randomElement(using: &generator) { lied = earlier }
        case .olderCopy:
            let older = lied.changes.indices.compactMap { index -> (Int, SyncedMood)? in
                guard case .upsert(let mood) = lied.changes[index], let copies = memory.copies[mood.id], copies.count > 1 else { return nil }
                return (index, copies[copies.count - 2])
            }
            if let (index, copy) = older.randomElement(using: &generator) { lied.changes[index] = .upsert(copy) }
        case .fabricatedPlainMood:
            let creator = "liar-\(Int.random(in: 1000...9999, using: &generator))"
            let content = MoodContent(
                date: Date(timeIntervalSince1970: 1_790_000_000), level: .great, note: "written by the server", creatorID: creator,
                stamps: .earliest(of: creator))
            lied.changes.append(.upsert(SyncedMood(id: UUID(), payload: .plain(content), version: 1)))
        case .unsignedDeletion:
            if let id = memory.copies.keys.randomElement(using: &generator) { lied.changes.append(.delete(MoodDeletion(id: id, proof: nil))) }
        case .garbageChange:
            if let key = memory.accountKey, let id = memory.copies.keys.randomElement(using: &generator) {
                let version = (memory.copies[id]?.last?.version ?? 0) + 1
                lied.changes.append(.upsert(SyncedMood(id: id, payload: .sealed(garbage(under: key, using: &generator)), version: version)))
            }
        case .headWithdrawn:
            lied.head = nil
        case .olderHead:
            lied.head = memory.heads.filter { $0.counter < (page.head?.counter ?? 0) }.randomElement(using: &generator) ?? lied.head
        case .headUnderAnotherKey:
            if let head = lied.head {
                lied.head = AccountHead(
                    counter: head.counter, sequence: head.sequence, count: head.count, digest: head.digest,
                    keyID: AccountKeyID(bytes: (0..<AccountKeyID.byteCount).map { _ in UInt8.random(in: 0...255, using: &generator) })!,
                    signature: head.signature)
            }
        case .headUnsigned:
            if let head = lied.head {
                lied.head = AccountHead(
                    counter: head.counter, sequence: head.sequence, count: head.count, digest: head.digest, keyID: head.keyID,
                    signature: AccountSignature(bytes: [UInt8](repeating: 7, count: AccountSignature.byteCount))!)
            }
        case .skewedServerTime:
            let years: Int64 = Int64.random(in: 1...5, using: &generator) * 365 * 86_400_000
            lied.serverTime += years
        default:
            break
        }
        return lied
    }
}
