import Foundation
import Testing

@Suite("loci bookmarks, lists, export and import-library")
struct LibraryCommandTests {
    let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "library-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    func loci(_ arguments: String..., db: String = "library.sqlite") throws -> LociProcess.Result {
        try LociProcess.run(arguments + ["--library-db", folder.appendingPathComponent(db).path])
    }

    func bookmarks(db: String = "library.sqlite") throws -> [[String: Any]] {
        let result = try loci("bookmarks", "list", "--json", db: db)
        return try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test("add, note, tag, list, lists, export to each format, import into a new library, remove")
    func lifecycle() throws {
        #expect(try loci("lists", "create", "Weekend Spots").status == 0)
        // List names are unique, case-insensitive.
        #expect(try loci("lists", "create", "weekend spots").status != 0)
        let add = try loci(
            "bookmarks", "add", "--name", "Cafe Regatta", "--at", "60.1833,24.9125", "--note",
            "cinnamon buns", "--tag", "coffee",
            "--list", "Weekend Spots")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(
            try loci("bookmarks", "add", "--google", "ChIJN1t_tDeuEmsRUsoyG83frY4", "--name", "Opera").status
                == 0)
        let opera = try #require(try bookmarks().first { $0["name"] as? String == "Opera" }?["id"] as? String)
        #expect(try loci("bookmarks", "note", opera, "Book ahead").status == 0)
        #expect(try loci("bookmarks", "tag", opera, "--add", "landmark").status == 0)
        #expect(try loci("lists", "add", "weekend spots", opera).status == 0)
        let inList = try loci("bookmarks", "list", "--list", "Weekend Spots")
        #expect(
            inList.stdout.contains("Cafe Regatta") && inList.stdout.contains("Opera")
                && inList.stdout.contains("Book ahead"))
        #expect(try loci("lists", "list").stdout.contains("Weekend Spots — 2 bookmarks"))
        let original = try loci("export", folder.appendingPathComponent("all.json").path)
        #expect(original.status == 0)
        for format in ["csv", "kml", "gpx"] {
            let file = folder.appendingPathComponent("all.\(format)").path
            #expect(try loci("export", "--format", format, file).status == 0)
            let db = "copy-\(format).sqlite"
            let imported = try loci("import-library", file, db: db)
            #expect(imported.stdout.contains("3 added"), "\(imported.stdout)\(imported.stderr)")
            let copy = folder.appendingPathComponent("copy-\(format).json").path
            #expect(try loci("export", copy, db: db).status == 0)
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: copy))
                    == Data(contentsOf: folder.appendingPathComponent("all.json")), "\(format) round trip")
        }
        #expect(try loci("bookmarks", "remove", opera).status == 0)
        #expect(try bookmarks().count == 1)
        #expect(try loci("bookmarks", "remove", opera).status != 0)
    }

    @Test("A hostile import fails with one line and leaves the library as it was")
    func hostileImport() throws {
        #expect(try loci("bookmarks", "add", "--name", "Keep", "--at", "60,24").status == 0)
        let bomb = folder.appendingPathComponent("bomb.kml")
        try Data(#"<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaa">]><kml>&a;</kml>"#.utf8).write(
            to: bomb)
        let result = try loci("import-library", bomb.path)
        #expect(result.status != 0)
        #expect(result.stderr.contains("bomb.kml") && result.stderr.contains("DOCTYPE"))
        #expect(try bookmarks().map { $0["name"] as? String } == ["Keep"])
    }
}
