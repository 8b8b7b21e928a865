import AVFoundation
import IdentifyKit
import ShootVeilFeature
import SwiftUI

/// The viewfinder: the camera, the tap marker, the failures and status lines with their fixes,
/// the calibration prompt, the allowance, and the candidates sheet and paywall the model asks
/// for. With VoiceOver the preview is one element whose action identifies its centre; haptics
/// follow the model's counters (a result: success; nothing found or a failure: warning).
public struct ViewfinderView: View {
    let model: ViewfinderModel
    let session: AVCaptureSession
    let onLayer: @MainActor (AVCaptureVideoPreviewLayer) -> Void
    @State private var showingHistory = false
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

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
                .accessibilityElement()
                .accessibilityLabel("Camera viewfinder")
                .accessibilityHint("Double-tap to identify what is at the centre of the view.")
                .accessibilityAddTraits(.isButton)
                .accessibilityAction { Task { await model.tapCentre() } }
            if let marker = model.phase.marker {
                TapMarker(working: model.phase.isWorking)
                    .position(x: marker.x, y: marker.y)
                    .allowsHitTesting(false)
                    .transition(reduceMotion ? .opacity : .scale.combined(with: .opacity))
            }
            VStack(spacing: 8) {
                ForEach(model.failureNotices, id: \.failure) { notice in
                    ViewfinderNotice(message: notice.message, fixTitle: notice.fixTitle, fix: notice.failure.fix) {
                        Task { await model.resolve(notice.failure) }
                    }
                }
                if let calibration = model.calibrationNotice {
                    ViewfinderNotice(
                        message: calibration, fixTitle: nil, fix: nil, systemImage: "location.north.line", perform: {})
                }
                if let status = model.statusLine {
                    ViewfinderNotice(
                        message: status, fixTitle: model.statusFix.map { ShootVeilCopy.fix($0) }, fix: model.statusFix,
                        systemImage: "scope", perform: {})
                }
                Spacer()
                if let chip = model.aircraftChip {
                    Text(verbatim: chip)
                        .font(.caption)
                        .padding(.horizontal, 8)
                        .padding(.vertical, 4)
                        .background(.thinMaterial, in: Capsule())
                }
                ViewfinderControls(model: model, showHistory: { showingHistory = true })
                Text(verbatim: model.allowanceLine)
                    .font(.footnote)
                    .padding(8)
                    .background(.thinMaterial, in: Capsule())
            }
            .padding()
        }
        .animation(reduceMotion ? nil : .easeOut(duration: 0.2), value: model.phase.marker)
        .sensoryFeedback(.success, trigger: model.identifiedCount)
        .sensoryFeedback(.warning, trigger: model.missedCount)
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
    var id: String { "\(value.marker.x),\(value.marker.y),\(value.direction.azimuth)" }  // not-copy: an identity
}

/// A notice over the viewfinder (a failure, the status line, the calibration prompt): the
/// model's sentence (already in the person's language) and its fix, if any: Open Settings (the
/// system's page for ShootVeil) or the model's Try again / OK.
struct ViewfinderNotice: View {
    let message: String
    let fixTitle: String?
    let fix: FailureFix?
    var systemImage = "exclamationmark.triangle"  // not-copy: an SF Symbol name
    let perform: () -> Void
    @Environment(\.openURL) private var openURL

    var body: some View {
        ViewThatFits(in: .horizontal) {
            HStack(alignment: .firstTextBaseline, spacing: 12) { content }
            VStack(alignment: .leading, spacing: 8) { content }
        }
        .padding(12)
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12, style: .continuous))
        .accessibilityElement(children: .contain)
    }

    @ViewBuilder private var content: some View {
        Label {
            Text(verbatim: message).font(.subheadline).fixedSize(horizontal: false, vertical: true)
        } icon: {
            Image(systemName: systemImage).foregroundStyle(.secondary)
        }
        if let fixTitle, let fix {
            Button {
                if fix == .openSettings {
                    if let settings = URL(string: UIApplication.openSettingsURLString) { openURL(settings) }
                } else {
                    perform()
                }
            } label: {
                Text(verbatim: fixTitle).font(.subheadline.weight(.semibold))
            }
            .buttonStyle(.bordered)
        }
    }
}

/// The ring drawn where the user tapped; it pulses while the tap is worked on, unless Reduce
/// Motion is on (then the spinner alone says so).
struct TapMarker: View {
    let working: Bool
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var pulsing = false

    var body: some View {
        ZStack {
            Circle().stroke(.white, lineWidth: 2).frame(width: 44, height: 44)
                .scaleEffect(working && pulsing && !reduceMotion ? 1.15 : 1)
            Circle().fill(.white).frame(width: 6, height: 6)
            if working { ProgressView().offset(y: 36) }
        }
        .shadow(radius: 2)
        .accessibilityHidden(true)
        .onAppear {
            guard !reduceMotion else { return }
            withAnimation(.easeInOut(duration: 0.6).repeatForever(autoreverses: true)) { pulsing = true }
        }
    }
}

/// The row above the allowance: history, the shutter (a still photo, identified at its centre),
/// the zoom (tap to go back to 1×). Stacked vertically at the accessibility text sizes.
struct ViewfinderControls: View {
    let model: ViewfinderModel
    let showHistory: () -> Void
    @Environment(\.dynamicTypeSize) private var typeSize
    @ScaledMetric(relativeTo: .largeTitle) private var shutterSize = 56

    var body: some View {
        let layout = typeSize.isAccessibilitySize ? AnyLayout(VStackLayout(spacing: 12)) : AnyLayout(HStackLayout(spacing: 24))
        layout {
            Button(action: showHistory) {
                Image(systemName: "clock.arrow.circlepath").font(.title2)
            }
            .accessibilityLabel("History")
            .accessibilityHint("Shows your past identifications.")
            Button {
                Task { await model.captureStill() }
            } label: {
                Image(systemName: "circle.inset.filled")
                    .resizable()
                    .frame(width: shutterSize, height: shutterSize)
            }
            .accessibilityLabel("Identify")
            .accessibilityHint("Takes a photo and identifies what is at its centre.")
            .disabled(model.phase.isWorking)
            Button {
                Task { await model.setZoom(1) }
            } label: {
                Text(verbatim: model.zoomLine).font(.footnote.monospacedDigit())
            }
            .accessibilityLabel("Zoom")
            .accessibilityValue(Text(verbatim: model.zoomLine))
            .accessibilityHint("Goes back to 1×. Pinch the viewfinder to zoom.")
        }
        .foregroundStyle(.white)
        .padding(.horizontal, 16)
        .padding(.vertical, 8)
        .background(.thinMaterial, in: Capsule())
    }
}
