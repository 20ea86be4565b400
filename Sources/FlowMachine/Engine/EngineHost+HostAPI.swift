extension EngineHost {
    /// What was typed into the current screen's field named `field` (nil: nothing, or no such field here).
    @inlinable public func engineInput(_ field: String) -> FieldInput? {
        let entry = tables.screens[Int(engine.screenNumber)]
        for index in Int(entry.fieldStart)..<Int(entry.fieldEnd) where tables.strings[Int(tables.fields[index].name)] == field {
            return engine.inputs[index]
        }
        return nil
    }

    /// The length of a running timer: read from the state when the flows keep it there, else the table's.
    @inlinable public func engineTimerMilliseconds(_ timer: ActiveTimer) -> Int {
        guard tables.timers.indices.contains(Int(timer.timer)) else { return 0 }
        // Reading a length may mutate a host (the interpreter caches what it evaluates): read it on a copy.
        var reader = self
        return ((try? reader.timerLength(timer.timer)) ?? nil) ?? tables.timers[Int(timer.timer)].milliseconds
    }
}
