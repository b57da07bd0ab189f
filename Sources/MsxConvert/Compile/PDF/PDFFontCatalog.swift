import Foundation

/// The faces a PDF's text is set in, found once per family and style: the project's own TrueType files first, then
/// the system's (Debian's font packages), else the closest standard font, which is named in a warning. A character
/// a face lacks is set in the first installed face that has it (DejaVu, when installed), else shown as `?` and named.
final class PDFFontCatalog {
    /// Families asked for and not found, with the standard font set in their place.
    private(set) var substitutions: [String: String] = [:]
    /// Characters no face could show.
    private(set) var missingCharacters: Set<Unicode.Scalar> = []
    private(set) var faces: [PDFFace] = []
    private var byStyle: [String: PDFFace] = [:]
    private var loaded: [FontFile]
    private let standardOnly: Bool
    private let systemFolders: [String]
    private var systemScanned = false
    private var fallbacks: [PDFFace]?

    /// The folders searched for installed fonts.
    static let systemFontFolders: [String] = {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        return ["/usr/share/fonts", "/usr/local/share/fonts", home + "/.local/share/fonts", home + "/.fonts"]
    }()

    /// `standardOnly` sets text in the standard fonts (a manuscript), reaching for another face only for a
    /// character they lack.
    init(projectFonts: [FontFile], standardOnly: Bool, systemFolders: [String] = systemFontFolders) {
        loaded = projectFonts.filter { $0.kind == .ttf }
        self.standardOnly = standardOnly
        self.systemFolders = systemFolders
    }

    /// The face for a family in a style.
    func face(family: String?, bold: Bool, italic: Bool) -> PDFFace {
        let key = "\(family ?? "")\u{0}\(bold)\(italic)"
        if let found = byStyle[key] { return found }
        let face: PDFFace
        if !standardOnly, let family, let font = trueType(family: family, bold: bold, italic: italic) {
            face = make(.trueType(font, family: family))
        } else {
            let standard = StandardFont.face(family: family, bold: bold, italic: italic)
            if let family, !standardOnly, !StandardFont.names(family) { substitutions[family] = StandardFont.family(of: standard) }
            face = faces.first { if case .standard(standard) = $0.source { true } else { false } } ?? make(.standard(standard))
        }
        byStyle[key] = face
        return face
    }

    /// A face that has `scalar`, for a character `preferred` lacks; nil (and the character noted) when none has.
    func fallback(for scalar: Unicode.Scalar, bold: Bool, italic: Bool) -> PDFFace? {
        if fallbacks == nil {
            fallbacks = ["DejaVu Serif", "DejaVu Sans", "Noto Serif", "Noto Sans", "Liberation Serif", "FreeSerif"].compactMap {
                trueType(family: $0, bold: false, italic: false).map { make(.trueType($0, family: "fallback")) }
            }
        }
        if let face = fallbacks?.first(where: { $0.width(of: scalar) != nil }) { return face }
        if !scalar.properties.isWhitespace { missingCharacters.insert(scalar) }
        return nil
    }

    private func make(_ source: PDFFace.Source) -> PDFFace {
        let face = PDFFace(source, resource: "F\(faces.count + 1)")
        faces.append(face)
        return face
    }

    /// The TrueType font of a family nearest the style asked for: the project's files, then the system's.
    private func trueType(family: String, bold: Bool, italic: Bool) -> TrueTypeFont? {
        var members = loaded.filter { $0.family.caseInsensitiveCompare(family) == .orderedSame }
        if members.isEmpty {
            scanSystem(for: family)
            members = loaded.filter { $0.family.caseInsensitiveCompare(family) == .orderedSame }
        }
        let weight = bold ? 700 : 400
        let ranked = members.sorted {
            (abs($0.weight - weight) + ($0.italic == italic ? 0 : 1000), $0.weight) < (abs($1.weight - weight) + ($1.italic == italic ? 0 : 1000), $1.weight)
        }
        return ranked.lazy.compactMap(TrueTypeFont.init).first
    }

    /// Reads the installed TrueType files whose names look like the family's ("DejaVuSerif-Bold.ttf" for "DejaVu
    /// Serif"), and the first time a family is not found that way, every installed file.
    private func scanSystem(for family: String) {
        let wanted = Self.squeezed(family)
        let files = systemFiles
        var candidates = files.filter { Self.squeezed(($0 as NSString).lastPathComponent).hasPrefix(wanted) }
        if candidates.isEmpty && !systemScanned {
            systemScanned = true
            candidates = files
        }
        for path in candidates where !loadedPaths.contains(path) {
            loadedPaths.insert(path)
            guard let data = FileManager.default.contents(atPath: path), data.count <= FontFile.largest,
                  let file = FontFile(data), file.kind == .ttf else { continue }
            loaded.append(file)
        }
    }

    private var loadedPaths: Set<String> = []

    private lazy var systemFiles: [String] = systemFolders.flatMap { folder -> [String] in
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.lowercased().hasSuffix(".ttf") }.map { folder + "/" + $0 }.sorted()
    }

    private static func squeezed(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
