import Foundation
import ZIPFoundation

/// A PNG decoded to its pixels: what a browser really drew, for the tests that check a
/// screenshot rather than the markup behind it. Reads the 8-bit RGB and RGBA images without
/// interlacing that Chromium writes.
public struct PNGImage: Sendable {
    public let width: Int
    public let height: Int
    /// Each pixel's red, green and blue, row by row.
    private let rgb: [UInt8]

    public struct DecodingError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(contentsOf url: URL) throws {
        let bytes = [UInt8](try Data(contentsOf: url))
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw DecodingError(description: "\(url.path) is not a PNG") }
        var offset = 8
        var header: [UInt8] = []
        var compressed = Data()
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = offset + 8
            guard body + length + 4 <= bytes.count else { throw DecodingError(description: "the \(type) chunk runs past the end") }
            switch type {
            case "IHDR": header = Array(bytes[body..<body + length])
            case "IDAT": compressed.append(contentsOf: bytes[body..<body + length])
            default: break
            }
            offset = body + length + 4
        }
        guard header.count == 13 else { throw DecodingError(description: "no image header") }
        let number = { (range: Range<Int>) in header[range].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height, depth, colour, interlace) = (number(0..<4), number(4..<8), header[8], header[9], header[12])
        guard depth == 8, colour == 2 || colour == 6, interlace == 0 else {
            throw DecodingError(description: "only 8-bit RGB and RGBA without interlacing are read (depth \(depth), colour type \(colour))")
        }
        let channels = colour == 2 ? 3 : 4
        let raw = try Self.inflate(compressed)
        let stride = width * channels
        guard raw.count == height * (stride + 1) else { throw DecodingError(description: "\(raw.count) bytes of pixels for \(width)×\(height)") }
        var rows = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for i in 0..<stride {
                let byte = Int(raw[y * (stride + 1) + 1 + i])
                let a = i >= channels ? Int(rows[y * stride + i - channels]) : 0
                let b = y > 0 ? Int(rows[(y - 1) * stride + i]) : 0
                let c = i >= channels && y > 0 ? Int(rows[(y - 1) * stride + i - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw DecodingError(description: "unknown row filter \(filter)")
                }
                rows[y * stride + i] = UInt8((byte + predicted) & 0xFF)
            }
        }
        self.width = width
        self.height = height
        rgb = channels == 3 ? rows : (0..<width * height).flatMap { rows[$0 * 4..<$0 * 4 + 3] }
    }

    public func colour(x: Int, y: Int) -> RGB {
        let i = (y * width + x) * 3
        return RGB(red: rgb[i], green: rgb[i + 1], blue: rgb[i + 2])
    }

    /// How many pixels have each colour.
    public var colourCounts: [RGB: Int] {
        var counts: [RGB: Int] = [:]
        for i in stride(from: 0, to: rgb.count, by: 3) { counts[RGB(red: rgb[i], green: rgb[i + 1], blue: rgb[i + 2]), default: 0] += 1 }
        return counts
    }

    /// The columns holding any pixel other than `background`; `nil` for an image of that colour alone.
    public func drawnColumns(background: RGB) -> ClosedRange<Int>? {
        var first: Int?, last: Int?
        for x in 0..<width where (0..<height).contains(where: { colour(x: x, y: $0) != background }) {
            first = first ?? x
            last = x
        }
        guard let first, let last else { return nil }
        return first...last
    }

    /// The zlib stream of the image data: its two-byte header, then raw deflate.
    private static func inflate(_ stream: Data) throws -> [UInt8] {
        guard stream.count > 2 else { throw DecodingError(description: "no image data") }
        let deflated = stream.dropFirst(2)
        var output = Data()
        _ = try Data.decompress(size: Int64(deflated.count), bufferSize: 64 * 1024, skipCRC32: true, provider: { position, size in
            let start = deflated.startIndex + Int(position)
            return deflated[start..<min(start + size, deflated.endIndex)]
        }, consumer: { output.append($0) })
        return [UInt8](output)
    }
}

/// A pixel's colour.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public let red: UInt8, green: UInt8, blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) { (self.red, self.green, self.blue) = (red, green, blue) }

    /// `#1a9850`.
    public init(hex: String) {
        let value = UInt32(hex.dropFirst(), radix: 16)!
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    public var description: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
