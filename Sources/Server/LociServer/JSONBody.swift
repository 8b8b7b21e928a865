import Foundation
import Hummingbird

/// A request body read strictly (`POST /v1/identify`, which stays hand-written; the generated
/// routes decode with the generated types): a JSON object whose members must all be in a closed set;
/// every accessor names the member when it is missing or of the wrong type (400 either way).
struct JSONBody {
    let object: [String: Any]

    /// Parses `bytes`, refusing a non-object and any member outside `allowed`.
    init(_ bytes: ByteBuffer, allowed: Set<String>) throws(APIError) {
        let data = Data(bytes.readableBytesView)
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: data, options: []) } catch {
            throw .badRequest(.invalidJson, "the body is not valid JSON")
        }
        guard let object = parsed as? [String: Any] else {
            throw .badRequest(.invalidJson, "the body must be a JSON object")
        }
        if let unknown = Set(object.keys).subtracting(allowed).sorted().first {
            throw .badRequest(
                .unknownField,
                "unknown member \"\(unknown)\"; allowed: \(allowed.sorted().joined(separator: ", "))")
        }
        self.object = object
    }

    func has(_ key: String) -> Bool { object[key] != nil && !(object[key] is NSNull) }

    func string(_ key: String) throws(APIError) -> String? {
        guard has(key) else { return nil }
        guard let text = object[key] as? String else {
            throw .badRequest(.invalidField, "\(key) must be a string")
        }
        return text
    }

    func requiredString(_ key: String) throws(APIError) -> String {
        guard let text = try string(key) else { throw .badRequest(.missingField, "\(key) is required") }
        return text
    }

    func int(_ key: String) throws(APIError) -> Int? {
        guard has(key) else { return nil }
        guard let number = object[key] as? NSNumber, !isJSONBoolean(object[key]!),
            let value = Int(exactly: number.doubleValue), Double(value) == number.doubleValue
        else { throw .badRequest(.invalidField, "\(key) must be an integer") }
        return value
    }

    func double(_ key: String) throws(APIError) -> Double? {
        guard has(key) else { return nil }
        guard let number = object[key] as? NSNumber, !isJSONBoolean(object[key]!), number.doubleValue.isFinite
        else {
            throw .badRequest(.invalidField, "\(key) must be a finite number")
        }
        return number.doubleValue
    }

    func requiredDouble(_ key: String) throws(APIError) -> Double {
        guard let value = try double(key) else { throw .badRequest(.missingField, "\(key) is required") }
        return value
    }

    func floats(_ key: String, maximumCount: Int) throws(APIError) -> [Float]? {
        guard has(key) else { return nil }
        guard let items = object[key] as? [Any] else {
            throw .badRequest(.invalidField, "\(key) must be an array")
        }
        guard items.count <= maximumCount else {
            throw .badRequest(.invalidField, "\(key) has \(items.count) values, at most \(maximumCount)")
        }
        var result: [Float] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let number = item as? NSNumber, !isJSONBoolean(item), number.doubleValue.isFinite,
                abs(number.doubleValue) <= 1e6
            else { throw .badRequest(.invalidField, "\(key)[\(index)] must be a finite number") }
            result.append(number.floatValue)
        }
        return result
    }

    func strings(_ key: String, maximumCount: Int, maximumLength: Int) throws(APIError) -> [String]? {
        guard has(key) else { return nil }
        guard let items = object[key] as? [Any], items.count <= maximumCount else {
            throw .badRequest(.invalidField, "\(key) must be an array of at most \(maximumCount) strings")
        }
        var result: [String] = []
        for (index, item) in items.enumerated() {
            guard let text = item as? String, !text.isEmpty, text.count <= maximumLength else {
                throw .badRequest(
                    .invalidField,
                    "\(key)[\(index)] must be a non-empty string of at most \(maximumLength) characters")
            }
            result.append(text)
        }
        return result
    }

    func stringMap(_ key: String, maximumCount: Int) throws(APIError) -> [String: String]? {
        guard has(key) else { return nil }
        guard let items = object[key] as? [String: Any], items.count <= maximumCount else {
            throw .badRequest(.invalidField, "\(key) must be an object of at most \(maximumCount) members")
        }
        var result: [String: String] = [:]
        for (name, value) in items {
            guard let text = value as? String, text.count <= 200, name.count <= 64 else {
                throw .badRequest(
                    .invalidField, "\(key).\(name) must be a string of at most 200 characters")
            }
            result[name] = text
        }
        return result
    }
}

/// Whether a value from `JSONSerialization` is `true` or `false`. (`is Bool` is not enough:
/// Foundation bridges the numbers 0 and 1 to `Bool` too.)
func isJSONBoolean(_ value: Any) -> Bool {
    guard let number = value as? NSNumber else { return value is Bool }
    return String(cString: number.objCType) == "c"
}
