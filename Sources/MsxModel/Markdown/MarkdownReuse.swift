/// A new version of a Markdown file read with the blocks of an earlier version wherever a piece of it (see
/// `MarkdownChunks`, cut wherever cutting allows) is the same bytes: a diff, a status or a history reads both
/// versions of a document, and an edit usually leaves all of it but a paragraph or two as it was. cmark reads each
/// piece into the same blocks whether alone or in the whole file, so a piece met before gives its blocks again,
/// moved to where the piece now is.
///
/// Written with arrays of integers rather than tables and optionals: each generic type a command meets first costs
/// it a search of the program's conformance records, more than the parse of a short chapter saves.
enum MarkdownReuse {
    /// The blocks of `bytes`, pieces not found in `previous` given by `read` (consecutive ones read together, up to
    /// `chunkSize`); nil when `previous` has no piece to give (nothing alike, or read another way).
    static func blocks(of bytes: [UInt8], lineStarts: [Int], body: Int, sourceMap: Bool, isUTF8: Bool, chunkSize: Int,
                       reusing previous: MarkdownDocument, read: (Range<Int>) -> [MarkdownBlock]) -> [MarkdownBlock]? {
        guard previous.sourceMapped == sourceMap, previous.knownUTF8 == isUTF8 else { return nil }
        var old = Pieces(previous)
        let pieces = MarkdownChunks.ranges(bytes, from: body, lineStarts: lineStarts, size: 1)
        // Pieces the same from the start and from the end are matched in place, by their bytes; only those between
        // are looked for by hash, among the earlier version's pieces between. (Any byte-identical piece whose blocks
        // can be moved gives the blocks a whole parse gives: which one is taken changes nothing.)
        var front = 0, back = 0
        while front < min(pieces.count, old.ranges.count), old.isPiece(front, bytes[pieces[front]], first: front == 0) { front += 1 }
        while back < min(pieces.count, old.ranges.count) - front,
              old.isPiece(old.ranges.count - 1 - back, bytes[pieces[pieces.count - 1 - back]], first: pieces.count - 1 - back == 0) {
            back += 1
        }
        if front + back < pieces.count { old.index(front..<(old.ranges.count - back)) }
        var matches: [Int] = [], lines: [Int] = [], line = 0
        for (index, piece) in pieces.enumerated() {
            while line + 1 < lineStarts.count, lineStarts[line] < piece.lowerBound { line += 1 }
            // The first piece is taken only where it was: a block cmark gave no place goes to the line before the
            // body, which the top of the file cuts short.
            let match = index < front ? index
                : index >= pieces.count - back ? old.ranges.count - (pieces.count - index)
                : old.match(bytes[piece], first: index == 0) ?? -1
            matches.append(index > 0 || match < 0 || (piece.lowerBound == old.ranges[0].lowerBound && line == old.firstLines[0]) ? match : -1)
            lines.append(line)
        }
        guard matches.contains(where: { $0 >= 0 }) else { return nil }
        var blocks: [MarkdownBlock] = [], lists = ListCount()
        var reading = -1  // where the pieces to read together start (-1: none waiting)
        func readWaiting(upTo end: Int) {
            if reading >= 0 { lists.append(read(reading..<end), to: &blocks) }
            reading = -1
        }
        for (index, piece) in pieces.enumerated() {
            let match = matches[index]
            if match >= 0 {
                readWaiting(upTo: piece.lowerBound)
                lists.append(old.blocks(of: match, movedBy: piece.lowerBound - old.ranges[match].lowerBound,
                                        lines: lines[index] - old.firstLines[match]), to: &blocks)
            } else if reading >= 0, piece.lowerBound - reading >= chunkSize {
                readWaiting(upTo: piece.lowerBound)
                reading = piece.lowerBound
            } else if reading < 0 {
                reading = piece.lowerBound
            }
        }
        readWaiting(upTo: bytes.count)
        return blocks
    }

    /// The earlier version cut into pieces, with the blocks each holds and whether they can be moved.
    private struct Pieces {
        let document: MarkdownDocument
        let ranges: [Range<Int>]
        /// Each piece's first line.
        let firstLines: [Int]
        /// Where each piece's blocks start among the document's (one more: the end), and whether they can be moved
        /// (a piece whose blocks reach outside it is read again).
        let blockStarts: [Int]
        let movable: [Bool]
        /// The hash of each piece `index(_:)` was given (0 for the others), and those pieces in the order of their
        /// hashes (to find a piece by binary search).
        private var hashes: [Int] = []
        private var byHash: [Int] = []

