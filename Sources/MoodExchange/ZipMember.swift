import CInflate
import Foundation

/// One file of a zip, read whole into memory with every length checked against the bytes the
/// zip has. ZIPFoundation's extraction loops for ever on a deflate stream that does not end
/// before the file does (a cut or crafted `.daylio` made `moodtui import` hang); here the end of
/// the input ends the reading, in words.
enum ZipMember {
    enum Failure: Error, Equatable {
        /// Not a zip, or one whose lengths or compressed data do not hold together.
        case unreadable
        /// The zip has no file of that name.
        case missing
        /// The file unpacks to more than allowed.
        case tooLarge
    }

    /// The contents of the file `name` in the zip `bytes` (mapped from the file: only the
    /// member is copied), refused past `maximumBytes` unpacked.
    static func contents(of name: String, in bytes: Data, maximumBytes: Int) throws(Failure) -> [UInt8] {
        let member = try locate(name, in: bytes)
        guard member.uncompressedSize <= maximumBytes else { throw .tooLarge }
        let data = [UInt8](bytes[(bytes.startIndex + member.data.lowerBound)..<(bytes.startIndex + member.data.upperBound)])
        switch member.method {
        case 0: return data
        case 8: return try inflate(data, maximumBytes: maximumBytes)
        default: throw .unreadable
        }
    }

    private struct Member {
        let method: Int
        let uncompressedSize: Int
        let data: Range<Int>
    }

    /// The member's place, from the end of central directory record, its entry there and its
    /// local header; ZIP64 zips (over 4 GiB) are not read.
    private static func locate(_ name: String, in bytes: Data) throws(Failure) -> Member {
        func number(_ offset: Int, _ size: Int) throws(Failure) -> Int {
            guard offset >= 0, offset + size <= bytes.count else { throw .unreadable }
            return (0..<size).reduce(0) { $0 | Int(bytes[bytes.startIndex + offset + $1]) << (8 * $1) }
        }
        let lowestEnd = max(0, bytes.count - 22 - 65_535)
        guard bytes.count >= 22,
            let end = stride(from: bytes.count - 22, through: lowestEnd, by: -1).first(where: { (try? number($0, 4)) == 0x0605_4B50 })
        else { throw .unreadable }
        let entries = try number(end + 10, 2)
        var entry = try number(end + 16, 4)
        let wanted = Array(name.utf8)
        for _ in 0..<entries {
            guard try number(entry, 4) == 0x0201_4B50 else { throw .unreadable }
            let (nameLength, extraLength, commentLength) = (try number(entry + 28, 2), try number(entry + 30, 2), try number(entry + 32, 2))
            guard entry + 46 + nameLength <= bytes.count else { throw .unreadable }
            if bytes[(bytes.startIndex + entry + 46)..<(bytes.startIndex + entry + 46 + nameLength)].elementsEqual(wanted) {
                let (method, compressed, uncompressed) = (try number(entry + 10, 2), try number(entry + 20, 4), try number(entry + 24, 4))
                let local = try number(entry + 42, 4)
                guard try number(local, 4) == 0x0403_4B50 else { throw .unreadable }
                let start = local + 30 + (try number(local + 26, 2)) + (try number(local + 28, 2))
                guard start + compressed <= bytes.count else { throw .unreadable }
                return Member(method: method, uncompressedSize: uncompressed, data: start..<(start + compressed))
            }
            entry += 46 + nameLength + extraLength + commentLength
        }
        throw .missing
    }

    /// Raw deflate, inflated until the stream ends; input that runs out first is unreadable.
    private static func inflate(_ input: [UInt8], maximumBytes: Int) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        guard moodtui_inflate_init_raw(&stream) == Z_OK else { throw .unreadable }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var input = input
        let result: Int32 = input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let status = buffer.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    return CInflate.inflate(&stream, Z_NO_FLUSH)
                }
                output += buffer[..<(buffer.count - Int(stream.avail_out))]
                if output.count > maximumBytes { return Z_MEM_ERROR }
                // Z_BUF_ERROR: no progress, the input spent before the stream's end.
                guard status == Z_OK else { return status }
            }
        }
        switch result {
        case Z_STREAM_END: return output
        case Z_MEM_ERROR where output.count > maximumBytes: throw .tooLarge
        default: throw .unreadable
        }
    }
}
