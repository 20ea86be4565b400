extension EngineHost {
    /// What was typed into the current screen's field named `field` (nil: nothing, or no such field here).
    @inlinable public func engineInput(_ field: String) -> FieldInput? {
        let entry = tables.screens[Int(engine.screenNumber)]
        for index in Int(entry.fieldStart)..<Int(entry.fieldEnd) where tables.strings[Int(tables.fields[index].name)] == field {
            return engine.inputs[index]
        }
        return nil
    }
}
