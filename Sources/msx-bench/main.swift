// msx-bench: timings of library work that no command isolates, for `make bench` (scripts/bench-anchoring.sh,
// scripts/bench-merge.py).
//
//   msx-bench anchoring A.md B.md [--runs N] [--rounds R]
//
// Formats N phrases of A.md (a sidecar with its base, as msx writes them), then times, R rounds each (median):
//   read+parse   reading B.md and parsing it into paragraphs, as every command that opens a document does;
//   re-anchor    what a stale sidecar costs over a fresh one: reading its base text, then carrying the formatting
//                from A's text to B's through the changes between them. (Reading and parsing the sidecar itself,
//                which a fresh sidecar costs as well, is timed and printed apart.)
// and prints both, their ratio, and how many runs were placed and dropped.
//
//   msx-bench merge DIR
//
// Merges every triple DIR/N.base.md, N.ours.md, N.theirs.md with `DocumentMerge` (scripts/bench-merge.py) and
// prints one line per triple: its name, the conflicts and the milliseconds the merge took; the merged text goes
// to DIR/N.msx.md (so the script can check that no word was lost).
import Foundation
import MsxKit

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    var start = timespec(), end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    try body()
    clock_gettime(CLOCK_MONOTONIC, &end)
    return Double(end.tv_sec - start.tv_sec) * 1e3 + Double(end.tv_nsec - start.tv_nsec) / 1e6
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func option(_ name: String, default value: Int, in arguments: [String]) -> Int {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count, let n = Int(arguments[i + 1]) else { return value }
    return n
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, arguments[0] == "merge" {
    let folder = URL(fileURLWithPath: arguments[1])
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".base.md") }.sorted()
    for name in names {
        let stem = String(name.dropLast(".base.md".count))
        let texts = try ["base", "ours", "theirs"].map { try String(contentsOf: folder.appendingPathComponent("\(stem).\($0).md"), encoding: .utf8) }
        var result: DocumentMerge.Result!
        let time = milliseconds {
            result = DocumentMerge.merge(base: .init(markdown: texts[0], sidecar: nil), ours: .init(markdown: texts[1], sidecar: nil),
                                         theirs: .init(markdown: texts[2], sidecar: nil))
        }
        try Data(result.markdown.utf8).write(to: folder.appendingPathComponent("\(stem).msx.md"))
        print("\(stem) \(result.conflicts.count) \(String(format: "%.3f", time))")
    }
    exit(0)
}
guard arguments.count >= 3, arguments[0] == "anchoring" else {
    FileHandle.standardError.write(Data("usage: msx-bench anchoring A.md B.md [--runs N] [--rounds R]\n       msx-bench merge DIR\n".utf8))
    exit(64)
}
let (aURL, bURL) = (URL(fileURLWithPath: arguments[1]), URL(fileURLWithPath: arguments[2]))
let runCount = option("--runs", default: 1_000, in: arguments)
let rounds = max(3, option("--rounds", default: 7, in: arguments))

// The formatted original: N phrases of two to five words, spread evenly over the paragraphs.
let original = RichDocument(markdown: MarkdownDocument(try String(contentsOf: aURL, encoding: .utf8)), sidecar: nil)
var formatting = original.formatting
let texts = original.paragraphTexts
let prose = texts.indices.filter { texts[$0].split(separator: " ").count >= 12 }
for k in 0..<runCount {
    let p = prose[k * prose.count / runCount]
    let words = texts[p].utf16.split(separator: 0x20, omittingEmptySubsequences: false)
    let first = (k * 7) % max(1, words.count - 6), length = 2 + k % 4
    let start = words[..<first].reduce(0) { $0 + $1.count + 1 }
    let end = start + words[first..<first + length].reduce(0) { $0 + $1.count + 1 } - 1
    formatting.paragraphs[p].set([.underline: .string("single"), .foregroundColor: .string("#8B0000")], over: start..<end)
}
let sidecar = formatting.sidecar(texts: texts)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("msx-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let sidecarURL = folder.appendingPathComponent("b.attrs.json")
let base = BaseText(paragraphs: texts)
let baseURL = folder.appendingPathComponent(base.id)
try Data(sidecar.json.utf8).write(to: sidecarURL)
try Data(base.fileText.utf8).write(to: baseURL)

var parse: [Double] = [], anchor: [Double] = [], sidecarParse: [Double] = []
var placed = 0, dropped = 0
for _ in 0..<rounds {
    var markdown: MarkdownDocument!
    parse.append(try milliseconds {
        markdown = MarkdownDocument(try String(contentsOf: bURL, encoding: .utf8))
    })
    let paragraphs = markdown.blocks.map(\.text)
    var stale: Sidecar!
    sidecarParse.append(try milliseconds {
        stale = try Sidecar(json: try String(contentsOf: sidecarURL, encoding: .utf8), file: "b.attrs.json")
    })
    anchor.append(milliseconds {
        let result = Anchoring.anchor(stale, to: paragraphs, base: {
            (try? String(contentsOf: baseURL, encoding: .utf8)).flatMap { BaseText(fileText: $0, id: base.id)?.paragraphs }
        })
        placed = result.formatting.paragraphs.reduce(0) { $0 + $1.runs.count }
        dropped = result.lost.count
        precondition(result.isStale, "B.md must differ from A.md")
    })
}
let (p, a) = (median(parse), median(anchor))
print(String(format: "read+parse of the chapter: %.1f ms (median of %d)", p, rounds))
print(String(format: "re-anchor of %d runs after the edit: %.1f ms (median of %d)", runCount, a, rounds))
print(String(format: "(reading and parsing the sidecar, which a fresh one costs too: %.1f ms)", median(sidecarParse)))
print(String(format: "ratio re-anchor / read+parse: %.2f (goal: under 1)", a / p))
print("runs on the edited text: \(placed) (as placed), dropped with their words: \(dropped)")
