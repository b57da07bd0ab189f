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
        let builder = XMLTreeBuilder()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let parsed = parser.parse()
        guard parsed, parser.parserError == nil, builder.failure == nil, builder.isComplete, let root = builder.root else {
            let reason = builder.failure ?? parser.parserError.map { "\($0.localizedDescription)" } ?? "not XML"
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
        if failure == nil { failure = "\(parseError.localizedDescription)" }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        self.parser(parser, foundCharacters: String(decoding: CDATABlock, as: UTF8.self))
    }
}
