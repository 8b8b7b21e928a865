import LociCLI

/// The `loci` executable: everything lives in `LociCLI` so tests can drive the same commands.
@main
enum Entry {
    static func main() async {
        await LociCommand.main()
    }
}
