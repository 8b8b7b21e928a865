import Foundation

/// Reads a URL given on the command line.
enum URLArgument {
    /// An http or https URL, or a refusal that names `option` and the value.
    @discardableResult
    static func http(_ text: String, option: String) throws -> URL {
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https" else {
            throw InputError("\(option): '\(text)' is not an http(s) URL")
        }
        return url
    }
}
