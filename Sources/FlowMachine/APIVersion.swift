/// The API version of this FlowMachine, as generated code checks it (see `FlowCodegen.FlowMachineAPI`).
///
/// A generated module declares a type conforming to `FlowMachineAPIVersion1`; built against a
/// FlowMachine without that protocol it stops at that line instead of misbehaving at run time.
/// When generated code needs a change here, the next version adds `FlowMachineAPIVersion2` and
/// drops this one.
public protocol FlowMachineAPIVersion1 {}
