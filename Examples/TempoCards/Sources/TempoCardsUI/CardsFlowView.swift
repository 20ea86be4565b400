#if canImport(SwiftUI)
import FlowMachine
import SwiftUI
import TempoCards

/// Tempo's card controls in SwiftUI: one view per screen. The machine's navigation drives the UI: its back stack
/// is the `NavigationStack`'s path and WAL-011 (`presentation: modal`) is the sheet, both bound to the model
/// (`$model.path`, `$model.sheet`). A swipe back or the sheet pulled down is sent to the machine as `back`; where a
/// screen has `back: blocked` the machine refuses it and the pop is undone. Every tap is an event sent to the model,
/// every text field writes into the machine's form, and the messages under fields are the flows'.
///
/// ```swift
/// CardsFlowView(model: FlowModel(FlowDriver(try CardsMachine(), services: LiveCardsServices())))
/// ```
@available(iOS 17.0, macOS 14.0, *)
public struct CardsFlowView: View {
    @State private var model: FlowModel<CardsMachine>

    public init(model: FlowModel<CardsMachine>) { _model = State(initialValue: model) }

    public var body: some View {
        NavigationStack(path: $model.path) {
            screen(model.navigation.root)
                .navigationDestination(for: CardsScreen.self) { pushed in
                    // Where the machine refuses back, the back button is hidden (a swipe back is undone anyway).
                    screen(pushed).navigationBarBackButtonHidden(pushed == model.screen && !model.canGoBack)
                }
        }
        .sheet(item: $model.sheet) { sheet in
            screen(sheet.screen).interactiveDismissDisabled(sheet.backBlocked)
        }
        .task { model.start() }
    }

    @ViewBuilder
    private func screen(_ screen: CardsScreen) -> some View {
        switch screen {
        case .wal008b: HubView(model: model)
        case .wal011: FreezeConfirmView(model: model)
        case .wal013a: PayView(model: model)
        case .wal013b: AddressView(model: model)
        case .wal013c: ChangeAddressView(model: model)
        case .wal013d: StepView(model: model, text: "Avoid 1234, 0000, your birth year and obvious sequences.", button: "Continue", event: .tapContinue)
        case .wal013e: PinView(model: model, field: .pin)
        case .wal013f: PinView(model: model, field: .pinConfirm)
        case .wal013g: StepView(model: model, text: "The PINs don't match.", button: "Try again", event: .tapTryAgain)
        case .wal013h: StepView(model: model, text: model.machine.texts()[.expectedDelivery] ?? "", button: "Done", event: .tapDone)
        }
    }
}

@available(iOS 17.0, macOS 14.0, *)
struct HubView: View {
    let model: FlowModel<CardsMachine>
    var body: some View {
        let frozen = model.machine.variant() == .frozen
        List {
            Label(frozen ? "FROZEN" : "Virtual card · Active", systemImage: frozen ? "snowflake" : "creditcard")
            Toggle("Freeze card", isOn: Binding(get: { frozen }, set: { _ in model.send(.toggleFreeze) }))
            Button("Order Physical Card") { model.send(.tapOrderPhysicalCard) }
        }
        .navigationTitle(CardsScreen.wal008b.name)
    }
}

@available(iOS 17.0, macOS 14.0, *)
struct FreezeConfirmView: View {
    let model: FlowModel<CardsMachine>
    var body: some View {
        VStack(spacing: 16) {
            Text("Freezing instantly blocks all transactions.")
            Button("Freeze") { model.send(.tapFreeze) }.buttonStyle(.borderedProminent)
            Button("Cancel") { model.send(.tapCancel) }
        }
        .padding()
    }
}

@available(iOS 17.0, macOS 14.0, *)
struct PayView: View {
    let model: FlowModel<CardsMachine>
    var body: some View {
        Form {
            Picker("Pay £4.99 with", selection: Binding(get: { model.text(of: .payWith) }, set: { model.fill(.payWith, text: $0) })) {
                Text("My Tempo balance").tag(CardsPayWith.balance.rawValue)
                Text("Another card").tag(CardsPayWith.otherCard.rawValue)
            }
            FieldMessage(text: model.message(for: .payWith))
            Button("Continue") { model.send(.tapContinue) }
        }
        .navigationTitle(CardsScreen.wal013a.name)
    }
}

@available(iOS 17.0, macOS 14.0, *)
struct AddressView: View {
    let model: FlowModel<CardsMachine>
    var body: some View {
        Form {
            Text(model.machine.state.deliveryAddress ?? "No address on file")
            Button("Confirm address") { model.send(.tapConfirmAddress) }
                .disabled(model.machine.variant() == .noAddress)
            Button("Change address") { model.send(.tapChangeAddress) }
        }
        .navigationTitle(CardsScreen.wal013b.name)
    }
}

@available(iOS 17.0, macOS 14.0, *)
struct ChangeAddressView: View {
    let model: FlowModel<CardsMachine>
    var body: some View {
        Form {
            TextField("Postcode", text: Binding(get: { model.text(of: .postcode) }, set: { model.fill(.postcode, text: $0) }))
            FieldMessage(text: model.message(for: .postcode))
            Button("Find address") { model.send(.tapFindAddress) }
            ForEach(model.machine.state.addressResults, id: \.self) { address in
                Button(address) { model.send(.addressSelected(address: address)) }
            }
        }
        .navigationTitle(CardsScreen.wal013c.name)
    }
}

@available(iOS 17.0, macOS 14.0, *)
struct PinView: View {
    let model: FlowModel<CardsMachine>
    let field: CardsField
    var body: some View {
        Form {
            SecureField("6-digit PIN", text: Binding(get: { model.text(of: field) }, set: { pin in
                model.fill(field, text: pin)
                // The keypad submits by itself once 6 digits are in.
                if pin.count == 6 { model.send(.pinEntered) }
            }))
            FieldMessage(text: model.message(for: field))
        }
        .navigationTitle(model.screen.name)
    }
}

@available(iOS 17.0, macOS 14.0, *)
struct StepView: View {
    let model: FlowModel<CardsMachine>
    let text: String
    let button: String
    let event: CardsEvent
    var body: some View {
        VStack(spacing: 16) {
            Text(text)
            Button(button) { model.send(event) }.buttonStyle(.borderedProminent)
        }
        .padding()
        .navigationTitle(model.screen.name)
    }
}

/// The flows' message for a field, in red, when it has one.
struct FieldMessage: View {
    let text: String?
    var body: some View {
        if let text { Text(text).foregroundStyle(.red).font(.footnote) }
    }
}
#endif
