/// The API version of this FlowMachine, as generated code checks it (see `FlowCodegen.FlowMachineAPI`).
///
/// A generated module declares a type conforming to `FlowMachineAPIVersion3`; built against a
/// FlowMachine without that protocol it stops at that line instead of misbehaving at run time.
/// When generated code needs a change here, the next version adds `FlowMachineAPIVersion4` and
/// drops this one. Version 2: typed names (`FlowName`), `FlowEffect`, the services protocol and `FlowDriver`.
/// Version 3: navigation (`canGoBack`, `FlowNavigation`), reads that never throw (`computeVariant()`, `computeTexts()`,
/// `readFailure()`), events by name that throw `FlowEventError` (`EventPayload`).
public protocol FlowMachineAPIVersion3 {}
