import Testing
import TidepoolEpochs
import TidepoolFeature

/// The server publishes keys as far ahead as a phone fetches its day's batch, so one issuance
/// covers the whole day (a second, later batch would be a second timing signal).
@Suite("Key horizon and batch lead")
struct BatchHorizonTests {
    @Test("the engine's batch lead is the phone's fetch lead (loci serve's default horizon: ServeProcessTests)")
    func horizon() {
        #expect(Double(TidepoolEngine.batchLeadSeconds) == ReportingModel.Configuration().fetchLeadSeconds)
    }
}
