/// A sorted list of unique elements that can find, insert and remove an element and answer
/// "what is at index i?" and "at which index is e?" in about O(log n), with little memory per element.
///
/// It is the CacheTracker's picture of the list: only sort keys, split into blocks of a few
/// hundred so that an insert moves a block's worth of elements, not n. (A balanced tree would do
/// the same in theory; blocks of contiguous memory are simpler and much kinder to the cache.)
struct BlockedSortedList<Element: Comparable> {
    private var blocks: [ContiguousArray<Element>] = []
    /// `offsets[b]` is the number of elements before block `b`; valid unless `offsetsAreStale`.
    private var offsets: [Int] = []
    private var offsetsAreStale = false
    private(set) var count = 0

    /// Blocks are cut to this size when built and split in two when they reach twice it.
    static var blockSize: Int { 512 }

    /// A list of `sorted`, which must be in ascending order without duplicates.
    /// - Complexity: O(n).
    init(sorted: some Sequence<Element>) {
        self.init { append in sorted.forEach(append) }
    }

    /// A list of the elements `produce` hands to its argument, in ascending order without
    /// duplicates, filled block by block: a million elements never sit in one big array first.
    /// - Complexity: O(n).
    init(sortedElements produce: ((Element) -> Void) throws -> Void) rethrows {
        var block = ContiguousArray<Element>()
        block.reserveCapacity(Self.blockSize)
        var blocks: [ContiguousArray<Element>] = []
        var count = 0
        try produce { element in
            block.append(element)
            count += 1
            if block.count == Self.blockSize {
                blocks.append(block)
                block = ContiguousArray()
                block.reserveCapacity(Self.blockSize)
            }
        }
        if !block.isEmpty { blocks.append(block) }
        self.blocks = blocks
        self.count = count
        rebuildOffsets()
    }

    /// The lists one after the other; each list's elements must all be below the next list's.
    /// - Complexity: O(number of blocks).
    init(concatenating lists: [BlockedSortedList]) {
        blocks = lists.flatMap(\.blocks)
        count = lists.reduce(0) { $0 + $1.count }
        rebuildOffsets()
    }

    /// The index of `element`, or `nil` if it is not in the list.
    /// - Complexity: O(log n).
    mutating func index(of element: Element) -> Int? {
        let b = block(for: element)
        guard b < blocks.count, let i = position(of: element, in: blocks[b]), blocks[b][i] == element else { return nil }
        return offset(of: b) + i
    }

    /// How many elements are below `element`: where it is, or would go.
    /// - Complexity: O(log n).
    mutating func insertionIndex(of element: Element) -> Int {
        let b = block(for: element)
        guard b < blocks.count else { return count }
        return offset(of: b) + (position(of: element, in: blocks[b]) ?? blocks[b].count)
    }

    /// Inserts `element` (which must not be in the list yet).
    /// - Complexity: O(log n + block size).
    mutating func insert(_ element: Element) {
        count += 1
        offsetsAreStale = true
        guard !blocks.isEmpty else { return blocks = [[element]] }
        let b = Swift.min(block(for: element), blocks.count - 1)
        blocks[b].insert(element, at: position(of: element, in: blocks[b]) ?? blocks[b].count)
        if blocks[b].count >= 2 * Self.blockSize {
            let upper = ContiguousArray(blocks[b][Self.blockSize...])
            blocks[b].removeSubrange(Self.blockSize...)
            blocks.insert(upper, at: b + 1)
        }
    }

    /// Removes `element`; returns whether it was there.
    /// - Complexity: O(log n + block size).
    @discardableResult
    mutating func remove(_ element: Element) -> Bool {
        let b = block(for: element)
        guard b < blocks.count, let i = position(of: element, in: blocks[b]), blocks[b][i] == element else { return false }
        blocks[b].remove(at: i)
        if blocks[b].isEmpty { blocks.remove(at: b) }
        count -= 1
        offsetsAreStale = true
        return true
    }

    /// The element at `index`, which must be in `0..<count`.
    /// - Complexity: O(log n).
    mutating func element(at index: Int) -> Element {
        if offsetsAreStale { rebuildOffsets() }
        var low = 0, high = blocks.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if offsets[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return blocks[low][index - offsets[low]]
    }

    /// The first block whose last element is not below `element`; `blocks.count` if none.
    private func block(for element: Element) -> Int {
        var low = 0, high = blocks.count
        while low < high {
            let mid = (low + high) / 2
            if blocks[mid].last! < element { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The first position in `block` whose element is not below `element`; `nil` if none.
    private func position(of element: Element, in block: ContiguousArray<Element>) -> Int? {
        var low = 0, high = block.count
        while low < high {
            let mid = (low + high) / 2
            if block[mid] < element { low = mid + 1 } else { high = mid }
        }
        return low < block.count ? low : nil
    }

    private mutating func offset(of block: Int) -> Int {
        if offsetsAreStale { rebuildOffsets() }
        return offsets[block]
    }

    private mutating func rebuildOffsets() {
        offsets.removeAll(keepingCapacity: true)
        var total = 0
        for block in blocks {
            offsets.append(total)
            total += block.count
        }
        offsetsAreStale = false
    }
}

extension BlockedSortedList: Sendable where Element: Sendable {}
