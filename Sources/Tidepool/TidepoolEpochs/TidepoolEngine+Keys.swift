import Dispatch
import Foundation
import Synchronization
import TidepoolStorage
import TidepoolTokens

extension TidepoolEngine {
    /// The current epoch's public key (DER), the cluster's.
    /// - Throws: ``IssuanceError/storage(_:)`` when the shared store fails, or
    ///   ``IssuanceError/token(_:)`` when a key cannot be made or read.
    public func publicKeyDER() async throws(IssuanceError) -> Data {
        let epoch = keyring.currentEpoch
        try await prepareKeys(through: epoch)
        do { return try keyring.publicKeyDER(epoch: epoch) } catch { throw .token(error) }
    }

    /// The public keys this node holds of the current epoch and the ones after it up to
    /// ``keyAheadEpochs``, as published to every device. Waits only for the current epoch's key;
    /// coming epochs' missing keys are made in the background (as the ticker does every second),
    /// so an unauthenticated read never makes a day of RSA keys in its own request, and the list
    /// grows to the whole day within seconds of a fresh start.
    /// - Throws: as ``publicKeyDER()``.
    public func publishedKeys() async throws(IssuanceError) -> PublishedEpochKeys {
        let first = keyring.currentEpoch
        let last = first + keyAheadEpochs - 1
        try await prepareKeys(through: first)
        if !(first...last).allSatisfy({ keyring.hasKey(epoch: $0) }) {
            Task { [self] in try? await prepareKeys(through: last) }
        }
        return PublishedEpochKeys(keys: keyring.publicKeysDER(in: first...last))
    }

    /// Makes sure this node holds the cluster's key of every epoch from the current one through
    /// `last`: reads the shared store, and for epochs it has none for, generates keys and offers
    /// them (insert-if-absent), installing whichever key the store kept. Does nothing (no store
    /// access) when every key is already held.
    ///
    /// The work is one run at a time per engine (callers asking meanwhile wait for the run that
    /// covers their epochs instead of repeating it), RSA generation happens on a Dispatch worker
    /// (never on the cooperative threads that answer requests), the current epoch's key is made
    /// before the others, and each key is offered to the store as soon as it exists.
    /// - Throws: as ``publicKeyDER()``.
    public func prepareKeys(through last: Int64) async throws(IssuanceError) {
        let first = keyring.currentEpoch
        guard last >= first else { return }
        if !keyring.hasKey(epoch: first) { try await keyMaker.run(through: first, making: makeKeys(through:)) }
        guard !(first...last).allSatisfy({ keyring.hasKey(epoch: $0) }) else { return }
        try await keyMaker.run(through: last, making: makeKeys(through:))
    }

    /// One run of ``prepareKeys(through:)``: the store's keys, then each missing one made and offered.
    @Sendable func makeKeys(through last: Int64) async throws(IssuanceError) {
        let first = keyring.currentEpoch
        guard last >= first else { return }
        let range = first...last
        do {
            try keyring.install(privateKeysDER: try await store.epochKeys(in: range))
            for epoch in range where epoch >= keyring.currentEpoch && !keyring.hasKey(epoch: epoch) {
                // Another node may have stored it while this one made the previous key.
                if epoch > first { try keyring.install(privateKeysDER: try await store.epochKeys(in: epoch...epoch)) }
                guard !keyring.hasKey(epoch: epoch) else { continue }
                let key = try await keyMaker.generate(bits: keyring.keySizeBits)
                try keyring.install(privateKeysDER: try await store.storeEpochKeys([epoch: key]))
            }
        } catch let error as TokenError {
            throw .token(error)
        } catch let error as ServerStoreError {
            throw .storage(error)
        } catch {
            throw .storage(ServerStoreError(.database("\(error)"), operation: "epochKeys.prepare"))
        }
    }
}

/// Runs an engine's key making once at a time, with RSA generation on a serial Dispatch queue of
/// its own: at most one core per engine, and no cooperative thread held for the seconds a day of
/// keys takes. A caller whose epochs the running run covers waits for it; one asking for more
/// runs after it.
final class EpochKeyMaker: Sendable {
    private struct Run {
        var id: Int
        var through: Int64
        var task: Task<Void, any Error>
    }

    private let runs = Mutex<(count: Int, latest: Run?)>((0, nil))
    private let queue = DispatchQueue(label: "loci.tidepool.epoch-keys", qos: .utility)
    private let generated = Atomic<Int>(0)

    /// How many keys this maker has generated (what single flight keeps to one per epoch).
    var made: Int { generated.load(ordering: .relaxed) }

    /// Waits for a run of `body` covering epochs through `last`: the latest run when it covers
    /// them, else a new one started after it.
    func run(
        through last: Int64, making body: @escaping @Sendable (Int64) async throws(IssuanceError) -> Void
    ) async throws(IssuanceError) {
        let task = runs.withLock { held -> Task<Void, any Error> in
            if let latest = held.latest, latest.through >= last { return latest.task }
            let previous = held.latest?.task
            held.count += 1
            let id = held.count
            let task = Task { [self] in
                defer { runs.withLock { if $0.latest?.id == id { $0.latest = nil } } }
                _ = try? await previous?.value
                try await body(last)
            }
            held.latest = Run(id: id, through: last, task: task)
            return task
        }
        do { try await task.value } catch let error as IssuanceError { throw error } catch {
            throw .storage(ServerStoreError(.database("\(error)"), operation: "epochKeys.prepare"))
        }
    }

    /// A new private key (DER) of `bits` bits, made on the key queue.
    func generate(bits: Int) async throws(TokenError) -> Data {
        let made: Result<Data, TokenError> = await withCheckedContinuation { continuation in
            queue.async { [self] in
                generated.add(1, ordering: .relaxed)
                continuation.resume(returning: Result { () throws(TokenError) in
                    try EpochKeyring.generatePrivateKeyDER(bits: bits)
                })
            }
        }
        return try made.get()
    }
}
