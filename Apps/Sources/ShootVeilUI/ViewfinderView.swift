import AVFoundation
import IdentifyKit
import LociUI
import ShootVeilFeature
import SwiftUI

/// The viewfinder: the camera, the tap marker, the status and calibration lines, the allowance,
/// and the candidates sheet and paywall the model asks for.
public struct ViewfinderView: View {
    let model: ViewfinderModel
    let session: AVCaptureSession
    let onLayer: @MainActor (AVCaptureVideoPreviewLayer) -> Void
    @State private var showingHistory = false

    /// A viewfinder over `model`, previewing `session`.
    public init(
        model: ViewfinderModel, session: AVCaptureSession,
        onLayer: @escaping @MainActor (AVCaptureVideoPreviewLayer) -> Void
    ) {
        self.model = model
        self.session = session
        self.onLayer = onLayer
    }

    public var body: some View {
        ZStack {
            CameraPreview(session: session, onLayer: onLayer)
                .ignoresSafeArea()
                .gesture(
                    SpatialTapGesture().onEnded { tap in
                        Task { await model.tap(at: PlanePoint(x: tap.location.x, y: tap.location.y)) }
                    })
                .simultaneousGesture(
                    MagnifyGesture()
                        .onChanged { value in Task { await model.pinch(Double(value.magnification)) } }
                        .onEnded { _ in model.endPinch() })
            if let marker = model.phase.marker {
                TapMarker(working: model.phase.isWorking)
                    .position(x: marker.x, y: marker.y)
                    .allowsHitTesting(false)
            }
            VStack(spacing: 8) {
                if let calibration = model.calibrationLine {
                    NoticeBanner(calibration + ". " + ShootVeilCopy.calibrationAdvice, systemImage: "location.north.line")
                }
                if let status = model.statusLine {
                    NoticeBanner(status, systemImage: "scope")
                }
                Spacer()
                ViewfinderControls(model: model, showHistory: { showingHistory = true })
                Text(model.allowanceLine)
                    .font(.footnote)
                    .padding(8)
                    .background(.thinMaterial, in: Capsule())
            }
            .padding()
        }
        .sheet(isPresented: $showingHistory) {
            HistoryView(
                model: model.history, openInMaps: { card in Task { await model.openInMaps(card) } },
                stillFile: { model.stillFile($0) },
                identifyAgain: { file, entry in
                    showingHistory = false
                    Task { await model.identifyPhoto(file, pitch: entry.pitch, roll: entry.roll) }
                })
        }
        .sheet(item: resultBinding) { result in
            CandidatesSheet(result: result.value, openInMaps: { card in Task { await model.openInMaps(card) } })
                .presentationDetents([.medium, .large])
        }
        .sheet(isPresented: paywallBinding) {
            PaywallView(model: model.paywall)
        }
    }

    private var paywallBinding: Binding<Bool> {
        Binding(get: { model.paywall.isPresented }, set: { model.paywall.isPresented = $0 })
    }

    private var resultBinding: Binding<IdentifiedResult?> {
        Binding(
            get: { model.phase.result.map(IdentifiedResult.init) },
            set: { if $0 == nil { model.dismiss() } })
    }
}

/// The sheet's item: a result with an identity for `.sheet(item:)`.
struct IdentifiedResult: Identifiable {
    let value: IdentificationResult
    var id: String { "\(value.marker.x),\(value.marker.y),\(value.direction.azimuth)" }
}

/// The ring drawn where the user tapped.
struct TapMarker: View {
    let working: Bool

    var body: some View {
        ZStack {
            Circle().stroke(.white, lineWidth: 2).frame(width: 44, height: 44)
            Circle().fill(.white).frame(width: 6, height: 6)
            if working { ProgressView().offset(y: 36) }
        }
        .shadow(radius: 2)
    }
}

/// The row above the allowance: history, the shutter (a still photo, identified at its centre),
/// the zoom (tap to go back to 1×) and where the last aircraft came from.
struct ViewfinderControls: View {
    let model: ViewfinderModel
    let showHistory: () -> Void

    var body: some View {
        HStack(spacing: 24) {
            Button(action: showHistory) {
                Image(systemName: "clock.arrow.circlepath").font(.title2)
            }
            .accessibilityLabel("History")
            Button {
                Task { await model.captureStill() }
            } label: {
                Image(systemName: "circle.inset.filled").font(.system(size: 56))
            }
            .accessibilityLabel("Take a photo and identify its centre")
            .disabled(model.phase.isWorking)
            Button {
                Task { await model.setZoom(1) }
            } label: {
                Text(String(format: "%.1f×", model.zoom)).font(.footnote.monospacedDigit())
            }
            .accessibilityLabel("Zoom \(String(format: "%.1f", model.zoom)) times; tap for 1×")
        }
        .foregroundStyle(.white)
        .padding(.horizontal, 16)
        .padding(.vertical, 8)
        .background(.thinMaterial, in: Capsule())
        .overlay(alignment: .topTrailing) {
            if !model.aircraftStatus.word.isEmpty {
                Text("Aircraft: \(model.aircraftStatus.word)")
                    .font(.caption2)
                    .padding(4)
                    .background(.thinMaterial, in: Capsule())
                    .offset(y: -24)
            }
        }
    }
}
