import Foundation

/// Writes Scrivener projects the way Scrivener writes them (its binder XML, RTF texts, synopses, notes, snapshot
/// folders with their index), for the import tests: no Scrivener runs here.
enum ScrivenerFixture {
    /// An RTF text as Scrivener 3 writes one (Cocoa RTF, Palatino, a first-line indent).
    /// The moment a snapshot file's name gives ("2024-01-10-08-15-00+0100.rtf"), in seconds since 1970.
    static func utc(_ fileName: String) -> Int? {
        let match = fileName.firstMatch(of: #/^(\d{4})-(\d\d)-(\d\d)-(\d\d)-(\d\d)-(\d\d)([+-])(\d\d)(\d\d)/#)
        guard let m = match, let year = Int(m.1), let month = Int(m.2), let day = Int(m.3), let hour = Int(m.4), let minute = Int(m.5),
              let second = Int(m.6), let offsetHours = Int(m.8), let offsetMinutes = Int(m.9) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
        else { return nil }
        let offset = (offsetHours * 60 + offsetMinutes) * 60 * (m.7 == "-" ? -1 : 1)
        return Int(date.timeIntervalSince1970) - offset
    }

    static func rtf(_ paragraphs: [String]) -> String {
        "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2761\n\\cocoatextscaling0\\cocoaplatform0{\\fonttbl\\f0\\fnil\\fcharset0 Palatino-Roman;}\n"
            + "{\\colortbl;\\red255\\green255\\blue255;}\n\\pard\\tx360\\fi360\\sl264\\slmult1\\pardirnatural\\partightenfactor0\n\n\\f0\\fs26 \\cf0 "
            + paragraphs.joined(separator: "\\\n") + "}"
    }

    /// A Scrivener 3 project, `Lighthouse.scriv`, in `folder`:
    /// - Manuscript (the draft, renamed) > Part One (folder) > Arrival (text: label Scene, status First Draft,
    ///   keywords storm and night, target 1500, a synopsis, notes, custom metadata (POV text, Fact-checked check
    ///   box, Due date), three snapshots, the last two alike) and
    ///   Departure (text, left out of compile, a snapshot whose index entry is missing);
    /// - Research > Map (a PNG picture) and Keeper (text with an inline annotation and an inline footnote);
    /// - Characters (a top-level folder, with notes but no text) > Mara (text linking to Arrival and to Part One);
    /// - Trash > Old opening (text).
    /// Returns the project folder.
    static func scrivener3(in folder: URL, png: Data) throws -> URL {
        let root = folder.appendingPathComponent("Lighthouse.scriv")
        let ids = (draft: "D0000000-0000-0000-0000-000000000001", research: "D0000000-0000-0000-0000-000000000002",
                   trash: "D0000000-0000-0000-0000-000000000003", part: "A0000000-0000-0000-0000-000000000010",
                   arrival: "A0000000-0000-0000-0000-000000000011", departure: "A0000000-0000-0000-0000-000000000012",
                   map: "A0000000-0000-0000-0000-000000000013", keeper: "A0000000-0000-0000-0000-000000000014",
                   characters: "A0000000-0000-0000-0000-000000000015", mara: "A0000000-0000-0000-0000-000000000016",
                   old: "A0000000-0000-0000-0000-000000000017")
        func item(_ id: String, _ type: String, _ title: String, metadata: String = "", extra: String = "", children: String = "") -> String {
            "<BinderItem UUID=\"\(id)\" Type=\"\(type)\" Created=\"2024-01-05 09:00:00 +0000\" Modified=\"2024-03-01 18:30:00 +0000\">"
                + "<Title>\(title)</Title><MetaData>\(metadata)</MetaData>\(extra)"
                + (children.isEmpty ? "" : "<Children>\(children)</Children>") + "</BinderItem>"
        }
        let included = "<IncludeInCompile>Yes</IncludeInCompile>"
        let binder = item(ids.draft, "DraftFolder", "Manuscript", metadata: included, children:
            item(ids.part, "Folder", "Part One", metadata: included, children:
                item(ids.arrival, "Text", "Arrival", metadata: "<LabelID>1</LabelID><StatusID>2</StatusID>" + included
                        + "<CustomMetaData><MetaDataItem><FieldID>pov</FieldID><Value>Mara</Value></MetaDataItem>"
                        + "<MetaDataItem><FieldID>checked</FieldID><Value>Yes</Value></MetaDataItem>"
                        + "<MetaDataItem><FieldID>due</FieldID><Value>2024-04-01 00:00:00 +0000</Value></MetaDataItem></CustomMetaData>",
                     extra: "<TextSettings><Target Type=\"Words\" Notify=\"No\">1500</Target></TextSettings>"
                        + "<Keywords><KeywordID>7</KeywordID><KeywordID>8</KeywordID></Keywords>")
                + item(ids.departure, "Text", "Departure", metadata: "<LabelID>1</LabelID>")))
            + item(ids.research, "ResearchFolder", "Research", children:
                item(ids.map, "Image", "Map", metadata: "<FileExtension>png</FileExtension>") + item(ids.keeper, "Text", "Keeper"))
            + item(ids.characters, "Folder", "Characters", children: item(ids.mara, "Text", "Mara"))
            + item(ids.trash, "TrashFolder", "Trash", children: item(ids.old, "Text", "Old opening"))
        let scrivx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ScrivenerProject Identifier="5B3C1D4E-0000-0000-0000-00000000AAAA" Version="2.0" Creator="SCRMAC-3.3.6-17336" Device="Ada's Mac" Author="Ada Writer" Modified="2024-03-01 18:30:00 +0000" ModID="00000000-0000-0000-0000-00000000BBBB">
            <Binder>\(binder)</Binder>
            <Collections><Collection ID="C1" Type="Binder"><Title>Binder</Title></Collection><Collection ID="C2" Type="Arbitrary" Color="0.5 0.5 1.0"><Title>To revise</Title><BinderItems><BinderItem UUID="\(ids.arrival)"/></BinderItems></Collection><Collection ID="C3" Type="SavedSearch"><Title>Storms</Title><SearchSettings><Text>storm</Text></SearchSettings></Collection></Collections>
            <Keywords><Keyword ID="7"><Title>storm</Title><Color>0.200000 0.400000 0.800000</Color></Keyword><Keyword ID="8"><Title>night</Title><Color>0.100000 0.100000 0.100000</Color></Keyword></Keywords>
            <LabelSettings><Title>Label</Title><DefaultLabelID>-1</DefaultLabelID><Labels><Label ID="-1">No Label</Label><Label ID="1" Color="0.993500 0.701213 0.732586">Scene</Label><Label ID="2" Color="0.5 0.5 1.0">Idea</Label></Labels></LabelSettings>
            <StatusSettings><Title>Status</Title><DefaultStatusID>-1</DefaultStatusID><StatusItems><Status ID="-1">No Status</Status><Status ID="1">To Do</Status><Status ID="2">First Draft</Status><Status ID="3">Final</Status></StatusItems></StatusSettings>
            <CustomMetaDataSettings><MetaDataField Type="Text" ID="pov" Wraps="No" Align="Left"><Title>POV</Title></MetaDataField><MetaDataField Type="Checkbox" ID="checked" Default="No"><Title>Fact-checked</Title></MetaDataField><MetaDataField Type="Date" ID="due"><Title>Due</Title></MetaDataField></CustomMetaDataSettings>
            <ProjectTargets Notify="No"><DraftTarget Type="Words" CountIncludedOnly="Yes" Deadline="2025-03-01 00:00:00 +0000" IgnoreDeadline="No">90000</DraftTarget><SessionTarget Type="Words" CountDraftOnly="Yes" ResetType="Time" ResetTime="00:00">1000</SessionTarget></ProjectTargets>
            </ScrivenerProject>
            """
        let fm = FileManager.default
        try fm.createDirectory(at: root, withIntermediateDirectories: true)
        try scrivx.write(to: root.appendingPathComponent("Lighthouse.scrivx"), atomically: true, encoding: .utf8)
        func data(_ id: String) throws -> URL {
            let url = root.appendingPathComponent("Files/Data/\(id)")
            try fm.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }
        // An inspector comment on "at dusk" and an inspector footnote on "lamp room", as Scrivener 3 links them.
        let link = { (id: String, text: String) in "{\\field{\\*\\fldinst{HYPERLINK \"scrivcmt://\(id)\"}}{\\fldrslt \(text)}}" }
        try rtf(["The boat came in " + link("C0000000-0000-0000-0000-0000000000C1", "at dusk") + ".",
                 "Mara watched from the " + link("C0000000-0000-0000-0000-0000000000F1", "lamp room") + "."]).write(
            to: data(ids.arrival).appendingPathComponent("content.rtf"), atomically: true, encoding: .utf8)
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <Comments>
            <Comment ID="C0000000-0000-0000-0000-0000000000C1" Color="0.99913 0.954826 0.756384"><![CDATA[\(rtf(["Which dusk? Say the hour."]))]]></Comment>
            <Comment ID="C0000000-0000-0000-0000-0000000000F1" Color="0.8 0.8 0.8" Footnote="Yes"><![CDATA[\(rtf(["The lamp room is at the top of the tower."]))]]></Comment>
            </Comments>
            """.write(to: data(ids.arrival).appendingPathComponent("content.comments"), atomically: true, encoding: .utf8)
        try "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Styles/>".write(to: data(ids.arrival).appendingPathComponent("content.styles"), atomically: true, encoding: .utf8)
        try "Mara sees the boat.".write(to: data(ids.arrival).appendingPathComponent("synopsis.txt"), atomically: true, encoding: .utf8)
        try rtf(["Check the tide tables."]).write(to: data(ids.arrival).appendingPathComponent("notes.rtf"), atomically: true, encoding: .utf8)
        try rtf(["They left before the storm."]).write(to: data(ids.departure).appendingPathComponent("content.rtf"), atomically: true, encoding: .utf8)
        try "The arrival and what follows.".write(to: data(ids.part).appendingPathComponent("synopsis.txt"), atomically: true, encoding: .utf8)
        try png.write(to: data(ids.map).appendingPathComponent("content.png"))
        // An inline annotation and an inline footnote, held as text between Scrivener's markers (braces and
        // backslashes escaped in the RTF).
        try rtf(["The keeper kept a log \\{\\\\Scrv_annot \\\\color=\\{\\\\R=0.99\\\\G=0.70\\\\B=0.73\\} \\\\text=Which year?\\\\end_Scrv_annot\\}.",
                 "He wrote daily\\{\\\\Scrv_fn=Except on Sundays.\\\\end_Scrv_fn\\} and never missed."]).write(to: data(ids.keeper).appendingPathComponent("content.rtf"), atomically: true, encoding: .utf8)
        try rtf(["The family tree is in the parish register."]).write(to: data(ids.characters).appendingPathComponent("notes.rtf"), atomically: true, encoding: .utf8)
        // Links to another document and to a folder, as Scrivener links its items.
        let itemLink = { (id: String, text: String) in "{\\field{\\*\\fldinst{HYPERLINK \"scrivlnk://\(id)\"}}{\\fldrslt \(text)}}" }
        try rtf(["Mara, the keeper's daughter.", "She saw the " + itemLink(ids.arrival, "boat arrive") + " in " + itemLink(ids.part, "Part One") + "."]).write(to: data(ids.mara).appendingPathComponent("content.rtf"), atomically: true, encoding: .utf8)
        try rtf(["An opening we cut."]).write(to: data(ids.old).appendingPathComponent("content.rtf"), atomically: true, encoding: .utf8)

        // Arrival's snapshots: the first draft, then the same text twice (taken on purpose), the last late in the
        // evening west of UTC, where it is already the next day in UTC.
        let arrival = root.appendingPathComponent("Snapshots/\(ids.arrival).snapshots")
        try fm.createDirectory(at: arrival, withIntermediateDirectories: true)
        try rtf(["The boat came in."]).write(to: arrival.appendingPathComponent("2024-01-10-08-15-00+0100.rtf"), atomically: true, encoding: .utf8)
        try rtf(["The boat came in at dusk."]).write(to: arrival.appendingPathComponent("2024-02-02-21-00-00+0000.rtf"), atomically: true, encoding: .utf8)
        try rtf(["The boat came in at dusk."]).write(to: arrival.appendingPathComponent("2024-02-02-22-30-00-0500.rtf"), atomically: true, encoding: .utf8)
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <Snapshots Version="1.0">
            <Snapshot><Title>First draft</Title><Date>2024-01-10 08:15:00 +0100</Date><StyleIDs></StyleIDs></Snapshot>
            <Snapshot><Title>Before the edit</Title><Date>2024-02-02 21:00:00 +0000</Date></Snapshot>
            <Snapshot><Title>Untitled Snapshot</Title><Date>2024-02-02 22:30:00 -0500</Date></Snapshot>
            </Snapshots>
            """.write(to: arrival.appendingPathComponent("index.xml"), atomically: true, encoding: .utf8)
        let departure = root.appendingPathComponent("Snapshots/\(ids.departure).snapshots")
        try fm.createDirectory(at: departure, withIntermediateDirectories: true)
        try rtf(["They left."]).write(to: departure.appendingPathComponent("2024-01-20-12-00-00+0000.rtf"), atomically: true, encoding: .utf8)
        try "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Snapshots Version=\"1.0\"></Snapshots>".write(
            to: departure.appendingPathComponent("index.xml"), atomically: true, encoding: .utf8)
        return root
    }

    /// The generations of Scrivener that write the older format, as each writes its files.
    enum OlderGeneration: String, CaseIterable {
        /// Scrivener for Windows 1.7 to 1.8 (and for Linux): format 1.0, items by `ID` alone, no snapshot index.
        case windows18
        /// Scrivener for Windows 1.9: format 1.5, items with both `ID` (which names the files) and `UUID`; one
        /// snapshot's index time differs from the time its file name gives, as real ones do.
        case windows19
        /// Scrivener 2 for Mac: format 1.5, `ID` and `UUID`, snapshot indexes.
        case mac2
        /// Scrivener 1 for Mac: `binder.scrivproj`, texts and notes as RTFD packages (`N.rtfd/TXT.rtf`).
        case mac1

        var creator: String {
            switch self {
            case .windows18: "SCRWIN-1.8.6.0"
            case .windows19: "SCRWIN-1.9.7.0"
            case .mac2: "SCRMAC-2.8.1-26219"
            case .mac1: "SCRMAC-1.54"
            }
        }
        var version: String { self == .windows18 || self == .mac1 ? "1.0" : "1.5" }
        var binderName: String { self == .mac1 ? "binder.scrivproj" : "Harbour.scrivx" }
        var hasUUIDs: Bool { self == .windows19 || self == .mac2 }
        var snapshotIndex: Bool { self != .windows18 && self != .mac1 }
    }

    /// A project in the older format (Scrivener 2 and 1, Scrivener for Windows 1) as `generation` writes it: items
    /// by number, `Files/Docs/N.rtf` (or `N.rtfd/TXT.rtf`), `N_synopsis.txt`, `N_notes.rtf`, compile flags written
    /// Yes or No; Chapter One with two snapshots.
    static func scrivener2(in folder: URL, generation: OlderGeneration = .windows18) throws -> URL {
        let root = folder.appendingPathComponent("Harbour.scriv")
        func item(_ id: Int, _ type: String, _ title: String, metadata: String = "", children: String = "") -> String {
            let uuid = generation.hasUUIDs ? " UUID=\"\(String(format: "B%07d-1111-2222-3333-444444444444", id * 7 + 100))\"" : ""
            return "<BinderItem ID=\"\(id)\"\(uuid) Created=\"2012-07-01 10:00:00 +0000\" Modified=\"2012-07-17 19:49:41 +0000\" Type=\"\(type)\">"
                + "<Title>\(title)</Title><MetaData>\(metadata)</MetaData>"
                + "<TextSettings><TextSelection>0,0</TextSelection><Target Type=\"Words\">0</Target></TextSettings>"
                + (children.isEmpty ? "" : "<Children>\(children)</Children>") + "</BinderItem>"
        }
        let binder = item(0, "DraftFolder", "Draft", metadata: "<IncludeInCompile>Yes</IncludeInCompile>", children:
            item(3, "Text", "Chapter One", metadata: "<LabelID>0</LabelID><StatusID>1</StatusID><IncludeInCompile>Yes</IncludeInCompile>")
            + item(4, "Text", "Cut scene", metadata: "<LabelID>-1</LabelID><IncludeInCompile>No</IncludeInCompile>"))
            + item(1, "ResearchFolder", "Research") + item(2, "TrashFolder", "Trash")
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ScrivenerProject Template="No" Version="\(generation.version)" Creator="\(generation.creator)">
            <Binder>\(binder)</Binder>
            <LabelSettings><Title>Label</Title><DefaultLabelID>-1</DefaultLabelID><Labels><Label ID="-1">No Label</Label><Label ID="0" Color="0.8 0.2 0.2">Chapter</Label></Labels></LabelSettings>
            <StatusSettings><Title>Status</Title><DefaultStatusID>-1</DefaultStatusID><StatusItems><Status ID="-1">No Status</Status><Status ID="0">To Do</Status><Status ID="1">Revised</Status></StatusItems></StatusSettings>
            <ProjectTargets><DraftTarget Type="Words">50000</DraftTarget><SessionTarget Type="Words" ResetType="Midnight">500</SessionTarget></ProjectTargets>
            </ScrivenerProject>
            """
        let fm = FileManager.default
        let docs = root.appendingPathComponent("Files/Docs")
        try fm.createDirectory(at: docs, withIntermediateDirectories: true)
        try xml.write(to: root.appendingPathComponent(generation.binderName), atomically: true, encoding: .utf8)
        func text(_ stem: String, _ paragraphs: [String]) throws {
            if generation == .mac1 {
                let package = docs.appendingPathComponent("\(stem).rtfd")
                try fm.createDirectory(at: package, withIntermediateDirectories: true)
                try rtf(paragraphs).write(to: package.appendingPathComponent("TXT.rtf"), atomically: true, encoding: .utf8)
            } else {
                try rtf(paragraphs).write(to: docs.appendingPathComponent("\(stem).rtf"), atomically: true, encoding: .utf8)
            }
        }
        try text("3", ["The harbour was quiet.", "Gulls sat on the \\b harbour wall\\b0  all morning."])
        try "Nothing happens, slowly.".write(to: docs.appendingPathComponent("3_synopsis.txt"), atomically: true, encoding: .utf8)
        try text("3_notes", ["Too slow?"])
        try text("4", ["A scene we cut."])
        let snapshots = root.appendingPathComponent("Snapshots/3.snapshots")
        try fm.createDirectory(at: snapshots, withIntermediateDirectories: true)
        try rtf(["The harbour."]).write(to: snapshots.appendingPathComponent("2012-07-17-19-49-41+0000.rtf"), atomically: true, encoding: .utf8)
        try rtf(["The harbour was quiet."]).write(to: snapshots.appendingPathComponent("2012-08-02-15-46-01-0500.rtf"), atomically: true, encoding: .utf8)
        if generation.snapshotIndex {
            // Scrivener for Windows 1.9 named the second file three hours off the time its index gives.
            let second = generation == .windows19 ? "2012-08-02 12:46:01 -0500" : "2012-08-02 15:46:01 -0500"
            try """
                <?xml version="1.0" encoding="UTF-8"?>
                <Snapshots Version="1.0">
                <Snapshot><Title>Opening line</Title><Date>2012-07-17 19:49:41 +0000</Date></Snapshot>
                <Snapshot><Title>Quiet harbour</Title><Date>\(second)</Date></Snapshot>
                </Snapshots>
                """.write(to: snapshots.appendingPathComponent("index.xml"), atomically: true, encoding: .utf8)
        }
        return root
    }
}
