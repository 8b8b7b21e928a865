import Testing
@testable import LociCLI

@Suite("loci command tree")
struct LociCommandTests {
    @Test("the root command lists the geo subcommand")
    func listsGeo() {
        let names = LociCommand.configuration.subcommands.map { $0.configuration.commandName }
        #expect(names.contains("geo"))
    }
}
