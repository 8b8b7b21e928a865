import TidepoolStorage

/// A failure of the server's storage, naming the operation and what went wrong: the
/// repositories' error, declared with them in `TidepoolStorage` and named here too so the
/// server's code needs no second import.
public typealias ServerStoreError = TidepoolStorage.ServerStoreError
