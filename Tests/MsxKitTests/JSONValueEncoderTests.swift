import Foundation
import MsxKit
import XCTest

/// Reports encode to the JSON their commands print: every member present, an absent optional `null`, and the same
/// value Foundation's JSONEncoder makes of everything else (the oracle).
final class JSONValueEncoderTests: XCTestCase {
    private struct Sample: Encodable {
        struct Inner: Encodable { var name: String; var count: Int }
        var title: String
        var words: Int?
        var ratio: Double
        var done: Bool
        var tags: [String]
        var inner: Inner
        var byName: [String: Int]
        var maybe: [Int?]
        var nested: Nested

        /// Written through nested containers, as a hand-written conformance may.
        struct Nested: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                var point = container.nestedContainer(keyedBy: Key.self, forKey: .point)
                try point.encode(3, forKey: .x)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode("a")
                var pair = list.nestedUnkeyedContainer()
                try pair.encode(1)
                try pair.encode(2)
            }

            enum Key: String, CodingKey { case point, list, x }
        }
    }

    func testEveryMemberIsThereAndMatchesFoundation() throws {
        let sample = Sample(title: "Storm", words: nil, ratio: 0.5, done: true, tags: ["a", "b"], inner: .init(name: "n", count: 2),
                            byName: ["x": 1], maybe: [1, nil], nested: .init())
        let encoded = try JSONValueEncoder.encode(sample)
        guard case .object(let members) = encoded else { return XCTFail("\(encoded)") }
        XCTAssertEqual(members["words"], .null, "an absent optional is a member, null")
        XCTAssertEqual(members["nested"], ["point": ["x": 3], "list": ["a", [1, 2]]])
        // Everything else as Foundation encodes it (which leaves the absent optional out).
        let foundation = try JSONParser.parse(String(decoding: try JSONEncoder().encode(sample), as: UTF8.self))
        guard case .object(var expected) = foundation else { return XCTFail("\(foundation)") }
        expected["words"] = .null
        XCTAssertEqual(encoded, .object(expected))
    }
}
