import LibraryKit

/// RFC 4180 CSV over UTF-8 bytes: fields split by commas, quoted with `"` (doubled inside),
/// records ended by CRLF or LF. Errors name the line and column.
enum CSVTable {
    /// Longest field accepted (bytes); longer is hostile or broken (a note is at most 10,000 characters).
    static let maximumFieldLength = 256 << 10
    /// Most fields on one record.
    static let maximumFieldCount = 64

    /// One field, quoted when it must be.
    static func field(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The records of `bytes`, each with the line it starts on. A leading UTF-8 byte-order mark is skipped.
    static func records(_ bytes: [UInt8]) throws(LibraryError) -> [(line: Int, fields: [String])] {
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var recordLine = 1
        var lineStart = index
        var quoted = false
        var wasQuoted = false
        func finishField() throws(LibraryError) {
            // Decoding replaces ill-formed UTF-8, so a text that does not read back as the same
            // bytes was not UTF-8. (`String(validating:as:)` is iOS 18; the apps run on iOS 17.)
            let text = String(decoding: field, as: UTF8.self)
            guard text.utf8.elementsEqual(field) else {
                throw LibraryError("field \(fields.count + 1) is not valid UTF-8", at: "line \(recordLine)")
            }
            guard fields.count < maximumFieldCount else {
                throw LibraryError("more than \(maximumFieldCount) fields", at: "line \(recordLine)")
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
        }
        while index < bytes.count {
            let byte = bytes[index]
            if quoted {
                if byte == 0x22 {
                    if index + 1 < bytes.count, bytes[index + 1] == 0x22 {
                        field.append(0x22)
                        index += 2
                        continue
                    }
                    quoted = false
                    wasQuoted = true
                } else {
                    if byte == 0x0A {
                        line += 1
                        lineStart = index + 1
                    }
                    field.append(byte)
                }
            } else {
                switch byte {
                case 0x2C: try finishField()
                case 0x0A, 0x0D:
                    try finishField()
                    if !(fields.count == 1 && fields[0].isEmpty) { records.append((recordLine, fields)) }
                    fields.removeAll()
                    if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                    line += 1
                    lineStart = index + 1
                    recordLine = line
                case 0x22:
                    guard field.isEmpty, !wasQuoted else {
                        throw LibraryError(
                            "a quote inside an unquoted field",
                            at: "line \(line), column \(index - lineStart + 1)")
                    }
                    quoted = true
                default:
                    guard !wasQuoted else {
                        throw LibraryError(
                            "text after a closing quote", at: "line \(line), column \(index - lineStart + 1)")
                    }
                    field.append(byte)
                }
            }
            guard field.count <= maximumFieldLength else {
                throw LibraryError(
                    "a field longer than \(maximumFieldLength) bytes", at: "line \(recordLine)")
            }
            index += 1
        }
        guard !quoted else { throw LibraryError("a quoted field is never closed", at: "line \(recordLine)") }
        if !field.isEmpty || !fields.isEmpty || wasQuoted {
            try finishField()
            records.append((recordLine, fields))
        }
        return records
    }
}