        init(_ document: MarkdownDocument) {
            self.document = document
            let lineStarts = document.lineStarts
            ranges = MarkdownChunks.ranges(document.source, from: document.frontMatterLength, lineStarts: lineStarts, size: 1)
            var firstLines: [Int] = [], line = 0
            for range in ranges {
                while line + 1 < lineStarts.count, lineStarts[line] < range.lowerBound { line += 1 }
                firstLines.append(line)
            }
            self.firstLines = firstLines
            // Blocks come in the file's order: each goes to the piece its first line is in. One out of place (a block
            // cmark gave no place is put at the body's start) makes every piece it could belong to, from the one
            // before it to the one after, read again.
            var starts = [Int](repeating: document.blocks.count, count: ranges.count + 1)
            var movable = [Bool](repeating: true, count: ranges.count)
            var piece = 0
            var unplacedSince = -1
            for (index, block) in document.blocks.enumerated() {
                let start = lineStarts[block.lines.lowerBound], before = piece
                while piece + 1 < ranges.count, start >= ranges[piece].upperBound { piece += 1 }
                let lines = firstLines[piece]..<(piece + 1 < ranges.count ? firstLines[piece + 1] : lineStarts.count)
                if start < ranges[piece].lowerBound || !Self.block(block, isInside: ranges[piece], lines: lines) {
                    unplacedSince = unplacedSince < 0 ? before : min(unplacedSince, before)
                    continue
                }
                starts[piece] = min(starts[piece], index)
                if unplacedSince >= 0 {
                    for unsure in unplacedSince...piece { movable[unsure] = false }
                    unplacedSince = -1
                }
            }
            if unplacedSince >= 0 { for unsure in unplacedSince..<ranges.count { movable[unsure] = false } }
            // A piece without blocks starts where the next one does.
            for index in stride(from: ranges.count - 1, through: 0, by: -1) { starts[index] = min(starts[index], starts[index + 1]) }
            (blockStarts, self.movable) = (starts, movable)
        }

        /// Whether piece `index` has these bytes and blocks that can be moved. The first piece (where a block cmark
        /// gave no place goes) is only ever the first.
        func isPiece(_ index: Int, _ bytes: ArraySlice<UInt8>, first: Bool) -> Bool {
            movable[index] && (index == 0) == first && bytes.count == ranges[index].count && bytes.withUnsafeBufferPointer { a in
                document.source[ranges[index]].withUnsafeBufferPointer { b in ByteSearch.sameBytes(a, b) }
            }
        }

        /// Hashes the pieces in `indexes`, the ones `match` looks among.
        mutating func index(_ indexes: Range<Int>) {
            hashes = [Int](repeating: 0, count: ranges.count)
            for index in indexes { hashes[index] = Self.hash(document.source[ranges[index]]) }
            let hashes = hashes
            byHash = indexes.sorted { hashes[$0] < hashes[$1] }
        }

        /// The earlier piece among those indexed with these bytes whose blocks can be moved, if any. The first piece
        /// (where a block cmark gave no place goes) is matched only with the first.
        func match(_ bytes: ArraySlice<UInt8>, first: Bool) -> Int? {
            let hash = Self.hash(bytes)
            var low = 0, high = byHash.count
            while low < high {
                let middle = (low + high) / 2
                if hashes[byHash[middle]] < hash { low = middle + 1 } else { high = middle }
            }
            while low < byHash.count, hashes[byHash[low]] == hash {
                let index = byHash[low]
                if isPiece(index, bytes, first: first) { return index }
                low += 1
            }
            return nil
        }

        /// A piece's blocks moved by `bytes` and `lines`, their lists counted from 0.
        func blocks(of piece: Int, movedBy bytes: Int, lines: Int) -> [MarkdownBlock] {
            let own = document.blocks[blockStarts[piece]..<blockStarts[piece + 1]]
            var firstList = Int.max
            for block in own { if let identity = block.list?.identity { firstList = min(firstList, identity) } }
            return own.map { $0.moved(bytes: bytes, lines: lines, listsBefore: firstList == .max ? 0 : firstList) }
        }

        /// Whether every place a block records is inside its piece.
        private static func block(_ block: MarkdownBlock, isInside range: Range<Int>, lines: Range<Int>) -> Bool {
            let bytes = range.lowerBound...range.upperBound
            return lines.contains(block.lines.lowerBound) && lines.contains(block.lines.upperBound)
                && bytes.contains(block.contentStart) && bytes.contains(block.contentEnd)
                && block.list.map { bytes.contains($0.markerOffset) } ?? true
        }

        private static func hash(_ bytes: ArraySlice<UInt8>) -> Int {
            var hasher = Hasher()
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            return hasher.finalize()
        }
    }
}

extension MarkdownBlock {
    /// The block as read where its piece stands `bytes` and `lines` further on, its list counted `listsBefore`
    /// lists earlier.
    fileprivate func moved(bytes: Int, lines: Int, listsBefore: Int) -> MarkdownBlock {
        var block = self
        block.list?.identity -= listsBefore
        guard bytes != 0 || lines != 0 else { return block }
        func move(_ range: Range<Int>) -> Range<Int> { (range.lowerBound + bytes)..<(range.upperBound + bytes) }
        block.lines = (self.lines.lowerBound + lines)...(self.lines.upperBound + lines)
        block.sourceRanges = sourceRanges?.map(move)
        block.delimiters = delimiters.map { DelimiterMarkup(attribute: $0.attribute, open: move($0.open), close: move($0.close), textRange: $0.textRange) }
        block.contentStart += bytes
        block.contentEnd += bytes
        block.list?.markerOffset += bytes
        return block
    }
}
