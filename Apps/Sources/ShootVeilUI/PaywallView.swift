import IdentifyKit
import ShootVeilFeature
import SwiftUI

/// The paywall: the month's allowance, the products on sale, purchase and restore, and Try
/// again when the products could not be loaded.
struct PaywallView: View {
    let model: PaywallModel

    var body: some View {
        NavigationStack {
            List {
                Section {
                    Text(verbatim: ShootVeilCopy.allowance(freeRemaining: model.freeRemaining, entitlement: model.entitlement))
                    Text("Identify without a monthly limit. Everything still works offline and stays on this iPhone.")
                        .foregroundStyle(.secondary)
                }
                Section {
                    ForEach(model.products, id: \.id) { product in
                        Button {
                            Task { await model.purchase(product.id) }
                        } label: {
                            LabeledContent {
                                Text(verbatim: product.displayPrice)
                            } label: {
                                Text(verbatim: product.displayName)
                            }
                        }
                        .accessibilityHint("Buys it through the App Store.")
                        .disabled(model.activity != .idle)
                    }
                }
                Section {
                    Button("Restore purchases") { Task { await model.restore() } }
                    let activity = ShootVeilCopy.paywallActivity(model.activity)
                    if !activity.isEmpty {
                        Text(verbatim: activity).foregroundStyle(.secondary)
                    }
                    if model.offersReload {
                        Button("Try again") { Task { await model.load() } }
                    }
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
