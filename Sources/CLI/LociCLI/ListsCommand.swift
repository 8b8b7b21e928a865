import ArgumentParser
import Foundation
import LibraryKit
import LibraryService

/// `loci lists …`: And Away's custom lists.
struct ListsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists",
        abstract: "Make and manage lists of bookmarks (And Away).",
        subcommands: [
            ListsCreateCommand.self, ListsListCommand.self, ListsRenameCommand.self, ListsDeleteCommand.self,
            ListsAddCommand.self,
            ListsRemoveCommand.self,
        ])
}

struct ListsCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Make a list.")
    @Argument(help: "The list's name (unique).") var name: String
    @OptionGroup var database: LibraryDatabaseOption

    func run() throws {
        let library = try database.library()
        let list = try libraryAction { () throws(LibraryServiceError) in try library.createList(named: name) }
        print("Created list '\(list.name.trimmingCharacters(in: .whitespaces))'.")
    }
}

struct ListsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Show the lists and how many bookmarks each holds.")
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var database: LibraryDatabaseOption

    struct Output: Encodable {
        let id: String, name: String, created: String, bookmarks: Int
    }

    func run() throws {
        let library = try database.library()
        let rows = try libraryAction { () throws(LibraryServiceError) in try library.listSummaries() }.map {
            Output(
                id: $0.list.id, name: $0.list.name, created: LibraryTime.format($0.list.created),
                bookmarks: $0.bookmarks)
        }
        if json {
            print(try CLIJSON.pretty(rows))
            return
        }
        if rows.isEmpty { print("No lists yet: loci lists create NAME") }
        for row in rows { print("\(row.name) — \(row.bookmarks) bookmarks") }
    }
}

struct ListsRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a list.")
    @Argument(help: "The list's name or id.") var name: String
    @Argument(help: "The new name.") var newName: String
    @OptionGroup var database: LibraryDatabaseOption

    func run() throws {
        let library = try database.library()
        let list = try libraryAction { () throws(LibraryServiceError) in try library.renameList(name, to: newName) }
        print("Renamed '\(list.name)' to '\(newName)'.")
    }
}

struct ListsDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a list (its bookmarks stay).")
    @Argument(help: "The list's name or id.") var name: String
    @OptionGroup var database: LibraryDatabaseOption

    func run() throws {
        let library = try database.library()
        let list = try libraryAction { () throws(LibraryServiceError) in try library.deleteList(name) }
        print("Deleted list '\(list.name)'.")
    }
}

struct ListsAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Put a bookmark in a list.")
    @Argument(help: "The list's name or id.") var name: String
    @Argument(help: "The bookmark's id.") var bookmark: String
    @OptionGroup var database: LibraryDatabaseOption

    func run() throws {
        let library = try database.library()
        let (list, saved) = try libraryAction { () throws(LibraryServiceError) in
            try library.add(bookmarkID: bookmark, toList: name)
        }
        print("Added \(saved.name) to '\(list.name)'.")
    }
}

struct ListsRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Take a bookmark out of a list.")
    @Argument(help: "The list's name or id.") var name: String
    @Argument(help: "The bookmark's id.") var bookmark: String
    @OptionGroup var database: LibraryDatabaseOption

    func run() throws {
        let library = try database.library()
        let (list, saved) = try libraryAction { () throws(LibraryServiceError) in
            try library.remove(bookmarkID: bookmark, fromList: name)
        }
        print("Took \(saved.name) out of '\(list.name)'.")
    }
}
