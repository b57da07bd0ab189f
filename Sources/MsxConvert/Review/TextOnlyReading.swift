import MsxModel

/// An editor's document with only its words taken: each paragraph keeps the formatting it was sent with (its
/// paragraph's kind and attributes, and its runs carried over the editor's word changes), so that a program that
/// dropped fonts and styles changes nothing but words.
package enum TextOnlyReading {
    /// `received`'s texts with `sent`'s formatting. Paragraphs are paired by text, then, between two paired ones,
    /// in order; a paragraph the editor added takes the formatting of the sent paragraph before it (after it, at
    /// the start).
    package static func words(of received: ImportedDocument, formattedAs sent: ImportedDocument) -> ImportedDocument {
        guard !sent.paragraphs.isEmpty else { return received }
        let steps = PatienceDiff.diff(sent.paragraphs.map(\.text), received.paragraphs.map(\.text))
        var partner = Array(repeating: -1, count: received.paragraphs.count)
        var deleted: [Int] = []
        for step in steps {
            switch step {
            case .equal(let old, let new):
                for (o, n) in zip(old, new) { partner[n] = o }
                deleted = []
            case .delete(let old, _):
                deleted += Array(old)
            case .insert(let new, _):
                // Edited paragraphs: the sent ones just before, in order.
                for n in new where !deleted.isEmpty { partner[n] = deleted.removeFirst() }
            }
        }
        var result = received
        var previous: Int?
        for n in received.paragraphs.indices {
            let own = partner[n] >= 0 ? partner[n] : nil
            let model = own ?? previous ?? partner.first { $0 >= 0 } ?? 0
            result.paragraphs[n] = formatted(received.paragraphs[n].text, like: sent.paragraphs[model], carryingRuns: own != nil)
            if let own { previous = own }
        }
        return result
    }

    /// `text` as a paragraph formatted like `model`: its runs carried over the change from `model`'s text (a
    /// character inserted takes the run before it), or, for a new paragraph, `model`'s first run over all of it.
    private static func formatted(_ text: String, like model: ImportedParagraph, carryingRuns: Bool) -> ImportedParagraph {
        var paragraph = model
        paragraph.text = text
        let new = Array(text.utf16)
        guard !new.isEmpty else { paragraph.runs = []; return paragraph }
        guard carryingRuns, !model.runs.isEmpty else {
            paragraph.runs = model.runs.first.map { [ImportedRun(range: 0..<new.count, attributes: $0.attributes)] } ?? []
            return paragraph
        }
        let old = Array(model.text.utf16)
        // The attributes of each old character, then of each new one.
        var oldAttributes = Array(repeating: model.runs[0].attributes, count: old.count)
        for run in model.runs {
            for i in max(0, run.range.lowerBound)..<min(old.count, run.range.upperBound) { oldAttributes[i] = run.attributes }
        }
        var newAttributes: [Attributes] = []
        newAttributes.reserveCapacity(new.count)
        for step in MyersDiff.diff(old, new) {
            switch step {
            case .equal(let o, _): newAttributes += oldAttributes[o]
            case .delete: break
            case .insert(let n, let at):
                let inherited = at > 0 ? oldAttributes[at - 1] : (oldAttributes.first ?? [:])
                newAttributes += Array(repeating: inherited, count: n.count)
            }
        }
        var runs: [ImportedRun] = []
        for (i, attributes) in newAttributes.enumerated() {
            if let last = runs.last, last.attributes == attributes, last.range.upperBound == i {
                runs[runs.count - 1].range = last.range.lowerBound..<(i + 1)
            } else {
                runs.append(ImportedRun(range: i..<(i + 1), attributes: attributes))
            }
        }
        paragraph.runs = runs
        return paragraph
    }
}
