// Part of FlowMachine, the runtime library every generated module imports.

// The values (`Money`, `CalendarDate`, `Timestamp`), the currency and locale tables and their helpers live one module
// down, in FlowValues, so that flowc's expression language can use them without depending on the runtime. Generated
// code and the apps that host it keep importing FlowMachine alone: it hands FlowValues on, its `Generated` helpers
// included.
@_exported @_spi(Generated) import FlowValues
