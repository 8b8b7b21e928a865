import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a host to listen on given on the command line.
enum HostArgument {
    /// Refuses a host that is neither an address nor a name this machine resolves, naming
    /// `option`, before the server tries to bind (whose error names socket types, not the flag).
    static func check(_ host: String, option: String) throws {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &result)
        if let result { freeaddrinfo(result) }
        guard status == 0 else {
            throw InputError("\(option) \(host): not an address or a host name this machine can resolve")
        }
    }
}
