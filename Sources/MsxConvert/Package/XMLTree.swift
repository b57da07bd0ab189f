import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MsxModel

/// An XML element read whole into memory: its local name and namespace, its attributes, and its children in order
/// (text as nodes of their own). Enough of the DOM for the parts of a `.docx` or `.epub`, which are read in full
/// anyway; a part's size is bounded by `ZipPackageReader`.
final class XMLNode {
    /// The local name (`p` for `w:p`); empty for a text node.
    let name: String
    /// The element's namespace URI, nil when it has none.
    let namespace: String?
    /// Attributes by namespace URI (nil for unprefixed ones) and local name.
    private(set) var attributes: [XMLName: String] = [:]
    private(set) var children: [XMLNode] = []
    /// The characters of a text node.
    private(set) var text = ""

    struct XMLName: Hashable {
        var namespace: String?
        var local: String
    }

    init(name: String, namespace: String?) {
        self.name = name
        self.namespace = namespace
    }

    var isText: Bool { name.isEmpty }

    /// The attribute `local` in `namespace`; without a namespace, the one of that local name in any namespace.
    func attribute(_ local: String, in namespace: String? = nil) -> String? {
        if let namespace { return attributes[XMLName(namespace: namespace, local: local)] }
        return attributes[XMLName(namespace: self.namespace, local: local)]
            ?? attributes[XMLName(namespace: nil, local: local)]
            ?? attributes.first { $0.key.local == local }?.value
    }

    /// The first child element named `local`.
    func child(_ local: String) -> XMLNode? { children.first { $0.name == local } }

    /// The child elements named `local`.
    func children(_ local: String) -> [XMLNode] { children.filter { $0.name == local } }

    /// The first element named `local` below this one, depth first.
    func descendant(_ local: String) -> XMLNode? {
        for child in children {
            if child.name == local { return child }
            if let found = child.descendant(local) { return found }
        }
        return nil
    }

    /// Every character of the text nodes below this one, in order.
    var textContent: String { isText ? text : children.map(\.textContent).joined() }

    fileprivate func add(_ child: XMLNode) { children.append(child) }
    fileprivate func set(_ name: XMLName, _ value: String) { attributes[name] = value }
    fileprivate func appendText(_ characters: String) { text += characters }

    /// Parses `data` as one XML document. External entities are never loaded.
    /// - Throws: `MsxError(.unexpected, …)` with the parser's reason and line, for the caller to name the file.
    static func parse(_ data: Data) throws -> XMLNode {
        // An entity declared in a document type: no Word, EPUB or Scrivener file has one, and one that cannot be read
        // (one outside the file is never loaded) would silently cut the text where it is used.
        if let declaration = data.range(of: Data("<!ENTITY".utf8)) {
            let line = data[..<declaration.lowerBound].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            throw MsxError(.unexpected, "not read (line \(line): it declares entities of its own, which msx does not read)")
        }
        let builder = XMLTreeBuilder()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let parsed = parser.parse()
        guard parsed, parser.parserError == nil, builder.failure == nil, builder.isComplete, let root = builder.root else {
            let reason = builder.failure ?? parser.parserError.map(XMLTreeBuilder.reason) ?? "not XML"
            throw MsxError(.unexpected, "not well-formed XML (line \(parser.lineNumber): \(reason))")
        }
        return root
    }
}

/// Builds the tree from the parser's events, resolving namespace prefixes itself (Foundation on Linux reports
/// attribute names with their prefixes either way).
private final class XMLTreeBuilder: NSObject, XMLParserDelegate {
    var root: XMLNode?
    var failure: String?
    private var stack: [XMLNode] = []
    /// Whether every element opened was closed.
    var isComplete: Bool { root != nil && stack.isEmpty }
    /// Prefix → namespace URI, one scope per open element ("" is the default namespace).
    private var scopes: [[String: String]] = [["xml": "http://www.w3.org/XML/1998/namespace"]]
    /// Elements deeper than this are refused: no real document part nests so far, and recursion over the tree
    /// stays shallow.
    private static let maximumDepth = 512
    /// Parts with more elements than this are refused: a real manuscript's document holds far fewer, and a crafted
    /// one of many tiny elements would otherwise fill the memory.
    private static let maximumElements = 8_000_000
    private var elements = 0

    private func namespace(of prefix: String) -> String? {
        for scope in scopes.reversed() { if let uri = scope[prefix] { return uri.isEmpty ? nil : uri } }
        return nil
    }

    private static func split(_ qualified: String) -> (prefix: String, local: String) {
        guard let colon = qualified.firstIndex(of: ":") else { return ("", qualified) }
        return (String(qualified[..<colon]), String(qualified[qualified.index(after: colon)...]))
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        guard stack.count < Self.maximumDepth else {
            failure = "elements nested deeper than \(Self.maximumDepth)"
            parser.abortParsing()
            return
        }
        elements += 1
        guard elements <= Self.maximumElements else {
            failure = "more than \(Self.maximumElements) elements"
            parser.abortParsing()
            return
        }
        var scope: [String: String] = [:]
        for (name, value) in attributes {
            if name == "xmlns" { scope[""] = value } else if name.hasPrefix("xmlns:") { scope[String(name.dropFirst(6))] = value }
        }
        scopes.append(scope)
        let (prefix, local) = Self.split(elementName)
        let node = XMLNode(name: local, namespace: namespace(of: prefix))
        for (name, value) in attributes where name != "xmlns" && !name.hasPrefix("xmlns:") {
            let (attributePrefix, attributeLocal) = Self.split(name)
            node.set(.init(namespace: attributePrefix.isEmpty ? nil : namespace(of: attributePrefix), local: attributeLocal), value)
        }
        stack.last?.add(node)
        if stack.isEmpty { root = node }
        stack.append(node)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard let open = stack.last, Self.split(elementName).local == open.name else {
            failure = "</\(elementName)> does not close the open element"
            parser.abortParsing()
            return
        }
        stack.removeLast()
        scopes.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard let parent = stack.last else { return }
        if let last = parent.children.last, last.isText {
            last.appendText(string)
        } else {
            let node = XMLNode(name: "", namespace: nil)
            node.appendText(string)
            parent.add(node)
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if failure == nil { failure = Self.reason(parseError) }
    }

    /// The parser's error in words ("an entity that is not declared"), not Foundation's "NSXMLParserErrorDomain
    /// error 26". The codes are libxml2's (xmlerror.h), which Foundation passes on.
    static func reason(_ error: Error) -> String {
        let code = (error as NSError).code
        return reasons[code].map { "\($0) (XML error \(code))" } ?? "XML error \(code)"
    }

    private static let reasons: [Int: String] = [
        4: "the document is empty", 5: "text after the end of the document", 9: "a character XML does not allow",
        23: "an entity reference without its ';'", 26: "an entity that is not declared", 27: "an entity that is not declared",
        28: "an entity that cannot be read as text", 29: "an entity that refers outside the file", 32: "an encoding it cannot read",
        34: "a quoted value that never ends", 38: "'<' inside an attribute's value", 39: "an attribute's value without quotes",
        41: "an attribute without a value", 42: "an attribute given twice", 45: "a comment that never ends",
        63: "a CDATA section that never ends", 68: "a name missing", 73: "'>' missing", 76: "a closing tag that does not match its opening tag",
        77: "an element that is never closed", 85: "elements that are not well nested", 86: "more than one root element",
        89: "an entity that refers to itself (an entity loop)", 90: "an entity that ends in the middle of an element",
    ]

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        self.parser(parser, foundCharacters: String(decoding: CDATABlock, as: UTF8.self))
    }
}
