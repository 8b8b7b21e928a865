import IdentifyKit
import ShootVeilFeature
import SwiftUI

/// The paywall: the month's allowance, the products on sale, purchase and restore.
struct PaywallView: View {
    let model: PaywallModel

    var body: some View {
        NavigationStack {
            List {
                Section {
                    Text(ShootVeilCopy.allowance(freeRemaining: model.freeRemaining, entitlement: model.entitlement))
                    Text("Identify without a monthly limit. Everything still works offline and stays on this iPhone.")
                        .foregroundStyle(.secondary)
                }
                Section {
                    ForEach(model.products, id: \.id) { product in
                        Button {
                            Task { await model.purchase(product.id) }
                        } label: {
                            LabeledContent(product.displayName, value: product.displayPrice)
                        }
                        .disabled(model.activity != .idle)
                    }
                }
                Section {
                    Button("Restore purchases") { Task { await model.restore() } }
                    Text(PaywallCopy.activity(model.activity)).foregroundStyle(.secondary)
                }
            }
            .navigationTitle("ShootVeil Unlimited")
            // The month may have turned since the count was read.
            .onAppear { model.refreshRemaining() }
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Not now") { model.isPresented = false }
                }
            }
        }
    }
}

/// The paywall's activity line.
enum PaywallCopy {
    static func activity(_ activity: PaywallModel.Activity) -> String {
        switch activity {
        case .idle: ""
        case .purchasing: "Buying…"
        case .restoring: "Restoring…"
        case .pending: "Waiting for approval. You will be told when it goes through."
        case .failed(let reason): reason
        }
    }
}
