extension ServerSetting {
    /// The Markdown table of every setting (flag, environment variable, default, what it does),
    /// as `docs/server.md` carries it between its `settings table` markers; a test fails when
    /// the two differ.
    public static var markdownTable: String {
        var lines = ["| flag | environment | default | what |", "|---|---|---|---|"]
        for setting in all {
            let flag = setting.option.map { "`\($0)`" } ?? "–"
            lines.append("| \(flag) | `\(setting.environment)` | \(setting.defaultValue) | \(setting.help) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
